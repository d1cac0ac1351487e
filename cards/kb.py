"""The catalogue's only contact with the knowledge base (the rulings app, another team's):
finding the entry an erratum comes from, and the entries that name a card. Written against
``rulings.Entry`` by field name, and quiet when the rulings app is not there yet."""

from __future__ import annotations

import re

from django.apps import apps
from django.db.models import Q

from cards.schema import fold
from config.compiled import CompiledQuery


def entry_model():
    try:
        return apps.get_model("rulings", "Entry")
    except (LookupError, ValueError):
        return None


# The entries linked to a card, with their sources (the card page's read, compiled once).
_ENTRIES_NAMING = CompiledQuery(
    lambda card_id: entry_model().objects.filter(cards=card_id).select_related("source")
)


def _fields(model) -> set[str]:
    return {f.name for f in model._meta.get_fields()}


def available() -> bool:
    from cards.models import TextVersion

    return entry_model() is not None and "source_entry" in _fields(TextVersion)


def find_entry(card, kind: str, source: str, heading: str = ""):
    """The entry of ``kind`` for ``card`` in the source with slug ``source``, or None."""
    entry_cls = entry_model()
    if entry_cls is None:
        return None
    names = _fields(entry_cls)
    entries = entry_cls.objects.filter(kind=kind)
    if source and "source" in names:
        entries = entries.filter(source__slug=source)
    wanted = [n for n in (card.name, heading) if n]
    attempts = []
    if "card_name" in names:
        by_name = entries.filter(card_name__in=wanted) | entries.filter(card_name__iexact=card.name)
        if card.variant and "card_variant" in names:
            attempts.append(by_name.filter(card_variant__iexact=card.variant))
        attempts.append(by_name)
    if "cards" in names:
        attempts.append(entries.filter(cards=card))
    if "title" in names and wanted:
        title_q = Q()
        for n in wanted:
            title_q |= Q(title__iexact=n)
        attempts.append(entries.filter(title_q))
    for candidates in attempts:
        found = candidates.order_by("pk").first()
        if found is not None:
            return found
    return None


# Card-specific kinds first: a card's erratum or clarification settles more than a general rule.
KIND_ORDER = ["erratum", "clarification", "ruling", "faq", "rule", "annotation", "example"]


def _variant_key(variant: str) -> str:
    return fold(variant).replace("-", " ").strip()


def about_level(entry, card, version_entries: set) -> int | None:
    """How directly the entry is ABOUT the card: 0 headed with it (an entry one of its text
    versions comes from; an entry headed with a card, errata and clarifications, when that card
    is this one, variant included: Darius Combination's erratum names Darius but is not about
    him, Sideswipe (right)'s is not about Sideswipe (left); a rule titled with its name, plural
    too: "Head Shots"), 1 a question that names it; None when it names the card in passing."""
    if entry.pk in version_entries:
        return 0
    name = fold(card.name)
    card_name = getattr(entry, "card_name", "") or ""
    if card_name:
        if fold(card_name) != name:
            return None
        variant = getattr(entry, "card_variant", "") or ""
        same = not variant or not card.variant or _variant_key(variant) == _variant_key(card.variant)
        return 0 if same else None
    if fold(getattr(entry, "title", "") or "") in {name, name + "s", name + "es"}:
        return 0
    named = re.compile(rf"(?<![\w'’]){re.escape(name)}(?![\w'’])")
    return 1 if named.search(fold(getattr(entry, "question", "") or "")) else None


# The sources' slugs and titles (the card page's timeline; compiled once, where the ORM compiled
# this on every card page: 0.6 ms of its ~8 at 100x data).
_SOURCE_TITLES = CompiledQuery(
    lambda: apps.get_model("rulings", "Source").objects.values_list("slug", "title")
)


def source_titles() -> dict[str, str]:
    """Each knowledge-base source's slug and title (a version names its source by slug)."""
    if entry_model() is None:
        return {}
    return dict(_SOURCE_TITLES())


def rulings_about(card, version_entries: set | None = None) -> tuple[list, list]:
    """The knowledge-base entries linked to the card (``Card.entries``), split in two: those
    about it (``about_level``) and those naming it in passing. Each list puts first what a player
    needs first: current before superseded, headed with the card before asking about it, errata
    and clarifications before rules, the newest source first, then in document order."""
    if getattr(card, "entries", None) is None:
        return [], []
    entries = _ENTRIES_NAMING(card.pk)
    from cards.models import TextVersion

    if version_entries is None:  # the entries the card's text versions come from, unless known
        version_entries = set(
            TextVersion.objects.filter(card=card, source_entry__isnull=False).values_list(
                "source_entry", flat=True
            )
        )

    levels = {entry.pk: about_level(entry, card, version_entries) for entry in entries}

    def rank(entry):
        date = getattr(entry.source, "date", None)
        kind = entry.kind if entry.kind in KIND_ORDER else "example"
        return (
            entry.status != "current",
            levels[entry.pk] or 0,
            KIND_ORDER.index(kind),
            -(date.toordinal() if date else 0),
            entry.position,
            entry.pk,
        )

    about = sorted((e for e in entries if levels[e.pk] is not None), key=rank)
    mentions = sorted((e for e in entries if levels[e.pk] is None), key=rank)
    return about, mentions


def rulings_for(card) -> list:
    """Every entry linked to the card: those about it first, then the passing mentions."""
    about, mentions = rulings_about(card)
    return about + mentions


def excerpt(text: str, name: str, before: int = 25, after: int = 55) -> str:
    """About `before` + `after` words of `text` around the first mention of `name` (from the
    start if it is not named there), with an ellipsis where text was left out."""
    at = text.casefold().find(name.casefold())
    words = text.split()
    first = max(0, len(text[:at].split()) - before) if at > 0 else 0
    last = min(len(words), first + before + after)
    return " ".join(["…"] * (first > 0) + words[first:last] + ["…"] * (last < len(words)))


def entry_summary(entry) -> dict | None:
    """A small JSON-safe description of an entry, for the API and the card page."""
    if entry is None:
        return None
    source = getattr(entry, "source", None)
    url = entry.get_absolute_url() if hasattr(entry, "get_absolute_url") else ""
    title = getattr(entry, "title", "") or getattr(entry, "card_name", "") or getattr(entry, "section", "")
    return {
        "id": entry.pk,
        "kind": getattr(entry, "kind", ""),
        "title": title,
        "text": getattr(entry, "text", ""),
        "source": getattr(source, "slug", None) or (str(source) if source else None),
        "source_title": getattr(source, "title", "") if source else "",
        "url": url,
    }
