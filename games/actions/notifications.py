"""Telling players what happened: a notice in the site, and an e-mail if they want one.

The rules, each enforced here and nowhere else:
- A bot duel sends no e-mail at all, and no "your turn" notice: the bot answers within seconds and
  its player is at the board.
- "Your turn" e-mails (profile choice `each`): at most one per player per duel per day
  (TURN_MAIL_EVERY). `claim_turn_mail` takes the day's slot with one conditional UPDATE of the
  seat's `turn_mailed_at`, so two workers sending at once cannot both win.
- The daily digest (profile choice `daily`): one e-mail per calendar day (UTC) listing the duels
  waiting for the player, sent by Celery beat (`send_turn_digests`), claimed the same way on the
  profile's `digest_mailed_on`.
- Links are built from `settings.SITE_URL`; every e-mail carries a one-click unsubscribe link for
  its kind (a signed token: `unsubscribe_url`, `unsubscribe`).
Texts name the duel and the opponent only: nothing from the rules state (hands, decks, seed).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from games.actions import workers
from games.errors import DuelError
from games.models import Duel, Notification, Profile, Seat

TURN_MAIL_EVERY = timedelta(days=1)
UNSUBSCRIBE_SALT = "games.notifications.unsubscribe"

# What each kind of e-mail is about, the preference that turns it off, and the value that does.
EMAIL_KINDS = {
    "turn": ("about your move (and the daily digest)", "turn_emails", Profile.TurnEmails.NONE),
    "challenge": ("about challenges", "email_on_challenge", False),
    "result": ("about finished duels", "email_on_result", False),
}
EMAIL_KIND_OF_NOTE = {
    Notification.Kind.YOUR_TURN: "turn",
    Notification.Kind.EXTENDED: "turn",
    Notification.Kind.CHALLENGE: "challenge",
    Notification.Kind.ACCEPTED: "challenge",
    Notification.Kind.FINISHED: "result",
}


def _opponent_name(duel: Duel, user) -> str:
    other = next((seat for seat in duel.seats.all() if seat.user_id != user.pk), None)
    return other.display_name if other else "your opponent"


def _against_bot(duel: Duel | None) -> bool:
    return duel is not None and any(seat.bot for seat in duel.seats.all())


def _notify(user, duel: Duel | None, kind: str, text: str, email: bool = True) -> Notification | None:
    if user is None:
        return None
    return _notify_all([(user, kind, text)], duel, email=email)[0]


def _notify_all(notes: list[tuple], duel: Duel | None, email: bool = True) -> list[Notification]:
    """Write (user, kind, text) notices in one statement; each e-mail task is queued on commit.
    Called inside the change's own transaction: a notice is written with what it tells of."""
    created = Notification.objects.bulk_create(
        Notification(user=user, duel=duel, kind=kind, text=text) for user, kind, text in notes
    )
    # No address, no e-mail task; the task checks the preferences and the daily limit when it runs.
    if email and not _against_bot(duel):
        for note, (user, _, _) in zip(created, notes, strict=True):
            if user.email:
                transaction.on_commit(lambda pk=note.pk: workers.enqueue_email(pk))
    return created


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
    if _against_bot(duel):
        return
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
    notes = []
    for seat in duel.seats.all():
        if not seat.user_id:
            continue
        if duel.winner is None:
            outcome = "ended in a draw"
        else:
            outcome = "you won" if duel.winner == seat.index else "you lost"
        reason = duel.get_result_display().lower()
        notes.append(
            (seat.user, Notification.Kind.FINISHED, f"Duel #{duel.pk} is over: {outcome} ({reason}).")
        )
    _notify_all(notes, duel)


# --- The limits ---------------------------------------------------------------------------------


def claim_turn_mail(duel_id: int, user_id: int, now) -> bool:
    """Take today's "your turn" e-mail for this player in this duel; False if one went out in the
    last TURN_MAIL_EVERY. One conditional UPDATE: of two workers at once, one updates the row and
    the other, waiting on its lock, finds the condition false afterwards."""
    due = Q(turn_mailed_at__isnull=True) | Q(turn_mailed_at__lte=now - TURN_MAIL_EVERY)
    return Seat.objects.filter(due, duel_id=duel_id, user_id=user_id).update(turn_mailed_at=now) == 1


def _release_turn_mail(duel_id: int, user_id: int, claimed_at) -> None:
    """The e-mail could not be sent: give the slot back so the task's retry may send it."""
    Seat.objects.filter(duel_id=duel_id, user_id=user_id, turn_mailed_at=claimed_at).update(
        turn_mailed_at=None
    )


def claim_digest(profile_id: int, today) -> bool:
    """Take today's digest for this player (one a calendar day, UTC); same conditional UPDATE."""
    due = Q(digest_mailed_on__isnull=True) | Q(digest_mailed_on__lt=today)
    return Profile.objects.filter(due, pk=profile_id).update(digest_mailed_on=today) == 1


# --- E-mails -------------------------------------------------------------------------------------


def absolute_url(path: str) -> str:
    """A link for an e-mail: SITE_URL (the address the site is served at) and the path."""
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_url(user_id: int, kind: str) -> str:
    token = signing.dumps([user_id, kind], salt=UNSUBSCRIBE_SALT)
    return absolute_url(reverse("games:unsubscribe", args=[token]))


