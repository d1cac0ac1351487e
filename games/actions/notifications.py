"""Telling players what happened: a notification in the site, and an e-mail if they want one.

Texts name the duel and the opponent only: nothing from the rules state (hands, decks, seed).
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse

from games.models import Duel, Notification, Profile

PREFERENCE_FOR_KIND = {
    Notification.Kind.YOUR_TURN: "email_on_turn",
    Notification.Kind.CHALLENGE: "email_on_challenge",
    Notification.Kind.ACCEPTED: "email_on_challenge",
    Notification.Kind.FINISHED: "email_on_result",
    Notification.Kind.EXTENDED: "email_on_turn",
}


def _opponent_name(duel: Duel, user) -> str:
    other = next((seat for seat in duel.seats.all() if seat.user_id != user.pk), None)
    return other.display_name if other else "your opponent"


def _notify(user, duel: Duel | None, kind: str, text: str, email: bool = True) -> Notification | None:
    if user is None:
        return None
    note = Notification.objects.create(user=user, duel=duel, kind=kind, text=text)
    if email and user.email:  # no address, no e-mail task (the task checks the preferences when it runs)
        transaction.on_commit(lambda: _enqueue_email(note.pk))
    return note


def _enqueue_email(notification_id: int) -> None:
    from games.tasks import email_notification

    email_notification.delay(notification_id)


def notify_challenge(duel: Duel, opponent) -> None:
    _notify(
        opponent,
        duel,
        Notification.Kind.CHALLENGE,
        f"{duel.created_by.get_username()} challenged you to a duel.",
    )


def notify_accepted(duel: Duel) -> None:
    _notify(
        duel.created_by,
        duel,
        Notification.Kind.ACCEPTED,
        f"{_opponent_name(duel, duel.created_by)} accepted your challenge.",
    )


def notify_turn(duel: Duel, user) -> None:
    _notify(
        user,
        duel,
        Notification.Kind.YOUR_TURN,
        f"Your move in duel #{duel.pk} against {_opponent_name(duel, user)}.",
    )


def notify_extended(duel: Duel, user, days: int, email: bool = True) -> None:
    _notify(
        user,
        duel,
        Notification.Kind.EXTENDED,
        f"{_opponent_name(duel, user)} gave you {days} more day(s) in duel #{duel.pk}.",
        email=email,
    )


def notify_finished(duel: Duel) -> None:
    for seat in duel.seats.all():
        if not seat.user_id:
            continue
        if duel.winner is None:
            outcome = "ended in a draw"
        else:
            outcome = "you won" if duel.winner == seat.index else "you lost"
        reason = duel.get_result_display().lower()
        _notify(
            seat.user, duel, Notification.Kind.FINISHED, f"Duel #{duel.pk} is over: {outcome} ({reason})."
        )


def send_email(notification_id: int) -> bool:
    """E-mail one notification if its user wants that kind and has an address; True if sent."""
    note = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if note is None or not note.user.email:
        return False
    profile, _ = Profile.objects.get_or_create(user=note.user)
    if not getattr(profile, PREFERENCE_FOR_KIND.get(note.kind, "email_on_turn")):
        return False
    link = ""
    if note.duel_id:
        link = f"\n\n{settings.SITE_URL.rstrip('/')}{reverse('games:board', args=[note.duel_id])}"
    send_mail(
        subject=f"[The Judge's Table] {note.get_kind_display()}",
        message=f"{note.text}{link}\n\nChange which e-mails you get on your profile page.",
        from_email=None,
        recipient_list=[note.user.email],
    )
    return True
