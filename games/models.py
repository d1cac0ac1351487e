"""Correspondence duels: decks, duels and their two seats, moves, events, notifications.

The rules state of a duel (`Duel.state`, from `rules.Duel.to_json()`) holds hidden information
(both hands, both endurance orders, the RNG seed); it never leaves the server. Players see only
`rules.Duel.view(seat)`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse


class Profile(models.Model):
    class TurnEmails(models.TextChoices):
        EACH = "each", "When it is my move (at most one a day per duel)"
        DAILY = "daily", "One daily digest of the duels waiting for me"
        NONE = "none", "None"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    turn_emails = models.CharField(
        "E-mails about my move", max_length=5, choices=TurnEmails.choices, default=TurnEmails.EACH
    )
    email_on_challenge = models.BooleanField("E-mail me when I am challenged", default=True)
    email_on_result = models.BooleanField("E-mail me when a duel ends", default=True)
    vacation_days_left = models.PositiveSmallIntegerField(default=14)
    vacation_until = models.DateTimeField(null=True, blank=True)
    # The day (UTC) the last digest went out: claimed by a conditional UPDATE, so one a day.
    digest_mailed_on = models.DateField(null=True, blank=True, editable=False)

    def __str__(self):
        return f"Profile of {self.user}"


class SavedDeck(models.Model):
    """A deck a player keeps (owner set) or a ready-made one for newcomers (owner null)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="decks"
    )
    name = models.CharField(max_length=80)
    pregame = models.JSONField(default=list)
    endurance = models.JSONField(default=list)
    is_starter = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-is_starter", "name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="deck_name_unique_per_owner"),
            # The pair above lets ownerless (ready-made) decks repeat, as NULLs never clash.
            models.UniqueConstraint(
                fields=["name"], condition=models.Q(owner__isnull=True), name="starter_deck_name_unique"
            ),
        ]

    def __str__(self):
        return self.name

    def as_dict(self) -> dict:
        return {"name": self.name, "pregame": list(self.pregame), "endurance": list(self.endurance)}


class Duel(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open challenge"
        CHALLENGED = "challenged", "Waiting for the challenged player"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        DECLINED = "declined", "Declined"
        CANCELLED = "cancelled", "Cancelled"

    class Result(models.TextChoices):
        NONE = "", "—"
        PLAY = "play", "Won in play"
        TIMEOUT = "timeout", "Out of time"
        RESIGNATION = "resignation", "Resignation"

    DAYS_PER_MOVE_CHOICES = [(1, "1 day"), (3, "3 days"), (7, "7 days"), (14, "14 days")]

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="duels_created"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.CHALLENGED)
    days_per_move = models.PositiveSmallIntegerField(choices=DAYS_PER_MOVE_CHOICES, default=3)
    # The rules state (secret); `version` counts applied moves, so a stale move is refused.
    state = models.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveIntegerField(default=0)
    event_count = models.PositiveIntegerField(default=0, editable=False)  # the next event's seq
    # Mirrors of the state for queries ("whose turn", lobby) without loading it.
    to_move = models.PositiveSmallIntegerField(null=True, blank=True)
    phase = models.CharField(max_length=12, blank=True)
    turn = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # More time given by the players, in days (capped per duel), and when it was last e-mailed.
    extended_days = models.PositiveIntegerField(default=0, editable=False)
    extension_mailed_at = models.DateTimeField(null=True, blank=True, editable=False)
    # The shuffle seed is committed to (SHA-256) when the duel starts, revealed when it ends.
    seed = models.CharField(max_length=64, blank=True, editable=False)
    seed_commitment = models.CharField(max_length=64, blank=True)
    seed_revealed = models.BooleanField(default=False)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.CharField(max_length=12, choices=Result.choices, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self):
        return f"Duel #{self.pk}"

    def get_absolute_url(self):
        return reverse("games:board", args=[self.pk])

    def seat_of(self, user) -> Seat | None:
        if not getattr(user, "is_authenticated", False):
            return None
        return next((seat for seat in self.seats.all() if seat.user_id == user.pk), None)

    @property
    def players(self) -> str:
        """Who plays, in seat order, as lists show it ("alice vs Random bot"): from the seats once,
        where a template's loop over them cost a list row more than the rest of it."""
        return " vs ".join(seat.display_name for seat in self.seats.all())  # by index (Seat.Meta)

    def seat_at(self, index: int) -> Seat | None:
        return next((seat for seat in self.seats.all() if seat.index == index), None)

    def outcome(self) -> str:
        """Who won a finished duel and how, in words for lists ("bob resigned: alice won")."""
        if self.status != self.Status.FINISHED:
            return ""
        if self.winner is None:
            return "A draw"
        winner, loser = self.seat_at(self.winner), self.seat_at(1 - self.winner)
        if self.result == self.Result.RESIGNATION:
            return f"{loser.display_name} resigned: {winner.display_name} won"
        if self.result == self.Result.TIMEOUT:
            return f"{loser.display_name} ran out of time: {winner.display_name} won"
        return f"{winner.display_name} won in play"


