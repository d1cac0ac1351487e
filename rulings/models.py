"""Knowledge base: source documents, their entries (rulings, errata, FAQ...), and terms."""

from __future__ import annotations

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import F
from django.db.models.functions import Upper
from django.urls import reverse
from simple_history.models import HistoricalRecords

from rulings.importers.base import KINDS, fold


class Game(models.TextChoices):
    HIGHLANDER = "highlander", "Highlander: The Card Game"
    MECCG = "meccg", "Middle-earth CCG"
    INWO = "inwo", "Illuminati: New World Order"


class Kind(models.TextChoices):
    RULE = "rule", "Rule"
    RULING = "ruling", "Ruling"
    ERRATUM = "erratum", "Erratum"
    CLARIFICATION = "clarification", "Clarification"
    FAQ = "faq", "FAQ"
    ANNOTATION = "annotation", "Annotation"
    EXAMPLE = "example", "Example"


assert set(Kind.values) == set(KINDS)


class Status(models.TextChoices):
    CURRENT = "current", "Current"
    SUPERSEDED = "superseded", "Superseded"
    WITHDRAWN = "withdrawn", "Withdrawn"


class Source(models.Model):
    slug = models.SlugField(max_length=100, unique=True)
    game = models.CharField(max_length=16, choices=Game.choices, db_index=True)
    title = models.CharField(max_length=300)
    authority = models.CharField(max_length=300, help_text="Who issued it: publisher, netrep, designers.")
    authority_kind = models.CharField(max_length=100, blank=True, default="")
    date = models.DateField(
        null=True, blank=True, help_text="Publication date (1 January when only the year is known)."
    )
    date_display = models.CharField(
        max_length=100, blank=True, default="", help_text='As shown to readers: "1990s".'
    )
    format = models.CharField(max_length=40, help_text="The importer that reads it.")
    file_name = models.CharField(max_length=200, blank=True, default="")
    description = models.TextField(blank=True, default="")
    content_sha256 = models.CharField(max_length=64, blank=True, default="")
    imported_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "date", "slug"]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("rulings:source", args=[self.slug])


class Term(models.Model):
    game = models.CharField(max_length=16, choices=Game.choices, db_index=True)
    slug = models.SlugField(max_length=100)
    name = models.CharField(max_length=200)
    search_name = models.CharField(max_length=200, editable=False, db_index=True)

    class Meta:
        ordering = ["game", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="rulings_term_unique_game_slug")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.search_name = fold(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("rulings:term", args=[self.game, self.slug])


class Entry(models.Model):
    source = models.ForeignKey(Source, on_delete=models.PROTECT, related_name="entries")
    key = models.CharField(
        max_length=255, help_text="Stable identity inside the source, kept across editions."
    )
    kind = models.CharField(max_length=16, choices=Kind.choices, db_index=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.CURRENT, db_index=True)
    superseded_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="supersedes"
    )
    valid_from = models.DateField(null=True, blank=True, help_text="In force from (the source's date).")
    valid_to = models.DateField(
        null=True, blank=True, help_text="In force until (when superseded or withdrawn)."
    )
    position = models.PositiveIntegerField(default=0, help_text="Order in the source document.")
    section = models.CharField(
        max_length=300, blank=True, default="", help_text="Term, or chapter › section."
    )
    title = models.CharField(max_length=300, blank=True, default="")
    number = models.CharField(max_length=20, blank=True, default="")
    question = models.TextField(blank=True, default="")
    answer = models.TextField(blank=True, default="")
    text = models.TextField()
    card_name = models.CharField(max_length=200, blank=True, default="")
    card_variant = models.CharField(max_length=100, blank=True, default="")
    card_group = models.CharField(max_length=200, blank=True, default="")
    card_type = models.CharField(max_length=200, blank=True, default="")
    change_note = models.TextField(blank=True, default="")
    flags = models.JSONField(default=list, blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="children"
    )
    cross_refs = models.JSONField(
        default=list, blank=True, help_text='[{"kind", "target", "label"}] as written.'
    )
    # `entry.cards` (the cards the entry names) is declared by the catalogue, as Card.entries: the
    # knowledge base's models name no other app.
    terms = models.ManyToManyField(Term, blank=True, related_name="entries")
    # Maintained by rulings.indexing (the importer, and the admin's save through services.entry_saved).
    search_vector = SearchVectorField(null=True, editable=False)
    search_names = models.TextField(
        blank=True, default="", editable=False, help_text="Folded names for trigram."
    )
    # Set by rulings.services.store_link_text (the importer, and the admin's save through entry_saved).
    link_text = models.TextField(
        blank=True, default="", editable=False, help_text="Folded words, for whole-name card links."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords(excluded_fields=["search_vector", "search_names", "link_text", "updated_at"])

    class Meta:
        ordering = ["source", "position"]
        verbose_name_plural = "entries"
        constraints = [
            # one current entry per key; superseded / withdrawn rows keep their key as history
            models.UniqueConstraint(
                fields=["source", "key"],
                condition=models.Q(status="current"),
                name="rulings_entry_unique_current_key",
            )
        ]
        indexes = [
            # fastupdate off: the entries change rarely (imports, staff edits), and a GIN pending list
            # (filled by inserts until the next vacuum) is read in full by every search
            GinIndex(fields=["search_vector"], name="rulings_entry_search_gin", fastupdate=False),
            GinIndex(
                fields=["search_names"],
                name="rulings_entry_names_trgm",
                opclasses=["gin_trgm_ops"],
                fastupdate=False,
            ),
            models.Index(fields=["source", "position"], name="rulings_entry_source_pos"),
            # an entry's cross-references: the first entry of its source, in document order, with
            # that annotation number or that title (case aside), found without reading the others
            models.Index(fields=["source", "number", "position"], name="rulings_entry_source_number"),
            models.Index(F("source"), Upper("title"), F("position"), name="rulings_entry_source_title_ci"),
        ]

    def __str__(self):
        # also the admin's autocomplete label: 400 entries need title, source and first words apart
        label = self.title or self.card_name or self.section or self.key
        words = (self.question or self.text).split()
        start = " ".join(words[:8]) + ("…" if len(words) > 8 else "")
        return f"{self.get_kind_display()}: {label} — {self.source.title} — {start}"

    def get_absolute_url(self):
        return reverse("rulings:entry", args=[self.pk])

    @property
    def game(self) -> str:
        return self.source.game

    def heading(self) -> str:
        if self.kind == Kind.FAQ:
            return self.question
        return self.title or self.card_name or self.section


# Search's own tables (judge vocabulary, asked questions and reported answers, view counts) live
# in their own module.
from rulings.models_search import (  # noqa: E402,F401
    AnswerReport,
    AskedOrigin,
    AskedQuestion,
    EntryViews,
    JudgeWord,
    ReportStatus,
    VocabularyKind,
)
