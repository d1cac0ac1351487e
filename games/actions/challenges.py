"""Challenges: create one (or a bot duel), accept, decline or withdraw it; starting a duel."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

import rules
from games.actions import notifications
from games.actions.bots import BOT_KINDS
from games.actions.decks import deck_problems
from games.actions.duel_state import locked_duel, store_state, tell_players
from games.errors import DuelError
from games.models import Duel, SavedDeck, Seat


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
        duel = locked_duel(duel_id)
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
        duel = locked_duel(duel_id)
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
    store_state(duel, state, previous_to_move=None)
    duel.save()
    tell_players(duel, previous_to_move=None)


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(seed_hex.encode()).hexdigest()
