"""Writing a duel's new rules state, shared by every action that changes a duel.

The caller holds the duel's row lock (`locked_duel`); `tell_players` writes the next player's notice
in the same transaction, and updates the open boards or lets the bot answer once it is committed.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

import rules
from config.compiled import CompiledQuery, as_prefetched
from games import live
from games.actions import notifications
from games.actions.workers import enqueue_bot
from games.models import Duel, Event, Profile, Seat

# What store_state (and finish) change: a move writes these and not the duel's other columns.
STATE_FIELDS = [
    "event_count", "version", "state", "to_move", "phase", "turn", "deadline",
    "status", "winner", "result", "finished_at", "seed_revealed", "updated_at",
]  # fmt: skip


def changes_hands(duel: Duel, state: rules.Duel) -> bool:
    """Whether applying `state` passes the turn or ends the duel: only then are the seats read
    (the next player's clock and notice, or the bot's turn)."""
    return state.to_move != duel.to_move or state.winner is not None or state.phase == "over"


def store_state(duel: Duel, state: rules.Duel, previous_to_move, events=(), move=None) -> None:
    """Write the new rules state's events and set it on the duel (the caller saves the duel and
    holds its row lock)."""
    Event.objects.bulk_create(stage_state(duel, state, previous_to_move, events, move))


def stage_state(duel: Duel, state: rules.Duel, previous_to_move, events=(), move=None) -> list[Event]:
    """Set the new rules state on the duel and return its events, numbered and not yet written:
    for a caller that writes them in the same statement as the duel (the move's worker)."""
    staged = [
        Event(duel=duel, seq=duel.event_count + offset, move=move, rule=event.rule, data=event.to_json())
        for offset, event in enumerate(events)
    ]
    duel.event_count += len(events)
    if duel.state is not None:
        duel.version += 1
    duel.state = state.to_json()
    duel.to_move = state.to_move
    duel.phase = state.phase
    duel.turn = state.turn
    if state.winner is not None or state.phase == "over":
        finish(duel, state.winner, Duel.Result.PLAY)
    elif state.to_move != previous_to_move:
        duel.deadline = deadline_for(duel, state.to_move)
    return staged


def deadline_for(duel: Duel, seat_index: int):
    """A player's clock starts now, or when their vacation ends."""
    start = timezone.now()
    seat = duel.seat_at(seat_index)
    if seat is not None and seat.user_id:
        vacation_until = _vacation_until(seat.user)
        if vacation_until and vacation_until > start:
            start = vacation_until
    return start + timedelta(days=duel.days_per_move)


def _vacation_until(user):
    try:
        return user.profile.vacation_until  # loaded with the seats (see seats_with_players)
    except Profile.DoesNotExist:
        return None


def finish(duel: Duel, winner, result: str) -> None:
    duel.status = Duel.Status.FINISHED
    duel.winner = winner
    duel.result = result
    duel.finished_at = timezone.now()
    duel.deadline = None
    duel.seed_revealed = True


def announce_on_commit(duel_id: int, version: int, *, over: bool = False) -> None:
    """Once the change is committed, tell the duel's open boards that `version` is ready (the one
    place a board's live update is sent from: `tell_players`, and a refused move's)."""
    transaction.on_commit(lambda: live.publish_version(duel_id, version, over=over))


def tell_players(duel: Duel, previous_to_move) -> None:
    """Tell the players of the change the caller is committing: the notices are written now, in
    the change's own transaction (one commit per move, and a notice is never lost without its
    change or kept without it); once it is committed, the open boards are updated, or the bot
    answers.

    `duel` must have its seats (with users) loaded: nothing is read again.
    """
    duel_id, version, status, to_move = duel.pk, duel.version, duel.status, duel.to_move
    announce_on_commit(duel_id, version, over=status == Duel.Status.FINISHED)
    if status != Duel.Status.FINISHED and to_move == previous_to_move:
        return  # the same player goes on: nobody else to tell (a bot's turn always changes hands)
    if status == Duel.Status.FINISHED:
        notifications.notify_finished(duel)
        return
    seat = duel.seat_at(to_move) if to_move is not None else None
    if seat is not None and seat.bot:
        transaction.on_commit(lambda: enqueue_bot(duel_id, version))
    elif seat is not None and to_move != previous_to_move:
        notifications.notify_turn(duel, seat.user)


def locked_duel(duel_id: int) -> Duel:
    """The duel row, locked until the transaction ends, with its seats and players."""
    return Duel.objects.select_for_update(of=("self",)).prefetch_related(seats_with_players()).get(pk=duel_id)


def seats_with_players() -> Prefetch:
    """Seats with their users and profiles: what clocks (vacations) and notifications read."""
    return Prefetch("seats", queryset=_seats_with_players(Seat.objects.all()))


def _seats_with_players(seats):
    return seats.select_related("user__profile")


_SEATS_WITH_PLAYERS = CompiledQuery(lambda duel_id: _seats_with_players(Seat.objects.filter(duel_id=duel_id)))


def load_seats_with_players(duel: Duel) -> None:
    """Give a duel read without them its seats, users and profiles (what `seats_with_players`
    prefetches), by a query compiled once per process: the worker reads them when a move passes
    the turn, and the ORM built the prefetch's query anew each time (12% of the worker's CPU
    under cProfile, on the quarter of moves that pass the turn)."""
    as_prefetched(duel, "seats", _SEATS_WITH_PLAYERS(duel.pk))
