"""Reads for the pages: an entry with its neighbours, a source's whole document, a term's entries."""

from __future__ import annotations

from rulings.models import Entry, Source, Status, Term


def entry_detail(pk: int) -> tuple[Entry, list[Entry], list[dict]]:
    entry = (
        Entry.objects.select_related("source", "parent", "superseded_by")
        .prefetch_related("cards", "terms")
        .get(pk=pk)
    )
    around = list(
        Entry.objects.filter(source=entry.source, status=Status.CURRENT, position__gte=entry.position - 2)
        .filter(position__lte=entry.position + 2)
        .exclude(pk=entry.pk)
        .order_by("position")
    )
    return entry, around, resolved_refs(entry)


def resolved_refs(entry: Entry) -> list[dict]:
    """The entry's cross-references, each with the target entry when it exists (else dangling)."""
    refs = []
    for ref in entry.cross_refs:
        target = None
        same_source = Entry.objects.filter(source=entry.source, status=Status.CURRENT)
        if ref.get("kind") == "annotation":
            target = same_source.filter(kind="annotation", number=ref["target"]).order_by("position").first()
        elif ref.get("kind") == "section":
            target = same_source.filter(title__iexact=ref["target"]).order_by("position").first()
        refs.append({**ref, "entry": target, "dangling": target is None})
    return refs


def source_document(slug: str) -> tuple[Source, list[Entry]]:
    source = Source.objects.get(slug=slug)
    entries = source.entries.filter(status=Status.CURRENT).prefetch_related("cards").order_by("position")
    return source, list(entries)


def term_detail(game: str, slug: str) -> tuple[Term, list[Entry]]:
    term = Term.objects.get(game=game, slug=slug)
    return term, list(
        term.entries.filter(status=Status.CURRENT).select_related("source").order_by("source", "position")
    )
