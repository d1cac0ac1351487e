"""The move path, and resigning.

The move path (DESIGN.md "Duels"): `submit_move` (the web request) validates a move against the
rules and stores it `pending`; `resolve_move` (a Celery task, on commit) locks the duel, checks
its version, applies the actions all or nothing, stores the events and the new state, bumps the
version and notifies. Re-running `resolve_move` for a move that is no longer pending does nothing.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

import rules
from config.compiled import fetch_one_prepared
from games.actions.bots import bots_waiting_since
from games.actions.duel_state import (
    STATE_FIELDS,
    announce_on_commit,
    changes_hands,
    finish,
    load_seats_with_players,
    locked_duel,
    stage_state,
    tell_players,
)
from games.actions.workers import enqueue_bot, enqueue_resolve
from games.errors import DuelError
from games.models import Duel, Event, Move, Seat
from games.rows import from_row

MAX_ACTIONS_PER_MOVE = 200


@dataclass(frozen=True)
class Submitted:
    move: Move
    created: bool


def parse_actions(raw) -> list[rules.Action]:
    if not isinstance(raw, list) or not raw:
        raise DuelError("'actions' must be a non-empty list of actions.")
    if len(raw) > MAX_ACTIONS_PER_MOVE:
        raise DuelError(f"A move has at most {MAX_ACTIONS_PER_MOVE} actions.")
    try:
        return [rules.Action.from_json(item) for item in raw]
    except (ValueError, TypeError, KeyError) as exc:
        raise DuelError(f"Malformed action: {exc}") from None


def _apply_all(state: rules.Duel, actions: list[rules.Action]):
    """Apply every action or none: the first illegal one raises and nothing is kept."""
    events = []
    for number, action in enumerate(actions, start=1):
        try:
            state, new_events = state.apply(action)
        except rules.IllegalAction as exc:
            prefix = f"Action {number} of {len(actions)}: " if len(actions) > 1 else ""
            raise DuelError(f"{prefix}{exc}") from None
        events.extend(new_events)
    return state, events


def submit_move(user, duel_id: int, *, version, actions, key: str) -> Submitted:
    """Validate and store a move as pending; the worker applies it. Same key → same move.

    The accepted path reads once (the requester's seat with its duel) and writes once: a repeated
    key is caught by the unique constraint, or looked up when the duel has moved on since."""
    if not key or len(key) > 100:
        raise DuelError("An Idempotency-Key header (1 to 100 characters) is required.")
    seat = _requesters_seat(user, duel_id)
    duel = seat.duel
    try:
        _check_move_is_due(duel, seat, version)
    except DuelError:
        # A retry of a move already applied (or refused) gets that move, not the refusal.
        existing = Move.objects.filter(duel_id=duel_id, key=key).first()
        if existing is not None:
            return _same_move(existing, user, version, actions)
        raise
    parsed = parse_actions(actions)
    _apply_all(rules.Duel.from_json(duel.state), parsed)  # validate now: a 400 beats a rejected move later
    try:
        # One INSERT commits by itself (autocommit): no BEGIN and COMMIT round trips of their own.
        # Inside a caller's transaction, a savepoint keeps a refused INSERT from spoiling it.
        with transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext():
            move = _insert_pending(duel, seat, user, key, version, [action.to_json() for action in parsed])
            transaction.on_commit(lambda: enqueue_resolve(move.pk))
    except IntegrityError:
        # A retry while the move is pending, or another request won the race: with our key it is
        # our move; otherwise it is a conflict.
        existing = Move.objects.filter(duel_id=duel_id, key=key).first()
        if existing is not None:
            return _same_move(existing, user, version, actions)
        raise DuelError(f"Another move was already made at version {version}.", 409) from None
    return Submitted(move, True)


# What a move is checked against, in the model's field order (as Model.from_db takes them).
_CHECKED_FIELDS = [
    field
    for field in Duel._meta.concrete_fields
    if field.name in {"id", "status", "version", "to_move", "state"}
]


_REQUESTERS_SEAT = (
    "SELECT s.id, s.index, d.status, d.version, d.to_move, d.state::text FROM games_seat s"
    " JOIN games_duel d ON d.id = s.duel_id WHERE s.duel_id = %s AND s.user_id = %s ORDER BY s.index LIMIT 1"
)


def _requesters_seat(user, duel_id: int) -> Seat:
    """The requester's seat with what a move is checked against (the duel's status, version,
    player to move and rules state), in one query; 404 or 403 when there is none.

    Raw SQL, as `selectors.move_seen_by`: on the move's hot path the ORM's compiling of this join
    and building of two model instances cost more than running it. The seat and duel returned
    carry only these fields (enough to check and store a move); any other is deferred. Prepared:
    parsed and planned once per connection."""
    row = None
    if getattr(user, "is_authenticated", False):
        row = fetch_one_prepared(_REQUESTERS_SEAT, [duel_id, user.pk])
    if row is not None:
        seat_id, index, status, version, to_move, state = row
        read = {"id": duel_id, "status": status, "version": version, "to_move": to_move, "state": state}
        # Instances whose other fields are deferred (read if asked for), never model defaults.
        duel = from_row(Duel, _CHECKED_FIELDS, [read[field.name] for field in _CHECKED_FIELDS])
        seat = Seat.from_db(
            connection.alias, ["id", "duel_id", "index", "user_id"], [seat_id, duel_id, index, user.pk]
        )
        seat.duel = duel
        return seat
    if not Duel.objects.filter(pk=duel_id).exists():
        raise DuelError("No such duel.", 404)
    raise DuelError("Only the duel's players can move in it.", 403)


def _prepared(instance, fields) -> list:
    """The instance's values for these columns, each prepared by its field as `save()` prepares
    it (auto_now, JSON)."""
    return [field.get_db_prep_save(field.pre_save(instance, False), connection) for field in fields]


# What a pending move's INSERT writes: every column but its id (and resolved_at, still NULL).
_PENDING_FIELDS = [
    Move._meta.get_field(name)
    for name in ("duel", "seat", "user", "key", "version", "actions", "status", "error", "created_at")
]
_INSERT_PENDING = (
    # Table and column names from the model's own metadata; every value is bound.
    f"INSERT INTO {connection.ops.quote_name(Move._meta.db_table)}"  # noqa: S608
    f" ({', '.join(connection.ops.quote_name(f.column) for f in _PENDING_FIELDS)})"
    f" VALUES ({', '.join(['%s'] * len(_PENDING_FIELDS))}) RETURNING id"
)


def _insert_pending(duel: Duel, seat: Seat, user, key: str, version: int, actions: list) -> Move:
    """Store the move as pending: what `Move.objects.create` stores (each value prepared by its
    field as it prepares it), in raw SQL. On the move's hot path the ORM's compiling of the INSERT
    cost as much CPU as sending and running it (issue #16)."""
    move = Move(
        duel=duel, seat=seat.index, user=user, key=key, version=version, actions=actions,
        status=Move.Status.PENDING, error="", created_at=timezone.now(),
    )  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(_INSERT_PENDING, _prepared(move, _PENDING_FIELDS))
        move.pk = cursor.fetchone()[0]
    move._state.adding, move._state.db = False, connection.alias
    return move


def _check_move_is_due(duel: Duel, seat: Seat, version) -> None:
    if duel.status != Duel.Status.ACTIVE:
        raise DuelError(f"This duel is {duel.get_status_display().lower()}; no moves are taken.", 409)
    if not isinstance(version, int) or isinstance(version, bool):
        raise DuelError("'version' must be the duel's current version (a whole number).")
    if version != duel.version:
        raise DuelError(
            f"Stale move: the duel is at version {duel.version}, the move was made at {version}.", 409
        )
    if duel.to_move != seat.index:
        raise DuelError("It is not your turn: wait for your opponent's move.", 409)


def _same_move(move: Move, user, version, actions) -> Submitted:
    if move.user_id != getattr(user, "pk", None):
        raise DuelError("This Idempotency-Key was used by another player.", 409)
    if move.version != version or move.actions != [a.to_json() for a in parse_actions(actions)]:
        raise DuelError("This Idempotency-Key was already used for a different move.", 422)
    return Submitted(move, False)


def resolve_move(move_id: int) -> Move | None:
    """Apply a pending move exactly once. Safe to run again, and concurrently, for the same move."""
    with transaction.atomic():
        # The move and its duel, both locked, in one query; the seats with their players only when
        # the turn passes (most moves leave the same player to act: no more reads).
        move = _locked_move_with_duel(move_id)
        if move is None or move.status != Move.Status.PENDING:
            return move
        duel = move.duel
        _fault_injection_pause()
        if duel.status != Duel.Status.ACTIVE or duel.version != move.version:
            return _reject(
                move, f"The duel moved on (now version {duel.version}) before this move was applied."
            )
        try:
            state, events = _apply_all(rules.Duel.from_json(duel.state), parse_actions(move.actions))
        except DuelError as exc:
            return _reject(move, exc.message)
        previous_to_move = duel.to_move
        if changes_hands(duel, state):
            load_seats_with_players(duel)
        staged = stage_state(duel, state, previous_to_move, events=events, move=move)
        move.status = Move.Status.APPLIED
        move.resolved_at = timezone.now()
        _save_applied(duel, move, staged)
        tell_players(duel, previous_to_move)
    return move


_MOVE_FIELDS, _DUEL_FIELDS = Move._meta.concrete_fields, Duel._meta.concrete_fields
_LOCK_MOVE_WITH_DUEL = (
    # Column names from the models' own metadata; the move's id is bound.
    f"SELECT {', '.join(f'm.{connection.ops.quote_name(f.column)}' for f in _MOVE_FIELDS)},"  # noqa: S608
    f" {', '.join(f'd.{connection.ops.quote_name(f.column)}' for f in _DUEL_FIELDS)}"
    " FROM games_move m JOIN games_duel d ON d.id = m.duel_id WHERE m.id = %s FOR UPDATE OF m, d"
)


def _locked_move_with_duel(move_id: int) -> Move | None:
    """The move with its duel, both rows locked until the transaction ends, in one statement, as
    `select_for_update().select_related("duel")` read them; None when there is no such move.
    Raw SQL: compiling that query was a good part of the worker's own CPU per move (issue #16);
    prepared, parsed and planned once per connection."""
    row = fetch_one_prepared(_LOCK_MOVE_WITH_DUEL, [move_id])
    if row is None:
        return None
    move = from_row(Move, _MOVE_FIELDS, row[: len(_MOVE_FIELDS)])
    move.duel = from_row(Duel, _DUEL_FIELDS, row[len(_MOVE_FIELDS) :])
    return move


_APPLIED_MOVE_FIELDS = [Move._meta.get_field(name) for name in ("status", "resolved_at")]
_STATE_FIELDS = [Duel._meta.get_field(name) for name in STATE_FIELDS]
_EVENT_DATA = Event._meta.get_field("data")


def _assignments(fields) -> str:
    return ", ".join(f"{connection.ops.quote_name(field.column)} = %s" for field in fields)


_EVENT_COLUMNS = ", ".join(
    connection.ops.quote_name(Event._meta.get_field(name).column)
    for name in ("duel", "seq", "move", "rule", "data", "created_at")
)
_SAVE_APPLIED = (
    # Table and column names from the models' own metadata; every value is bound.
    f"WITH new_events AS (INSERT INTO {connection.ops.quote_name(Event._meta.db_table)} ({_EVENT_COLUMNS})"  # noqa: S608
    " SELECT %s, e.seq, %s, e.rule, e.data::jsonb, %s"
    " FROM unnest(%s::integer[], %s::varchar[], %s::text[]) AS e(seq, rule, data)),"
    f" applied AS (UPDATE {connection.ops.quote_name(Move._meta.db_table)}"
    f" SET {_assignments(_APPLIED_MOVE_FIELDS)} WHERE id = %s)"
    f" UPDATE {connection.ops.quote_name(Duel._meta.db_table)} SET {_assignments(_STATE_FIELDS)} WHERE id = %s"
)


def _save_applied(duel: Duel, move: Move, events: list[Event]) -> None:
    """Write the move's events, mark the move applied and write the duel's state columns, in one
    statement (the events inserted and the move updated in CTEs of the duel's UPDATE): what
    `Event.objects.bulk_create(events)`, `duel.save(update_fields=STATE_FIELDS)` and
    `move.save(update_fields=[...])` wrote, each value prepared by its field as they prepare it
    (auto_now, JSON), in one round trip and without compiling three ORM statements (issue #16).
    The events travel as one array per column, each event's JSON dumped as its field dumps it."""
    with connection.cursor() as cursor:
        cursor.execute(
            _SAVE_APPLIED,
            [
                duel.pk, move.pk, timezone.now(),
                [event.seq for event in events],
                [event.rule for event in events],
                [json.dumps(event.data, cls=_EVENT_DATA.encoder) for event in events],
                *_prepared(move, _APPLIED_MOVE_FIELDS), move.pk,
                *_prepared(duel, _STATE_FIELDS), duel.pk,
            ],
        )  # fmt: skip


def requeue_stuck_moves(older_than_s: float = 30) -> list[int]:
    """Send again every move still pending after a while: its task message was lost (Redis
    restarted, or the enqueue after commit failed). Resolving is idempotent, so a move whose
    first message is merely slow is not applied twice. Run by Celery beat."""
    cutoff = timezone.now() - timedelta(seconds=older_than_s)
    stuck = list(
        Move.objects.filter(status=Move.Status.PENDING, created_at__lt=cutoff).values_list("pk", flat=True)[
            :500
        ]
    )
    for move_id in stuck:
        enqueue_resolve(move_id)
    # Likewise a bot whose turn message was lost: ask it again (bot_turn is idempotent per version).
    for duel_id, version in bots_waiting_since(cutoff):
        enqueue_bot(duel_id, version)
    return stuck


def _fault_injection_pause() -> None:
    """Crash tests hold the task here (GAMES_RESOLVE_PAUSE_S) to kill the worker mid-move."""
    pause = getattr(settings, "GAMES_RESOLVE_PAUSE_S", 0)
    if pause:
        time.sleep(pause)


def _reject(move: Move, message: str) -> Move:
    move.status = Move.Status.REJECTED
    move.error = message
    move.resolved_at = timezone.now()
    move.save(update_fields=["status", "error", "resolved_at"])
    # The duel is unchanged, but the mover's board is waiting to show the refusal.
    announce_on_commit(move.duel_id, move.duel.version)
    return move


def discard_down(user, duel_id: int, *, version, cards: list[str], key: str) -> Submitted:
    """Discard down to Ability in one move: the chosen hand cards, all or none (the board's
    multi-select). Only the count is checked here; the engine judges each discard, in order."""
    seat = _requesters_seat(user, duel_id)
    duel = seat.duel
    if duel.status == Duel.Status.ACTIVE and duel.state is not None and duel.to_move == seat.index:
        player = rules.Duel.from_json(duel.state).players[seat.index]
        need = len(player.hand) - player.ability
        if need > 0 and len(cards) != need:
            raise DuelError(
                f"Choose exactly {need} cards to discard down to your Ability of {player.ability}: "
                f"you chose {len(cards)}."
            )
    actions = [{"type": "discard", "card": card} for card in cards]
    return submit_move(user, duel_id, version=version, actions=actions, key=key)


def resign(user, duel_id: int) -> Duel:
    with transaction.atomic():
        duel = locked_duel(duel_id)
        seat = duel.seat_of(user)
        if seat is None:
            raise DuelError("Only the duel's players can resign it.", 403)
        if duel.status != Duel.Status.ACTIVE:
            raise DuelError("Only a duel in play can be resigned.", 409)
        finish(duel, 1 - seat.index, Duel.Result.RESIGNATION)
        duel.version += 1
        duel.save()
        tell_players(duel, duel.to_move)
    return duel