class Seat(models.Model):
    BOT_CHOICES = [("", "Person"), ("random", "Random bot"), ("heuristic", "Heuristic bot")]

    duel = models.ForeignKey(Duel, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )
    bot = models.CharField(max_length=12, choices=BOT_CHOICES, blank=True, default="")
    deck = models.JSONField(null=True, blank=True)  # {"name", "pregame", "endurance"}, fixed at start
    # When this seat's player was last e-mailed "your turn" in this duel (at most one a day).
    turn_mailed_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["duel", "index"], name="one_seat_per_index"),
            models.CheckConstraint(condition=Q(index__in=[0, 1]), name="seat_index_0_or_1"),
        ]

    def __str__(self):
        return self.display_name

    @property
    def display_name(self) -> str:
        if self.bot:
            return f"{self.get_bot_display()}"
        return self.user.get_username() if self.user_id else "(open seat)"


class Move(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        APPLIED = "applied", "Applied"
        REJECTED = "rejected", "Rejected"

    duel = models.ForeignKey(Duel, on_delete=models.CASCADE, related_name="moves")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    key = models.CharField("Idempotency-Key", max_length=100)
    version = models.PositiveIntegerField(help_text="The duel version the move was made against.")
    actions = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(fields=["duel", "key"], name="idempotency_key_unique_per_duel"),
            # At most one live move per version: a second, different move on it is a conflict.
            models.UniqueConstraint(
                fields=["duel", "version"],
                condition=~Q(status="rejected"),
                name="one_live_move_per_version",
            ),
        ]

    def __str__(self):
        return f"Move {self.pk} on duel {self.duel_id} v{self.version} ({self.status})"

    def get_absolute_url(self):
        return reverse("games-api:move-detail", args=[self.pk])


class Event(models.Model):
    """One rules event, in order; `data` is `rules.Event.to_json()` and is rendered per seat."""

    duel = models.ForeignKey(Duel, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    move = models.ForeignKey(Move, null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    rule = models.CharField(max_length=120)
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["duel", "seq"]
        constraints = [models.UniqueConstraint(fields=["duel", "seq"], name="event_seq_unique_per_duel")]

    def __str__(self):
        return f"{self.duel_id}#{self.seq} {self.rule}"


class Notification(models.Model):
    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", "Your turn"
        CHALLENGE = "challenge", "Challenge"
        ACCEPTED = "accepted", "Challenge accepted"
        FINISHED = "finished", "Duel finished"
        EXTENDED = "extended", "More time"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    duel = models.ForeignKey(Duel, null=True, blank=True, on_delete=models.CASCADE)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # the header counts a player's unread ones on every page: an index of those alone,
            # whatever number of read ones years of duels leave behind
            models.Index(fields=["user"], condition=Q(read_at__isnull=True), name="games_notification_unread")
        ]

    def __str__(self):
        return self.text


class WorkerHeartbeat(models.Model):
    """A row a Celery worker writes when it runs the heartbeat task.

    Beat schedules the task every minute, so the newest row tells whether the worker and beat
    are alive; the test suite sends it through Redis to prove the whole task path.
    """

    token = models.CharField(max_length=64, unique=True)
    worker = models.CharField(max_length=255)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.worker} at {self.created_at:%Y-%m-%d %H:%M:%S}"
