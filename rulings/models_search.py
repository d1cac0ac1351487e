"""Data the search reads besides the entries: the judge vocabulary (editable in the admin), the
questions judges asked with the entry that answered each (editable too), and how often each entry
is read (for the empty search page's "most viewed")."""

from __future__ import annotations

import re

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models

from rulings.textfold import fold


class VocabularyKind(models.TextChoices):
    ALTERNATIVE = "alternative", "Also search for (a judge's word -> the documents' word)"
    REWRITE = "rewrite", "Rewrite the phrase (before the words are read)"
    FILLER = "filler", "Question word (counts little)"
    SOURCE = "source", "Names a source (the question searches it first)"


# A source's name, as a judge types it: one word ("crf"); a rewrite reads a phrase as it.
SOURCE_NAME = re.compile(r"[^\W_]+")

# In a rewrite's phrase, GAP stands for the words a judge puts inside a phrasal verb ("throw * away").
GAP = "*"


def gap_problem(typed: str, kind: str) -> str | None:
    """What is wrong with a "*" in a row's phrase, or None: only a rewrite's phrase may hold one,
    once, alone between two words (a "*" at an end would take any word beside the phrase)."""
    if GAP not in typed:
        return None
    words = typed.split()
    if kind != VocabularyKind.REWRITE:
        return "Only a rewrite's phrase may hold a * (the words inside a phrasal verb)."
    inside = words[1:-1]
    if words.count(GAP) != 1 or GAP not in inside or any(GAP in word for word in words if word != GAP):
        return "A * stands alone, once, between two words of the phrase: throw * away."
    return None


class JudgeWord(models.Model):
    """A judge's way of saying what the documents say otherwise: "deck" also finds "endurance",
    "run out" reads as "exhaust", "something" counts little. Read by rulings.search (cached for
    VOCABULARY_TTL seconds per process; the admin clears the cache of the process that saves)."""

    typed = models.CharField(
        max_length=100,
        help_text="As a judge types it, lower case, no accents: a word, or a phrase for a rewrite. In a "
        "rewrite, * stands for the one to three words inside a phrasal verb, kept after the replacement "
        '("throw * away" reads "throw them away" as "discard them").',
    )
    kind = models.CharField(max_length=16, choices=VocabularyKind.choices, default=VocabularyKind.ALTERNATIVE)
    means = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text="Alternative: the documents' words, separated by commas. Rewrite: the replacement "
        "phrase. Filler: leave empty. Source: the source's slug (as in its page's address).",
    )
    note = models.CharField(max_length=200, blank=True, default="", help_text="Why (for the next editor).")

    class Meta:
        ordering = ["kind", "typed"]
        constraints = [
            models.UniqueConstraint(fields=["typed", "kind"], name="rulings_judgeword_unique_typed_kind")
        ]

    def __str__(self):
        return f"{self.typed} ({self.kind})" + (f" -> {self.means}" if self.means else "")

    def clean(self):
        if problem := gap_problem(self.typed, self.kind):
            raise ValidationError({"typed": problem})
        if self.kind == VocabularyKind.SOURCE:
            self._clean_source_name()

    def _clean_source_name(self):
        """A source's name is one word as search reads words ("crf"), and names a source there is."""
        if not SOURCE_NAME.fullmatch(fold(self.typed).strip()):
            raise ValidationError(
                {"typed": 'A source\'s name is one word ("crf"); a rewrite can read a phrase as it.'}
            )
        if not apps.get_model("rulings", "Source").objects.filter(slug=self.means.strip()).exists():
            raise ValidationError({"means": f'No source has the slug "{self.means.strip()}".'})


class AskedOrigin(models.TextChoices):
    BUNDLED = "bundled", "Bundled (the search evaluation's tuning and probe questions)"
    EDITOR = "editor", "Added by an editor"
    JUDGE = "judge", "A judge's report, accepted by an editor"


class AskedQuestion(models.Model):
    """A question a judge asked, and the entry that answers it: a new question much like it lifts
    that entry among the first results (rulings.search_rerank.asked_likeness). The entry is named by
    its source and key, which a new edition keeps, as the search evaluation names its answers."""

    source = models.ForeignKey("rulings.Source", on_delete=models.CASCADE, related_name="asked_questions")
    key = models.CharField(max_length=255, help_text="The answering entry's key in its source.")
    text = models.CharField(max_length=500, help_text="The question, as a judge typed it.")
    origin = models.CharField(max_length=16, choices=AskedOrigin.choices, default=AskedOrigin.EDITOR)
    # Derived by rulings.asked.analyse_asked (the import, and the admin's save): the question's
    # words as search reads them, each [its lexeme and alternatives, its weight].
    words = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        ordering = ["source", "key", "pk"]
        indexes = [models.Index(fields=["source", "key"], name="rulings_asked_source_key")]

    def __str__(self):
        return f"{self.text} -> {self.key}"

    def clean(self):
        if self.source_id and not (
            apps.get_model("rulings", "Entry")
            .objects.filter(source_id=self.source_id, key=self.key, status="current")
            .exists()
        ):
            raise ValidationError({"key": f'The source has no current entry with the key "{self.key}".'})


class ReportStatus(models.TextChoices):
    PENDING = "pending", "Waiting for an editor"
    ACCEPTED = "accepted", "Accepted: search learns from it"
    REJECTED = "rejected", "Rejected"


class AnswerReport(models.Model):
    """A judge's word that an entry answered the question they searched for. Search learns from it
    only once an editor accepts it (rulings.asked.accept_reports makes it an asked question): a
    report that lifted its entry at once would let anyone push any entry first. The same question
    for the same entry is one row, counted; nothing about the reporter is kept."""

    entry = models.ForeignKey("rulings.Entry", on_delete=models.CASCADE, related_name="answer_reports")
    text = models.CharField(max_length=500, help_text="The question, as search read it.")
    times = models.PositiveIntegerField(default=1, help_text="How many times it was reported.")
    status = models.CharField(max_length=16, choices=ReportStatus.choices, default=ReportStatus.PENDING)
    first_reported = models.DateTimeField(auto_now_add=True)
    last_reported = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-last_reported", "pk"]
        constraints = [models.UniqueConstraint(fields=["entry", "text"], name="rulings_report_entry_text")]
        indexes = [models.Index(fields=["status", "-last_reported"], name="rulings_report_status")]

    def __str__(self):
        return f"{self.text} -> entry {self.entry_id} ({self.times}x, {self.status})"


class EntryViews(models.Model):
    """How many times an entry's page was read: one upsert per view (no row lock held beyond it)."""

    entry = models.OneToOneField(
        "rulings.Entry", on_delete=models.CASCADE, primary_key=True, related_name="views"
    )
    count = models.PositiveBigIntegerField(default=0)
    last_viewed = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "entry views"
        indexes = [models.Index(fields=["-count"], name="rulings_entryviews_count")]

    def __str__(self):
        return f"entry {self.entry_id}: {self.count} views"
