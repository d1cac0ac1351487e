"""The board page, as a player sees it without JavaScript."""

from __future__ import annotations

import random
import re
import uuid
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

import rules
from games import boards, selectors
from games.actions import challenges, moves
from games.models import Duel, Event, Move


@pytest.mark.django_db
def test_the_board_shows_the_hand_linked_to_the_catalogue_and_the_legal_actions_as_buttons(
    client, make_player, starter_deck
):
    call_command("import_cards", str(settings.BASE_DIR / "cards" / "data" / "catalogue.json"), verbosity=0)
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    duel = Duel.objects.get(pk=duel.pk)
    mover = alice if duel.to_move == 0 else bob
    client.force_login(mover.user)

    page = client.get(f"/duels/{duel.pk}/").content.decode()

    view = mover.duel(duel.pk)
    for card in view["view"]["you"]["hand"]:
        if card["key"].endswith("-generic"):  # the engine's stand-in dodges are named, not linked
            assert f'href="/cards/{card["key"]}/"' not in page
            assert "the rules engine&#x27;s stand-in" in page, "named, with a word on what it is"
        else:
            assert f'href="/cards/{card["key"]}/"' in page
    for action in view["legal_actions"]:
        assert f">{action['label']}</button>" in page.replace("&#x27;", "'")
    assert f"move by {duel.deadline:%-d %b}" in page
    assert duel.seed_commitment in page and duel.seed not in page
    # Each button posts a plain form: no JavaScript needed.
    assert page.count(f'action="/duels/{duel.pk}/move/"') == len(view["legal_actions"])
    # ... with the CSRF token, the version it was chosen at and a key of its own (a double click
    # or a resend is one move, two buttons are two)
    forms = re.findall(rf'<form method="post" action="/duels/{duel.pk}/move/".*?</form>', page, re.S)
    keys = [re.search(r'name="key" value="([0-9a-f]{32}-\d+)"', form).group(1) for form in forms]
    assert len(set(keys)) == len(forms) == len(view["legal_actions"])
    assert all(f'name="version" value="{duel.version}"' in form for form in forms)
    assert all(re.search(r'name="csrfmiddlewaretoken" value="\w{32,}"', form) for form in forms)


@pytest.mark.django_db
def test_the_polling_board_answers_204_until_the_duel_changes(client, make_player, starter_deck):
    """htmx asks every few seconds; nothing is re-sent while nothing happened."""
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    duel.refresh_from_db()
    client.force_login(alice.user)

    same = client.get(f"/duels/{duel.pk}/board/?since={duel.version}")
    changed = client.get(f"/duels/{duel.pk}/board/?since={duel.version - 1 if duel.version else 99}")

    assert same.status_code == 204 and same.content == b""
    assert changed.status_code == 200 and 'id="board"' in changed.content.decode()


@pytest.mark.django_db
def test_the_event_log_shows_the_latest_events_first_each_with_its_rule(client, make_player, starter_deck):
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    # into the third turn with more than six events, however the decks were shuffled
    _play_randomly(
        duel,
        (alice, bob),
        random.Random(7),
        until=lambda duel: duel.turn >= 3 and len(boards.board_seen_by(duel.pk, alice.user.pk).events()) > 6,
    )
    client.force_login(alice.user)

    page = client.get(f"/duels/{duel.pk}/").content.decode().replace("&#x27;", "'")

    log = page[page.index('id="h-log"') :]
    assert "latest first" in log
    entries = re.findall(
        r'<li><span class="muted">T(\d+)</span> (.*?) <span class="rule"[^>]*>(.*?)</span></li>', log
    )
    seen_by_alice = boards.board_seen_by(duel.pk, alice.user.pk).events()
    assert len(entries) == len(seen_by_alice) > 6
    turns = [int(turn) for turn, _, _ in entries]
    assert turns == sorted(turns, reverse=True) and turns[0] > turns[-1], "the latest turn comes first"
    newest = seen_by_alice[-1]
    assert entries[0][1:] == (newest["text"], newest["rule"])


@pytest.mark.django_db
def test_the_board_says_each_message_once_and_shows_no_internal_counter(client, make_player, starter_deck):
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    client.force_login(alice.user)

    page = client.post(f"/duels/{duel.pk}/resign/", follow=True).content.decode()

    assert page.count("You resigned.") == 1
    duel.refresh_from_db()
    assert f"version {duel.version}" not in page


