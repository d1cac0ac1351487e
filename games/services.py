"""Writes of the games app: challenges, the move path, bots, deadlines, resignations.

The move path (DESIGN.md "Duels"): `submit_move` (the web request) validates a move against the
rules and stores it `pending`; `resolve_move` (a Celery task, on commit) locks the duel, checks
its version, applies the actions all or nothing, stores the events and the new state, bumps the
version and notifies. Re-running `resolve_move` for a move that is no longer pending does nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Prefetch, prefetch_related_objects
from django.utils import timezone

import rules
from games import notifications
from games.models import Duel, Event, Move, Profile, SavedDeck, Seat, WorkerHeartbeat

MAX_ACTIONS_PER_MOVE = 200
MAX_BOT_ACTIONS_PER_TURN = 1000
BOT_KINDS = ("random", "heuristic")


class DuelError(Exception):
    """A refused request; `status` is the HTTP status the API answers with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Submitted:
    move: Move
    created: bool


def record_heartbeat(token: str, worker: str) -> str:
    WorkerHeartbeat.objects.update_or_create(token=token, defaults={"worker": worker})
    return token


def profile_for(user) -> Profile:
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


# --- Decks ------------------------------------------------------------------------------------


def deck_problems(pregame: list[str], endurance: list[str]) -> list[str]:
    return rules.check_deck(rules.Deck(pregame=tuple(pregame), endurance=tuple(endurance)))


def save_deck(owner, name: str, pregame: list[str], endurance: list[str]) -> SavedDeck:
    """Save a legal deck; an illegal one is refused with every problem the rules find."""
    name = name.strip()
    if not name:
        raise DuelError("A deck needs a name.")
    problems = deck_problems(pregame, endurance)
    if problems:
        raise DuelError("This deck is not legal: " + " ".join(problems))
    deck, _ = SavedDeck.objects.update_or_create(
        owner=owner, name=name, defaults={"pregame": pregame, "endurance": endurance}
    )
    return deck


def ensure_starter_decks() -> list[SavedDeck]:
    """The ready-made legal decks from the rules package, as saved decks anyone may use."""
    decks = []
    for deck in rules.starter_decks():
        name = deck.name.replace("-", " ").title()
        saved, _ = SavedDeck.objects.update_or_create(
            owner=None,
            name=name,
            defaults={"pregame": list(deck.pregame), "endurance": list(deck.endurance), "is_starter": True},
        )
        decks.append(saved)
    return decks


def starter_decks():
    """The ready-made decks. `load_bundled_data` saves them from the rules package on every start;
    pages only read them, saving them here just once if a database has none yet."""
    decks = SavedDeck.objects.filter(owner__isnull=True)
    if not decks.exists():
        ensure_starter_decks()
    return decks


def usable_deck(user, deck_id) -> SavedDeck:
    from django.db.models import Q

    try:
        if not 0 < int(deck_id) < 2**63:  # past bigint, PostgreSQL would raise rather than find none
            raise ValueError(deck_id)
        return SavedDeck.objects.get(Q(owner=user) | Q(owner__isnull=True), pk=deck_id)
    except (SavedDeck.DoesNotExist, ValueError, TypeError):
        raise DuelError("Choose one of your decks or a ready-made one.") from None


# --- Challenges -------------------------------------------------------------------------------


def create_duel(user, *, deck: SavedDeck, opponent=None, bot: str = "", days_per_move: int = 3) -> Duel:
    """Challenge a named player, post an open challenge (no opponent, no bot), or start a bot duel."""
    if days_per_move not in dict(Duel.DAYS_PER_MOVE_CHOICES):
        raise DuelError("Days per move must be 1, 3, 7 or 14.")
    if bot and bot not in BOT_KINDS:
        raise DuelError(f"Unknown bot {bot!r}: choose random or heuristic.")
    if opponent is not None and opponent.pk == user.pk:
        raise DuelError("You cannot challenge yourself.")
    if bot and opponent is not None:
        raise DuelError("Challenge a player or a bot, not both.")
    problems = deck_problems(deck.pregame, deck.endurance)
    if problems:
        raise DuelError("Your deck is not legal: " + " ".join(problems))
    with transaction.atomic():
        duel = Duel.objects.create(
            created_by=user,
            days_per_move=days_per_move,
            status=Duel.Status.CHALLENGED if opponent is not None else Duel.Status.OPEN,
        )
        Seat.objects.create(duel=duel, index=0, user=user, deck=deck.as_dict())
        if bot:
            bot_deck = rules.starter_decks()[0]
            Seat.objects.create(
                duel=duel,
                index=1,
                bot=bot,
                deck={
                    "name": f"{bot} bot",
                    "pregame": list(bot_deck.pregame),
                    "endurance": list(bot_deck.endurance),
                },
            )
            _start(duel)
        else:
            Seat.objects.create(duel=duel, index=1, user=opponent)
            if opponent is not None:
                notifications.notify_challenge(duel, opponent)
    return duel