def _unsubscribe_link(token: str) -> tuple[int, tuple]:
    """The user a signed link names and its kind's EMAIL_KINDS entry (about, field, off)."""
    try:
        user_id, kind = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        return user_id, EMAIL_KINDS[kind]
    except (signing.BadSignature, ValueError, TypeError, KeyError):
        raise DuelError("This unsubscribe link is damaged: copy the whole link from the e-mail.") from None


def unsubscribe_about(token: str) -> str:
    """What a signed link would turn off, changing nothing: the page a GET shows asks first,
    because mail scanners open every link in a message and must not unsubscribe anyone."""
    _user_id, (about, _field, _off) = _unsubscribe_link(token)
    return about


def unsubscribe(token: str) -> str:
    """Turn off the kind of e-mail a signed link names; returns what it was about. Works signed
    out: the signature is the proof. A damaged or forged token changes nothing."""
    user_id, (about, field, off) = _unsubscribe_link(token)
    if not Profile.objects.filter(user_id=user_id).update(**{field: off}):
        raise DuelError("This unsubscribe link is for an account that no longer exists.")
    return about


def _send(user, subject: str, body: str, kind: str) -> None:
    link = unsubscribe_url(user.pk, kind)
    about = EMAIL_KINDS[kind][0]
    message = EmailMessage(
        subject=f"[The Judge's Table] {subject}",
        body=f"{body}\n\n--\nNo more e-mails {about}: {link}\nChoose which e-mails you get: "
        f"{absolute_url(reverse('games:profile'))}\n",
        to=[user.email],
        # Mail programs show their own unsubscribe button with these (RFC 2369, RFC 8058).
        headers={"List-Unsubscribe": f"<{link}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.send()


def _wanted(profile: Profile, note: Notification) -> bool:
    if note.kind in (Notification.Kind.YOUR_TURN, Notification.Kind.EXTENDED):
        return profile.turn_emails == Profile.TurnEmails.EACH
    return getattr(profile, EMAIL_KINDS[EMAIL_KIND_OF_NOTE[note.kind]][1])


def send_email(notification_id: int) -> bool:
    """E-mail one notification if its user wants that kind and has an address; True if sent."""
    note = Notification.objects.select_related("user", "duel").filter(pk=notification_id).first()
    if note is None or not note.user.email or _against_bot(note.duel):
        return False
    profile, _ = Profile.objects.get_or_create(user=note.user)
    if not _wanted(profile, note):
        return False
    now = timezone.now()
    limited = note.kind == Notification.Kind.YOUR_TURN and note.duel_id is not None
    if limited and not claim_turn_mail(note.duel_id, note.user_id, now):
        return False
    body = note.text
    if note.duel_id:
        body += f"\n\n{absolute_url(reverse('games:board', args=[note.duel_id]))}"
    try:
        _send(note.user, note.get_kind_display(), body, EMAIL_KIND_OF_NOTE[note.kind])
    except Exception:
        if limited:
            _release_turn_mail(note.duel_id, note.user_id, now)
        raise
    return True


def _waiting_for(user) -> list[Duel]:
    """Duels against a person waiting for this player's move (bot duels send no e-mail)."""
    return list(
        Duel.objects.filter(status=Duel.Status.ACTIVE, seats__user=user, seats__index=F("to_move"))
        .exclude(seats__bot__gt="")
        .prefetch_related("seats__user")
        .order_by("deadline")[:50]
    )


def send_turn_digests(now=None) -> int:
    """The daily digest for every player who chose it and has a duel waiting; returns how many
    went out. Run hourly by Celery beat; a player gets the first one of each UTC day."""
    now = now or timezone.now()
    today = now.date()
    candidates = (
        Profile.objects.filter(turn_emails=Profile.TurnEmails.DAILY)
        .filter(Q(digest_mailed_on__isnull=True) | Q(digest_mailed_on__lt=today))
        .exclude(user__email="")
        .filter(
            user__seats__duel__status=Duel.Status.ACTIVE,
            user__seats__index=F("user__seats__duel__to_move"),
        )
        .select_related("user")
        .distinct()
    )
    sent = 0
    for profile in candidates:
        waiting = _waiting_for(profile.user)
        if not waiting or not claim_digest(profile.pk, today):
            continue
        lines = []
        for duel in waiting:
            clock = f", move by {duel.deadline:%-d %b %H:%M} UTC" if duel.deadline else ""
            lines.append(
                f"- Duel #{duel.pk} against {_opponent_name(duel, profile.user)}{clock}: "
                f"{absolute_url(duel.get_absolute_url())}"
            )
        count = len(waiting)
        body = f"{count} duel{'s are' if count != 1 else ' is'} waiting for your move:\n\n" + "\n".join(lines)
        try:
            _send(profile.user, "Duels waiting for your move", body, "turn")
        except Exception:
            Profile.objects.filter(pk=profile.pk, digest_mailed_on=today).update(digest_mailed_on=None)
            raise
        sent += 1
    return sent


# --- The list in the site ------------------------------------------------------------------------


def mark_read(user, notification_id: int | None = None) -> int:
    """Mark one of the user's notifications read, or all of them; returns how many changed."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if notification_id is not None:
        unread = unread.filter(pk=notification_id)
    return unread.update(read_at=timezone.now())
