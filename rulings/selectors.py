"""Reads for the pages: an entry with its neighbours, a source's whole document, a term's entries."""

from __future__ import annotations

from django.db.models import F, Q, QuerySet, Value
from django.utils.text import slugify

from config.compiled import CompiledQuery, as_prefetched
from rulings.labels import UNTITLED, label_all
from rulings.models import Entry, Source, Status, Term
from rulings.textfold import fold

# What no page shows of an entry: the search index's columns and the card linker's folded words
# (on a long entry, its text over again). The pages and lists leave them unread.
UNSHOWN = ("search_vector", "search_names", "link_text")


def listed(entries: QuerySet[Entry]) -> QuerySet[Entry]:
    """Entries as the pages read them (an entry's page, every list, the feed, the API's list)."""
    return entries.defer(*UNSHOWN)


_SOURCES = CompiledQuery(lambda: Source.objects.all())
# The sources this process read last, with the sources' version a statement saw just before
# (rulings.search_lexicon.SOURCES_VERSION): (version, sources).
_sources_read: tuple[str, list[Source]] | None = None


def all_sources(version: str | None = None) -> list[Source]:
    """Every source, in the model's order (the search page's facet labels and its list to browse):
    compiled once per process, where the ORM compiled it on every search (0.47 -> 0.25 ms of CPU).
    With `version`, the sources' version the search statement just saw: the list this process read
    after a statement that saw the same, without reading it again (0.3 ms of the search page's CPU
    and a round trip). The list read is kept under the version seen before it, so it is never older
    than that version, and no later state of the sources has that version. Shared: never changed."""
    global _sources_read
    read = _sources_read
    if version is not None and read is not None and read[0] == version:
        return read[1]
    sources = _SOURCES()
    if version is not None:
        _sources_read = (version, sources)
    return sources


_ENTRY_DETAIL = CompiledQuery(
    lambda pk: listed(Entry.objects.select_related("source", "parent", "superseded_by")).filter(pk=pk)
)
# Its cards and terms, as prefetch_related("cards", "terms") read them, each compiled once too: the
# ORM compiled the two prefetches for every page, 1.9 ms of the read's 3.8 ms of CPU at 100x data.
# Read through the entry's own relations (the cards' is the catalogue's hook on an entry).
_ENTRY_CARDS = CompiledQuery(lambda pk: Entry(pk=pk).cards.all())
_ENTRY_TERMS = CompiledQuery(lambda pk: Entry(pk=pk).terms.all())


def entry_detail(pk: int) -> tuple[Entry, list[Entry], list[dict]]:
    entry = _ENTRY_DETAIL.first(pk)
    if entry is None:
        raise Entry.DoesNotExist(f"no entry {pk}")
    as_prefetched(entry, "cards", _ENTRY_CARDS(pk))
    as_prefetched(entry, "terms", _ENTRY_TERMS(pk))
    around = label_all(neighbours(entry))
    label_all([entry])
    return entry, around, resolved_refs(entry)


def _neighbours_query(source_id: int, here: int, pk: int, each_side: int = 2) -> QuerySet[Entry]:
    current = listed(Entry.objects.filter(source_id=source_id, status=Status.CURRENT))
    before = current.filter(Q(position__lt=here) | Q(position=here, pk__lt=pk), position__lte=here)
    after = current.filter(Q(position__gt=here) | Q(position=here, pk__gt=pk), position__gte=here)
    before = before.order_by("-position", "-pk")[:each_side]
    after = after.order_by("position", "pk")[:each_side]
    return before.union(after, all=True)  # one round trip


_NEIGHBOURS = CompiledQuery(_neighbours_query)


def neighbours(entry: Entry) -> list[Entry]:
    """The current entries just before and just after it in its document, in document order
    (position, then id: entries sharing a position are told apart). Each side is one bounded
    index scan from the entry's position: a source of 50,000 entries costs what one of 50 does."""
    found = _NEIGHBOURS(entry.source_id, entry.position, entry.pk)
    return sorted(found, key=lambda other: (other.position, other.pk))