@pytest.mark.django_db
def test_give_time_is_offered_against_a_person_and_not_against_a_bot(client, make_player, starter_deck):
    """More time only helps a person: a bot answers at once and has no clock to extend."""
    alice, bob = make_player("alice"), make_player("bob")
    client.force_login(alice.user)
    against_bot = challenges.create_duel(alice.user, deck=starter_deck, bot="random")
    against_bob = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, against_bob.pk, starter_deck)
    against_bob.refresh_from_db()
    if against_bob.to_move == 0:  # alice moves first: give bob the move so she may give him time
        state = rules.Duel.from_json(against_bob.state)
        while state.to_move == 0:
            move = moves.submit_move(
                alice.user, against_bob.pk, version=against_bob.version,
                actions=[state.legal_actions()[-1].to_json()], key=uuid.uuid4().hex,
            )  # fmt: skip
            moves.resolve_move(move.move.pk)
            against_bob.refresh_from_db()
            state = rules.Duel.from_json(against_bob.state)

    assert "Give time" in client.get(f"/duels/{against_bob.pk}/").content.decode()
    assert "Give time" not in client.get(f"/duels/{against_bot.pk}/").content.decode()


@pytest.mark.django_db
def test_each_board_shows_its_own_duel_and_hand_whichever_was_read_first(client, make_player, starter_deck):
    """The board's reads are prepared once per process (config.compiled, the duel's statement):
    boards of two duels, read in turn by each of their players, must each show that duel's
    version and that player's own hand, and a duel that does not exist answers as a stranger's
    does (404)."""
    players = [make_player(name) for name in ("ann", "ben", "cat", "dan")]
    duels = []
    for first, second in ((players[0], players[1]), (players[2], players[3])):
        duel = challenges.create_duel(first.user, deck=starter_deck, opponent=second.user)
        challenges.accept_duel(second.user, duel.pk, starter_deck)
        duels.append((Duel.objects.get(pk=duel.pk), first, second))
    for duel, *seated in duels * 2:
        for seat_index, player in enumerate(seated):
            client.force_login(player.user)
            page = client.get(f"/duels/{duel.pk}/").content.decode()
            hand = player.duel(duel.pk)["view"]["you"]["hand"]
            assert f'data-version="{duel.version}"' in page and f'hx-get="/duels/{duel.pk}/' in page
            seen = selectors.player_view(selectors.duel_seen_by(duel.pk), seat_index)
            assert [card["key"] for card in seen["view"]["you"]["hand"]] == [card["key"] for card in hand]
            assert [seat.user_id for seat in selectors.duel_seen_by(duel.pk).seats.all()] == [
                seat.user_id
                for seat in selectors.with_players(Duel.objects.filter(pk=duel.pk)).get().seats.all()
            ]
    stranger = make_player("eve")
    client.force_login(stranger.user)
    assert client.get(f"/duels/{duels[0][0].pk}/").status_code == 404
    assert client.get(f"/duels/{duels[1][0].pk + 1000}/").status_code == 404
    assert selectors.duel_seen_by(duels[1][0].pk + 1000) is None


@pytest.mark.django_db
def test_a_pile_names_each_card_once_with_its_count_and_twins_apart():
    """A discard pile runs to dozens of cards; a player counting what the opponent has spent reads
    each card once with how many of it. Twins ("Twist Of The Blade", unblockable and undodgeable)
    are two cards and are named apart, as the hand names them."""
    from django.template import Context, Template

    call_command("import_cards", str(settings.BASE_DIR / "cards" / "data" / "catalogue.json"), verbosity=0)
    twist = "Twist Of The Blade"
    pile = [
        {"id": "c1", "key": "twist-of-the-blade-unblockable", "name": twist},
        {"id": "c2", "key": "run-down", "name": "Run Down"},
        {"id": "c3", "key": "twist-of-the-blade-undodgeable", "name": twist},
        {"id": "c4", "key": "twist-of-the-blade-unblockable", "name": twist},
        {"id": "c5", "key": "run-down", "name": "Run Down"},
        {"id": "c6", "key": "twist-of-the-blade-unblockable", "name": twist},
    ]

    html = Template("{% load duel_tags %}{% card_tally pile %}").render(Context({"pile": pile}))

    items = re.findall(r"<li>(.*?)</li>", html)
    assert [re.sub(r"<[^>]+>", "", item) for item in items] == [
        "Run Down ×\u00a02",  # the count never wraps apart from its sign
        "Twist Of The Blade (unblockable) ×\u00a03",
        "Twist Of The Blade (undodgeable)",
    ]
    assert 'href="/cards/twist-of-the-blade-undodgeable/"' in items[2], "each linked to its own card"


