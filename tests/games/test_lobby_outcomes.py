"""The lobby says who won each finished duel, and how."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import challenges, clocks, moves
from games.models import Duel


def _duel(alice, bob, deck) -> Duel:
    duel = challenges.create_duel(alice.user, deck=deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, deck)
    return Duel.objects.get(pk=duel.pk)


@pytest.mark.django_db
def test_each_finished_duel_says_who_won_and_how(client, make_player, starter_deck):
    alice, bob = make_player("alice"), make_player("bob")
    resigned = _duel(alice, bob, starter_deck)
    moves.resign(alice.user, resigned.pk)
    timed_out = _duel(alice, bob, starter_deck)
    late = ("alice", "bob")[timed_out.to_move]
    Duel.objects.filter(pk=timed_out.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    clocks.enforce_deadlines()
    won = _duel(alice, bob, starter_deck)
    Duel.objects.filter(pk=won.pk).update(status=Duel.Status.FINISHED, winner=1, result=Duel.Result.PLAY)
    drawn = _duel(alice, bob, starter_deck)
    Duel.objects.filter(pk=drawn.pk).update(status=Duel.Status.FINISHED, winner=None, result=Duel.Result.PLAY)
    playing = _duel(alice, bob, starter_deck)
    client.force_login(bob.user)

    rows = {
        duel_id: row
        for row in client.get("/duels/").content.decode().split("<tr>")
        if row.startswith("<td>")
        for duel_id in [int(row.split('href="/duels/', 1)[1].split("/", 1)[0])]
    }

    on_time = "bob" if late == "alice" else "alice"
    assert "alice resigned: bob won" in rows[resigned.pk]
    assert f"{late} ran out of time: {on_time} won" in rows[timed_out.pk]
    assert "bob won in play" in rows[won.pk]
    assert "A draw" in rows[drawn.pk]
    assert "In play" in rows[playing.pk] and " won" not in rows[playing.pk]
    assert f'href="/duels/{resigned.pk}/replay/"' in rows[resigned.pk]
    # each row names both players in seat order (the challenger sits first)
    assert all("<td>alice vs bob</td>" in row for row in rows.values())
    assert "alice vs bob" in client.get(f"/duels/{resigned.pk}/replay/").content.decode()


@pytest.mark.django_db
def test_each_duel_waiting_for_me_says_when_my_move_is_due_and_how_long_is_left(
    client, make_player, starter_deck
):
    alice, bob = make_player("alice"), make_player("bob")
    duel = _duel(alice, bob, starter_deck)
    mover = (alice, bob)[duel.to_move]
    deadline = (timezone.now() + timedelta(days=2, hours=3, minutes=30)).replace(second=0, microsecond=0)
    Duel.objects.filter(pk=duel.pk).update(deadline=deadline)
    finished = _duel(alice, bob, starter_deck)
    moves.resign(alice.user, finished.pk)
    client.force_login(mover.user)

    html = client.get("/duels/").content.decode()

    waiting = html.split('id="h-turn"', 1)[1].split("</section>", 1)[0]
    assert f'<a href="/duels/{duel.pk}/">Duel #{duel.pk}: alice vs bob</a>' in waiting
    # the deadline in UTC, as the board states it, and the time left in words
    assert f"move by {deadline:%-d %b %Y %H:%M} UTC (2\xa0days, 3\xa0hours left)" in waiting
    rows = html.split('id="h-mine"', 1)[1].split("</table>", 1)[0].split("<tr>")
    playing = next(row for row in rows if f'href="/duels/{duel.pk}/"' in row)
    over = next(row for row in rows if f'href="/duels/{finished.pk}/"' in row)
    assert "<td>2\xa0days, 3\xa0hours left</td>" in playing and "<td>In play</td>" in playing
    assert "<td>—</td>" in over and f'<a href="/duels/{finished.pk}/replay/">replay</a>' in over


@pytest.mark.django_db
def test_each_challenge_names_its_challenger_and_pace_and_both_forms_offer_the_same_decks(
    client, make_player, starter_deck
):
    from games.actions.decks import save_deck

    me, rival = make_player("me").user, make_player("rival").user
    mine = save_deck(me, "My <b>own</b> deck", starter_deck.pregame, starter_deck.endurance)
    open_one = challenges.create_duel(rival, deck=starter_deck, days_per_move=7)  # open to anyone
    to_me = challenges.create_duel(rival, deck=starter_deck, opponent=me, days_per_move=1)
    client.force_login(me)

    html = client.get("/duels/").content.decode()

    # who challenges, at what pace, and the forms that answer each challenge
    assert "rival challenges you (1 day per move)." in html and "rival — 7 days per move" in html
    assert f'action="/duels/{to_me.pk}/accept/"' in html and f'action="/duels/{to_me.pk}/decline/"' in html
    assert f'action="/duels/{open_one.pk}/accept/"' in html and f"/duels/{open_one.pk}/decline/" not in html

    selects = [part.split("</select>", 1)[0] for part in html.split('<select name="deck">')[1:]]
    assert len(selects) == 2 and selects[0] == selects[1]
    own = f'<option value="{mine.pk}">My &lt;b&gt;own&lt;/b&gt; deck</option>'  # a name is text, not markup
    separator = '<option value="" disabled>──</option>'
    ready = f'<option value="{starter_deck.pk}">{starter_deck.name} (ready-made)</option>'
    assert selects[0].index(own) < selects[0].index(separator) < selects[0].index(ready)
