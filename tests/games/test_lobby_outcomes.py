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