def resolved_refs(entry: Entry) -> list[dict]:
    """The entry's cross-references, each with its target when it exists (else dangling): the
    first current entry of its source, in document order, that is the annotation of that number
    or has that title (case aside). One query: a one-row index lookup per reference."""
    current = listed(Entry.objects.filter(source_id=entry.source_id, status=Status.CURRENT))
    lookups = []
    for index, ref in enumerate(entry.cross_refs):
        if ref.get("kind") == "annotation":
            found = current.filter(kind="annotation", number=str(ref["target"]))
        elif ref.get("kind") == "section":
            found = current.filter(title__iexact=str(ref["target"]))
        else:
            continue
        lookups.append(found.annotate(ref_index=Value(index)).order_by("position", "pk")[:1])
    targets = {}
    if lookups:
        targets = {found.ref_index: found for found in lookups[0].union(*lookups[1:], all=True)}
    return [
        {**ref, "entry": targets.get(index), "dangling": index not in targets}
        for index, ref in enumerate(entry.cross_refs)
    ]


def source_document(slug: str) -> tuple[Source, list[Entry], list[dict]]:
    """The source's current entries in order, each with a descriptive anchor (from its key, which
    survives a re-import), and its table of contents: each section with its anchor and entries."""
    source = Source.objects.get(slug=slug)
    entries = label_all(
        list(
            listed(source.entries.filter(status=Status.CURRENT))
            .prefetch_related("cards")
            .order_by("position")
        )
    )
    contents: list[dict] = []
    for entry in entries:
        entry.anchor = slugify(entry.key.replace("/", "-"))
        if not contents or contents[-1]["section"] != entry.section:
            name = (
                entry.section if not entry.section.startswith(UNTITLED) else "(untitled part of the excerpt)"
            )
            contents.append({"section": entry.section, "name": name, "anchor": "", "entries": []})
            contents[-1]["anchor"] = f"section-{len(contents)}-{slugify(name)[:60]}"
        entry.section_anchor = contents[-1]["anchor"]
        contents[-1]["entries"].append(entry)
    return source, entries, contents


def term_detail(game: str, slug: str) -> tuple[Term, Entry | None, list[Entry]]:
    """The term, the entry that defines it (a rule headed by the term's name, if a document has
    one), and the other entries that use it."""
    term = Term.objects.get(game=game, slug=slug)
    entries = label_all(
        list(
            listed(term.entries.filter(status=Status.CURRENT))
            .select_related("source")
            .order_by("source", "position")
        )
    )
    name = term.search_name
    names = {name, name + "s", name.removesuffix("s")}

    def heading(entry: Entry) -> str:
        return fold(entry.title or entry.section.split(" › ")[-1])

    # a rule headed by the term defines it; rulings filed under the term (MECCG's CRF) do not
    definition = next((e for e in entries if e.kind == "rule" and heading(e) in names), None)
    return term, definition, [entry for entry in entries if entry is not definition]


def recent_entries(limit: int = 8) -> list[Entry]:
    """The newest rulings in force: by the date they came into force, then the latest changed."""
    return label_all(
        list(
            listed(Entry.objects.filter(status=Status.CURRENT))
            .select_related("source")
            .order_by(F("valid_from").desc(nulls_last=True), "-updated_at", "-pk")[:limit]
        )
    )


def most_viewed(limit: int = 8) -> list[Entry]:
    """The entries read most often (in force), with their count as ``.view_count``."""
    entries = list(
        listed(Entry.objects.filter(status=Status.CURRENT, views__count__gt=0))
        .select_related("source", "views")
        .order_by("-views__count", "pk")[:limit]
    )
    for entry in entries:
        entry.view_count = entry.views.count
    return label_all(entries)