def accept_duel(user, duel_id: int, deck: SavedDeck) -> Duel:
    with transaction.atomic():
        duel = _locked_duel(duel_id)
        seat = duel.seat_at(1)
        if duel.status == Duel.Status.OPEN:
            if duel.created_by_id == user.pk:
                raise DuelError("You cannot accept your own open challenge.", 409)
            seat.user = user
        elif duel.status == Duel.Status.CHALLENGED:
            if seat.user_id != user.pk:
                raise DuelError("This challenge is addressed to someone else.", 403)
        else:
            raise DuelError("This duel is no longer waiting for an opponent.", 409)
        problems = deck_problems(deck.pregame, deck.endurance)
        if problems:
            raise DuelError("Your deck is not legal: " + " ".join(problems))
        seat.deck = deck.as_dict()
        seat.save()
        _start(duel)
    notifications.notify_accepted(duel)
    return duel


def decline_duel(user, duel_id: int) -> Duel:
    with transaction.atomic():
        duel = _locked_duel(duel_id)
        if duel.status not in (Duel.Status.OPEN, Duel.Status.CHALLENGED):
            raise DuelError("Only a duel waiting for an opponent can be declined or withdrawn.", 409)
        if duel.created_by_id == user.pk:
            duel.status = Duel.Status.CANCELLED
        elif duel.status == Duel.Status.CHALLENGED and duel.seat_at(1).user_id == user.pk:
            duel.status = Duel.Status.DECLINED
        else:
            raise DuelError("Only the two players can decline or withdraw this challenge.", 403)
        duel.save(update_fields=["status", "updated_at"])
    return duel


def _start(duel: Duel) -> None:
    """Shuffle with a fresh secret seed, commit to it, and let the first player move."""
    seats = {seat.index: seat for seat in duel.seats.all()}
    seed = secrets.randbits(128)
    decks = [
        rules.Deck(pregame=seats[i].deck["pregame"], endurance=seats[i].deck["endurance"]) for i in (0, 1)
    ]
    state = rules.new_duel(decks[0], decks[1], seed=seed)
    duel.seed = format(seed, "032x")
    duel.seed_commitment = seed_commitment(duel.seed)
    duel.status = Duel.Status.ACTIVE
    duel.started_at = timezone.now()
    _store_state(duel, state, previous_to_move=None)
    duel.save()
    _after_commit(duel, previous_to_move=None)


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(seed_hex.encode()).hexdigest()


# --- The move path ----------------------------------------------------------------------------


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
        with transaction.atomic():
            move = Move.objects.create(
                duel=duel,
                seat=seat.index,
                user=user,
                key=key,
                version=version,
                actions=[action.to_json() for action in parsed],
            )
            transaction.on_commit(lambda: _enqueue_resolve(move.pk))
    except IntegrityError:
        # A retry while the move is pending, or another request won the race: with our key it is
        # our move; otherwise it is a conflict.
        existing = Move.objects.filter(duel_id=duel_id, key=key).first()
        if existing is not None:
            return _same_move(existing, user, version, actions)
        raise DuelError(f"Another move was already made at version {version}.", 409) from None
    return Submitted(move, True)


def _requesters_seat(user, duel_id: int) -> Seat:
    """The requester's seat with its duel, in one query; 404 or 403 when there is none."""
    seat = (
        Seat.objects.select_related("duel").filter(duel_id=duel_id, user_id=user.pk).first()
        if getattr(user, "is_authenticated", False)
        else None
    )
    if seat is not None:
        return seat
    if not Duel.objects.filter(pk=duel_id).exists():
        raise DuelError("No such duel.", 404)
    raise DuelError("Only the duel's players can move in it.", 403)


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


def _enqueue_resolve(move_id: int) -> None:
    from games.tasks import resolve_move

    resolve_move.delay(move_id)