@pytest.mark.django_db
def test_the_board_shows_both_discard_piles_counted(client, make_player, starter_deck):
    call_command("import_cards", str(settings.BASE_DIR / "cards" / "data" / "catalogue.json"), verbosity=0)
    alice, bob = make_player("alice"), make_player("bob")

    def both_piles_hold_a_card_twice(duel) -> bool:
        seen = selectors.player_view(duel, 0)["view"]
        piles = [[card["key"] for card in seen[side]["discard"]] for side in ("you", "opponent")]
        return all(len(set(pile)) < len(pile) for pile in piles)

    # Each duel is dealt from a secret seed: now and then one ends before both piles hold a card
    # twice (it failed a CI run so). Another duel is dealt then, up to five.
    rng = random.Random(11)
    for _ in range(5):
        duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
        challenges.accept_duel(bob.user, duel.pk, starter_deck)
        _play_randomly(duel, (alice, bob), rng, until=both_piles_hold_a_card_twice, moves_at_most=400)
        if both_piles_hold_a_card_twice(duel):
            break
    assert both_piles_hold_a_card_twice(duel), "five duels ended before both piles held a card twice"
    client.force_login(alice.user)

    page = client.get(f"/duels/{duel.pk}/").content.decode().replace("&#x27;", "'")

    view = alice.duel(duel.pk)["view"]
    for side in (view["you"], view["opponent"]):
        assert f"<summary>Discard pile ({len(side['discard'])})</summary>" in page
        counts = {}
        for card in side["discard"]:
            counts[card["key"]] = counts.get(card["key"], 0) + 1
        repeated = max(counts, key=counts.get)
        assert counts[repeated] > 1
        assert re.search(rf'href="/cards/{repeated}/"[^>]*>[^<]*</a> ×\u00a0{counts[repeated]}</li>', page)


def _play_randomly(duel, players, rng, until, moves_at_most=200) -> None:
    """Random legal moves, each resolved, until `until(duel)` holds or the duel is over."""
    for _ in range(moves_at_most):
        duel.refresh_from_db()
        if until(duel) or duel.status != Duel.Status.ACTIVE:
            return
        state = rules.Duel.from_json(duel.state)
        mover = players[duel.to_move].user
        action = rng.choice(state.legal_actions()).to_json()
        move = moves.submit_move(mover, duel.pk, version=duel.version, actions=[action], key=uuid.uuid4().hex)
        moves.resolve_move(move.move.pk)


@pytest.mark.django_db
def test_each_player_s_board_shows_their_own_waiting_and_refused_moves_and_a_stranger_reads_nothing(
    client, make_player, starter_deck
):
    """The board tells its reader about their own moves only: one waiting for the worker ("being
    resolved", and the polling fragment does not answer 204 while it waits) and why their latest
    refused move was refused. The read (games.boards) reads neither, nor the log, for a stranger."""
    alice, bob, eve = make_player("alice"), make_player("bob"), make_player("eve")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    # a log to read: how many events two turns make depends on the deal, which is random
    _play_randomly(
        duel, (alice, bob), random.Random(3), until=lambda duel: duel.turn >= 2 and duel.events.count() > 3
    )
    duel.refresh_from_db()
    seat_of = {seat.user_id: seat.index for seat in duel.seats.all()}
    now = timezone.now()
    for minutes_ago, why in ((30, "an older refusal"), (5, "the latest refusal")):
        Move.objects.create(
            duel=duel, seat=seat_of[alice.user.pk], user=alice.user, key=uuid.uuid4().hex, version=0,
            actions=[], status=Move.Status.REJECTED, error=why, resolved_at=now - timedelta(minutes=minutes_ago),
        )  # fmt: skip
    Move.objects.create(
        duel=duel,
        seat=seat_of[bob.user.pk],
        user=bob.user,
        key=uuid.uuid4().hex,
        version=duel.version,
        actions=[],
    )

    client.force_login(alice.user)
    page = client.get(f"/duels/{duel.pk}/").content.decode()
    assert "Your last move was not applied: the latest refusal" in page
    assert "an older refusal" not in page and "being resolved" not in page
    assert client.get(f"/duels/{duel.pk}/board/?since={duel.version}").status_code == 204

    client.force_login(bob.user)
    page = client.get(f"/duels/{duel.pk}/").content.decode()
    assert "Your move is being resolved" in page and "refusal" not in page
    waiting = client.get(f"/duels/{duel.pk}/board/?since={duel.version}")
    assert waiting.status_code == 200 and "Your move is being resolved" in waiting.content.decode()

    seen_by_eve = boards.board_seen_by(duel.pk, eve.user.pk)
    assert seen_by_eve.duel.pk == duel.pk and seen_by_eve.seat_index is None
    assert (seen_by_eve.pending, seen_by_eve.last_refusal, seen_by_eve.stored_events) == (False, None, [])
    seen_by_bob = boards.board_seen_by(duel.pk, bob.user.pk)
    assert [event.seq for event in seen_by_bob.stored_events] == sorted(
        Event.objects.filter(duel=duel).values_list("seq", flat=True)
    )[-boards.RECENT_EVENTS :]
    assert len(seen_by_bob.stored_events) > 3
    client.force_login(eve.user)
    assert client.get(f"/duels/{duel.pk}/").status_code == 404
    assert client.get(f"/duels/{duel.pk}/board/?since={duel.version}").status_code == 404
