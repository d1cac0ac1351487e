"""The bot seat answers through its own task; a lost task message is sent again by the sweep."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import bots, challenges
from games.models import Duel, Move


def bot_duel_where_seat_moves(seat: int, player, deck, bot: str) -> Duel:
    """A new duel against the bot where `seat` moves first (the shuffle decides who does)."""
    return next(
        duel
        for duel in (challenges.create_duel(player.user, deck=deck, bot=bot) for _ in range(40))
        if duel.to_move == seat
    )


@pytest.mark.django_db
def test_a_bot_left_waiting_by_a_lost_message_is_found_and_plays_its_turn_once(make_player, starter_deck):
    alice = make_player("alice")
    # In this test no task runs (nothing is committed), exactly as if the bot's message was lost.
    duel = bot_duel_where_seat_moves(1, alice, starter_deck, bot="heuristic")
    Duel.objects.filter(pk=duel.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    version = duel.version

    assert (duel.pk, version) in bots.bots_waiting_since(timezone.now() - timedelta(seconds=30))
    move = bots.play_bot_turn(duel.pk, version)

    duel.refresh_from_db()
    assert move is not None and move.status == "applied" and move.user is None
    assert duel.to_move == 0 or duel.status == "finished", "the bot played until it was the person's turn"
    assert duel.version == version + 1
    # Asked again for the same version (a duplicate message): nothing more happens.
    assert bots.play_bot_turn(duel.pk, version) is None
    assert Move.objects.filter(duel=duel).count() == 1
    assert (duel.pk, duel.version) not in bots.bots_waiting_since(timezone.now())


@pytest.mark.django_db
def test_the_bot_never_moves_on_the_persons_turn(make_player, starter_deck):
    alice = make_player("alice")
    duel = bot_duel_where_seat_moves(0, alice, starter_deck, bot="random")
    # A stale mirror column says the bot is to move; the rules state (the truth) says it is not.
    Duel.objects.filter(pk=duel.pk).update(to_move=1)

    assert bots.play_bot_turn(duel.pk, duel.version) is None
    assert not Move.objects.filter(duel=duel).exists()