def resolve_move(move_id: int) -> Move | None:
    """Apply a pending move exactly once. Safe to run again, and concurrently, for the same move."""
    with transaction.atomic():
        # The move and its duel, both locked, in one query; then the seats with their players.
        move = Move.objects.select_for_update().select_related("duel").filter(pk=move_id).first()
        if move is None or move.status != Move.Status.PENDING:
            return move
        duel = move.duel
        prefetch_related_objects([duel], _seats_with_players())
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
        _store_state(duel, state, previous_to_move, events=events, move=move)
        duel.save()
        move.status = Move.Status.APPLIED
        move.resolved_at = timezone.now()
        move.save(update_fields=["status", "resolved_at"])
        _after_commit(duel, previous_to_move)
    return move


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
        _enqueue_resolve(move_id)
    # Likewise a bot whose turn message was lost: ask it again (bot_turn is idempotent per version).
    for duel_id, version in bots_waiting_since(cutoff):
        _enqueue_bot(duel_id, version)
    return stuck


def bots_waiting_since(cutoff) -> list[tuple[int, int]]:
    """(duel, version) of active duels waiting on a bot seat since before `cutoff`."""
    waiting = Duel.objects.filter(
        status=Duel.Status.ACTIVE, updated_at__lt=cutoff, seats__bot__gt="", seats__index=F("to_move")
    )
    return list(waiting.values_list("pk", "version")[:500])


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
    return move


def _store_state(duel: Duel, state: rules.Duel, previous_to_move, events=(), move=None) -> None:
    """Write the new rules state and its events; the caller holds the duel's row lock."""
    Event.objects.bulk_create(
        Event(duel=duel, seq=duel.event_count + offset, move=move, rule=event.rule, data=event.to_json())
        for offset, event in enumerate(events)
    )
    duel.event_count += len(events)
    if duel.state is not None:
        duel.version += 1
    duel.state = state.to_json()
    duel.to_move = state.to_move
    duel.phase = state.phase
    duel.turn = state.turn
    if state.winner is not None or state.phase == "over":
        _finish(duel, state.winner, Duel.Result.PLAY)
    elif state.to_move != previous_to_move:
        duel.deadline = deadline_for(duel, state.to_move)


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
        return user.profile.vacation_until  # loaded with the seats (see _seats_with_players)
    except Profile.DoesNotExist:
        return None


def _finish(duel: Duel, winner, result: str) -> None:
    duel.status = Duel.Status.FINISHED
    duel.winner = winner
    duel.result = result
    duel.finished_at = timezone.now()
    duel.deadline = None
    duel.seed_revealed = True


def _after_commit(duel: Duel, previous_to_move) -> None:
    """Once the change is committed: tell the player to move, or let the bot answer.

    `duel` must have its seats (with users) loaded: nothing is read again after the commit.
    """
    duel_id, version, status, to_move = duel.pk, duel.version, duel.status, duel.to_move
    seat = duel.seat_at(to_move) if to_move is not None else None

    def run():
        if status == Duel.Status.FINISHED:
            notifications.notify_finished(duel)
        elif seat.bot:
            _enqueue_bot(duel_id, version)
        elif to_move != previous_to_move:
            notifications.notify_turn(duel, seat.user)

    transaction.on_commit(run)


def _locked_duel(duel_id: int) -> Duel:
    """The duel row, locked until the transaction ends, with its seats and players."""
    return (
        Duel.objects.select_for_update(of=("self",)).prefetch_related(_seats_with_players()).get(pk=duel_id)
    )


def _seats_with_players() -> Prefetch:
    """Seats with their users and profiles: what clocks (vacations) and notifications read."""
    return Prefetch("seats", queryset=Seat.objects.select_related("user__profile"))


# --- Bots -------------------------------------------------------------------------------------


def _enqueue_bot(duel_id: int, version: int) -> None:
    from games.tasks import bot_turn

    bot_turn.delay(duel_id, version)


def play_bot_turn(duel_id: int, version: int) -> Move | None:
    """The bot seat plays until it is the person's turn or the duel ends. Idempotent per version."""
    with transaction.atomic():
        duel = _locked_duel(duel_id)
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
        _store_state(duel, state, previous_to_move, events=events, move=move)
        duel.save()
        _after_commit(duel, previous_to_move)
    return move


# --- Resigning, clocks ------------------------------------------------------------------------


