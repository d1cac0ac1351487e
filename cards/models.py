"""The card catalogue: cards of three games and the versions of their text (printed, errata,
clarifications). Every change to either is kept by django-simple-history, with who and when."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex
from django.db import models
from django.urls import reverse
from django.utils import timezone
from simple_history.models import HistoricalRecords

from cards.schema import GAMES, fold


class Game(models.TextChoices):
    HIGHLANDER = "highlander", "Highlander: The Card Game"
    MECCG = "meccg", "Middle-earth CCG"
    INWO = "inwo", "Illuminati: New World Order"


assert tuple(Game.values) == GAMES  # noqa: S101 - one list of games for the file format and the models


class SubtitleKind(models.TextChoices):
    NONE = "", "generic"
    PERSONA = "persona", "persona"
    WEAPON = "weapon", "weapon of choice"
    FACTION = "faction", "faction"


class HistoryQuerySet(models.QuerySet):
    """``update()`` keeps history too: each changed row gets a historical record, with the
    request's user when there is one (django-simple-history's middleware)."""

    def update(self, **kwargs):
        from django.db.models.expressions import Combinable
        from simple_history.utils import bulk_update_with_history

        if any(isinstance(v, Combinable) for v in kwargs.values()):
            return super().update(**kwargs)  # expressions: no per-row values to record
        objs = list(self)
        for obj in objs:
            for key, value in kwargs.items():
                setattr(obj, key, value)
        if objs:
            bulk_update_with_history(objs, self.model, list(kwargs), default_change_reason="bulk update")
            after = AFTER_BULK_UPDATE.get(self.model)
            if after:
                after(objs)
        return len(objs)


# What a bulk update() of a model's rows must redo after it: the derived facts (cards.services
# .refresh_derived) and the errata rule (cards.services.sync_cards_of). They live above the models,
# so cards.apps registers them here at start-up, and the models never import them.
AFTER_BULK_UPDATE: dict[type[models.Model], Callable[[list], object]] = {}


class Card(models.Model):
    game = models.CharField(max_length=16, choices=Game.choices, db_index=True)
    name = models.CharField(max_length=200, help_text="The title as printed, with accents.")
    search_name = models.CharField(
        max_length=200,
        editable=False,
        db_index=True,
        help_text="The name with accents and case folded, for search.",
    )
    variant = models.CharField(
        max_length=100,
        blank=True,
        default="",
        help_text="Tells apart cards of one title (e.g. left / right); empty otherwise.",
    )
    slug = models.SlugField(max_length=220, unique=True)
    type = models.CharField(max_length=100, blank=True, default="")
    subtitle = models.CharField("sub-title", max_length=200, blank=True, default="")
    subtitle_kind = models.CharField(
        "sub-title kind", max_length=16, choices=SubtitleKind.choices, blank=True, default=""
    )
    restriction = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Restriction number; empty when unrestricted."
    )
    attributes = models.JSONField(
        default=dict,
        blank=True,
        help_text='Game-specific facts, e.g. {"grid": "X--/X--/X--", "signature": true}.',
    )
    text = models.TextField(blank=True, default="", help_text="The current text: the latest version's.")
    has_errata = models.BooleanField(default=False, editable=False)
    is_special = models.BooleanField(
        default=False,
        editable=False,
        help_text="A Special Card (event, situation, location, object) or Special Attack.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    # The knowledge-base entries that name this card, computed from their text by cards.links.
    # Declared here, not on Entry, because the catalogue depends on the knowledge base and never
    # the reverse (the table keeps the name it was created with).
    entries = models.ManyToManyField(
        "rulings.Entry", blank=True, editable=False, related_name="cards", db_table="rulings_entry_cards"
    )
    history = HistoricalRecords(excluded_fields=["updated_at"])
    objects = HistoryQuerySet.as_manager()

    class Meta:
        ordering = ["game", "name", "variant"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "name", "variant"], name="cards_card_unique_game_name_variant"
            ),
        ]
        indexes = [
            GinIndex(fields=["search_name"], name="cards_card_search_trgm", opclasses=["gin_trgm_ops"])
        ]

    def __str__(self):
        label = f"{self.name} ({self.variant})" if self.variant else self.name
        return f"{label} [{self.get_game_display()}]"

    def save(self, *args, **kwargs):
        # a normalised copy of the name (like a generated column); the derived facts that need
        # rules (is_special, text, has_errata, links) are set by cards.services / cards.errata
        self.search_name = fold(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("cards:detail", args=[self.slug])

    @property
    def grid(self) -> str:
        return (self.attributes or {}).get("grid", "")

    @property
    def display_name(self) -> str:
        return f"{self.name} ({self.variant})" if self.variant else self.name


class LiveVersionQuerySet(HistoryQuerySet):
    def live(self):
        return self.filter(deleted_at__isnull=True)


class LiveVersionManager(models.Manager.from_queryset(LiveVersionQuerySet)):
    """The versions in force: soft-deleted ones are kept but left out (``TextVersion.all_objects``
    sees them). Being the default manager, ``card.versions`` is the live history too."""

    def get_queryset(self):
        return super().get_queryset().filter(deleted_at__isnull=True)


class TextVersion(models.Model):
    class Kind(models.TextChoices):
        PRINTED = "printed", "printed"
        ERRATUM = "erratum", "erratum"
        CLARIFICATION = "clarification", "clarification"

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="versions")
    position = models.PositiveIntegerField(default=0, help_text="Order in the card's history, oldest first.")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    text = models.TextField(blank=True, default="")
    date = models.DateField(
        null=True, blank=True, help_text="When the source published it (empty for the printing)."
    )
    note = models.TextField(
        blank=True, default="", help_text="The change note, e.g. 'Last line of text added'."
    )
    source = models.CharField(
        max_length=100,
        blank=True,
        default="",
        help_text="The source document's slug, e.g. highlander-mle-rule-supplement-2007 "
        "(one of the knowledge base's sources; checked by cards.errata).",
    )
    heading = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text="The heading the source prints it under, when not the card name.",
    )
    source_entry = models.ForeignKey(
        "rulings.Entry",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="card_versions",
        help_text="The knowledge-base entry (erratum / clarification) it comes from.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    # Soft delete: a deleted version is kept (and restorable), only left out of the card's text.
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    deleted_reason = models.TextField(blank=True, default="", editable=False)

    history = HistoricalRecords()
    objects = LiveVersionManager()
    all_objects = LiveVersionQuerySet.as_manager()

    class Meta:
        ordering = ["card", "position", "id"]

    def __str__(self):
        when = f" {self.date.isoformat()}" if self.date else ""
        return f"{self.card.display_name}: {self.kind}{when}"

    def save(self, *args, **kwargs):
        if self._state.adding and not self.position and self.card_id:
            last = (
                TextVersion.all_objects.filter(card_id=self.card_id)
                .order_by("-position")
                .values_list("position", flat=True)
                .first()
            )
            self.position = 0 if last is None else last + 1
        super().save(*args, **kwargs)

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None
