"""Clocks: more time given by the opponent, vacations, and losing on time (Celery beat)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.actions import notifications
from games.actions.duel_state import finish, locked_duel, tell_players
from games.actions.workers import enqueue_bot
from games.errors import DuelError
from games.models import Duel, Profile

MAX_EXTENSION_DAYS = 30  # more time given in one duel, in all

EXTENSION_MAIL_EVERY = timedelta(hours=1)


def give_more_time(user, duel_id: int, days: int) -> Duel:
    if days not in (1, 3, 7, 14):
        raise DuelError("More time is given in 1, 3, 7 or 14 days.")
    with transaction.atomic():
        duel = locked_duel(duel_id)
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
            duel = locked_duel(duel_id)
            if duel.status != Duel.Status.ACTIVE or duel.deadline is None or duel.deadline >= now:
                continue
            late = duel.seat_at(duel.to_move)
            if late.bot:
                # A bot never runs out of time: its turn was lost (worker down); ask again.
                transaction.on_commit(lambda d=duel.pk, v=duel.version: enqueue_bot(d, v))
                continue
            if late.user_id:
                on_vacation = Profile.objects.filter(user_id=late.user_id, vacation_until__gt=now).exists()
                if on_vacation:
                    continue
            finish(duel, 1 - duel.to_move, Duel.Result.TIMEOUT)
            duel.version += 1
            duel.save()
            tell_players(duel, duel.to_move)
            ended.append(duel.pk)
    return ended