def resign(user, duel_id: int) -> Duel:
    with transaction.atomic():
        duel = _locked_duel(duel_id)
        seat = duel.seat_of(user)
        if seat is None:
            raise DuelError("Only the duel's players can resign it.", 403)
        if duel.status != Duel.Status.ACTIVE:
            raise DuelError("Only a duel in play can be resigned.", 409)
        _finish(duel, 1 - seat.index, Duel.Result.RESIGNATION)
        duel.version += 1
        duel.save()
        _after_commit(duel, duel.to_move)
    return duel


MAX_EXTENSION_DAYS = 30  # more time given in one duel, in all
EXTENSION_MAIL_EVERY = timedelta(hours=1)


def give_more_time(user, duel_id: int, days: int) -> Duel:
    if days not in (1, 3, 7, 14):
        raise DuelError("More time is given in 1, 3, 7 or 14 days.")
    with transaction.atomic():
        duel = _locked_duel(duel_id)
        seat = duel.seat_of(user)
        if seat is None:
            raise DuelError("Only the duel's players can give more time.", 403)
        if duel.status != Duel.Status.ACTIVE or duel.deadline is None:
            raise DuelError("Only a duel in play has a clock.", 409)
        if duel.to_move == seat.index:
            raise DuelError("Only your opponent's clock can be extended, and only by you.", 409)
        opponent = duel.seat_at(1 - seat.index)
        if opponent.bot:
            raise DuelError("A bot answers at once: its clock needs no more time.", 409)
        left = MAX_EXTENSION_DAYS - duel.extended_days
        if days > left:
            raise DuelError(
                f"A duel's clock can be extended by at most {MAX_EXTENSION_DAYS} days in all; "
                f"{left} day(s) left in this one.",
                409,
            )
        now = timezone.now()
        # One e-mail per extension at most, and at most one an hour per duel: the notice in the
        # site is always written, a mailbox is not flooded.
        mail = duel.extension_mailed_at is None or now - duel.extension_mailed_at >= EXTENSION_MAIL_EVERY
        duel.deadline += timedelta(days=days)
        duel.extended_days += days
        if mail:
            duel.extension_mailed_at = now
        duel.save(update_fields=["deadline", "extended_days", "extension_mailed_at", "updated_at"])
        if opponent.user_id:
            notifications.notify_extended(duel, opponent.user, days, email=mail)
    return duel


def take_vacation(user, days: int) -> Profile:
    """Pause the clock of every duel where it is (or becomes) this player's move."""
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get_or_create(user=user)[0]
        if days < 1:
            raise DuelError("A vacation lasts at least one day.")
        if days > profile.vacation_days_left:
            raise DuelError(f"You have {profile.vacation_days_left} vacation days left.")
        now = timezone.now()
        start = max(now, profile.vacation_until or now)
        profile.vacation_until = start + timedelta(days=days)
        profile.vacation_days_left -= days
        profile.save()
        for duel in Duel.objects.select_for_update().filter(
            status=Duel.Status.ACTIVE, seats__user=user, deadline__isnull=False
        ):
            if duel.seat_at(duel.to_move).user_id == user.pk:
                duel.deadline += timedelta(days=days)
                duel.save(update_fields=["deadline", "updated_at"])
    return profile


def enforce_deadlines(now=None) -> list[int]:
    """Players out of time lose; run by Celery beat. Returns the duels it ended."""
    now = now or timezone.now()
    ended = []
    overdue = Duel.objects.filter(status=Duel.Status.ACTIVE, deadline__lt=now).values_list("pk", flat=True)
    for duel_id in overdue:
        with transaction.atomic():
            duel = _locked_duel(duel_id)
            if duel.status != Duel.Status.ACTIVE or duel.deadline is None or duel.deadline >= now:
                continue
            late = duel.seat_at(duel.to_move)
            if late.bot:
                # A bot never runs out of time: its turn was lost (worker down); ask again.
                transaction.on_commit(lambda d=duel.pk, v=duel.version: _enqueue_bot(d, v))
                continue
            if late.user_id:
                on_vacation = Profile.objects.filter(user_id=late.user_id, vacation_until__gt=now).exists()
                if on_vacation:
                    continue
            _finish(duel, 1 - duel.to_move, Duel.Result.TIMEOUT)
            duel.version += 1
            duel.save()
            _after_commit(duel, duel.to_move)
            ended.append(duel.pk)
    return ended
