"""The bot seat: it plays its whole turn in one task, with dice the player cannot reproduce."""

from __future__ import annotations

import hmac
import random

from django.db import transaction
from django.db.models import F
from django.utils import timezone

import rules
from games.actions.duel_state import locked_duel, store_state, tell_players
from games.models import Duel, Move

BOT_KINDS = ("random", "heuristic")

MAX_BOT_ACTIONS_PER_TURN = 1000


def bots_waiting_since(cutoff) -> list[tuple[int, int]]:
    """(duel, version) of active duels waiting on a bot seat since before `cutoff`."""
    waiting = Duel.objects.filter(
        status=Duel.Status.ACTIVE, updated_at__lt=cutoff, seats__bot__gt="", seats__index=F("to_move")
    )
    return list(waiting.values_list("pk", "version")[:500])


def play_bot_turn(duel_id: int, version: int) -> Move | None:
    """The bot seat plays until it is the person's turn or the duel ends. Idempotent per version."""
    with transaction.atomic():
        duel = locked_duel(duel_id)
        if duel.status != Duel.Status.ACTIVE or duel.version != version:
            return None
        state = rules.Duel.from_json(duel.state)
        seat = duel.seat_at(state.to_move)
        if not seat.bot or state.winner is not None:
            return None
        # The bot's own dice: the same for a re-run of this version, and keyed by the duel's secret
        # seed, so the player cannot reproduce them and read the bot's hand from its choices.
        rng = random.Random(hmac.digest(duel.seed.encode(), f"bot:{version}:{seat.bot}".encode(), "sha256"))
        actions, events = [], []
        while (
            state.winner is None and state.to_move == seat.index and len(actions) < MAX_BOT_ACTIONS_PER_TURN
        ):
            action = rules.bots.choose(state, seat.bot, rng)
            state, new_events = state.apply(action)
            actions.append(action.to_json())
            events.extend(new_events)
        move = Move.objects.create(
            duel=duel,
            seat=seat.index,
            key=f"bot-{version}",
            version=version,
            actions=actions,
            status=Move.Status.APPLIED,
            resolved_at=timezone.now(),
        )
        previous_to_move = duel.to_move
        store_state(duel, state, previous_to_move, events=events, move=move)
        duel.save()
        tell_players(duel, previous_to_move)
    return move
