"""Writes to the knowledge base: importing sources, linking entries to terms (and, through a
hook the catalogue registers, to cards)."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from rulings.importers import (
    ManifestEntry,
    ParsedSource,
    SourceFormatError,
    load_manifest,
    parse_text,
)
from rulings.importers.base import fold
from rulings.importers.glossary import plural
from rulings.importers.noise import decode, has_noise
from rulings.indexing import index_entries, refresh_lexicon, reindex_entry
from rulings.models import Entry, Source, Status, Term

CONTENT_FIELDS = (
    "kind",
    "section",
    "title",
    "number",
    "question",
    "answer",
    "text",
    "card_name",
    "card_variant",
    "card_group",
    "card_type",
    "change_note",
)


@dataclass
class ImportReport:
    source: str
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    superseded: int = 0
    withdrawn: int = 0
    entry_ids: list[int] = field(default_factory=list)

    def __str__(self):
        return (
            f"{self.source}: {self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.superseded} superseded, {self.withdrawn} withdrawn"
        )


def parse_date(value: str) -> dt.date | None:
    value = (value or "").strip()
    if re.fullmatch(r"\d{4}", value):
        return dt.date(int(value), 1, 1)
    if re.fullmatch(r"\d{4}-\d{2}", value):
        return dt.date(int(value[:4]), int(value[5:]), 1)
    return dt.date.fromisoformat(value) if value else None


def manifest_entry_for(path_or_entry: str | Path | ManifestEntry) -> tuple[ManifestEntry, Path]:
    """A manifest entry and the file to read: a slug, a bundled file name, or any path to a bundled file name."""
    if isinstance(path_or_entry, ManifestEntry):
        return path_or_entry, path_or_entry.path
    path = Path(path_or_entry)
    for entry in load_manifest():
        if str(path_or_entry) == entry.slug:
            return entry, entry.path
        if path.name == entry.file:
            return entry, path
    raise SourceFormatError(
        f"{path}: not in the sources manifest (rulings/data/sources.toml); add its provenance there first"
    )


def import_all() -> list[ImportReport]:
    return [import_source(entry) for entry in load_manifest()]


def import_source(
    path_or_entry: str | Path | ManifestEntry, *, edition_date: dt.date | None = None
) -> ImportReport:
    """Import (or re-import) one source document; all or nothing.

    Entries are matched on their key: unchanged ones keep their rows (ids, permalinks), changed ones
    are updated in place when the source's date is the same (a re-import / fix of the importer) or
    superseded by a new entry when the document is a newer edition; entries gone from a newer
    edition are withdrawn, never deleted.
    """
    manifest, path = manifest_entry_for(path_or_entry)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceFormatError(f"{path}: cannot read the file: {exc.strerror or exc}") from exc
    parsed = parse_text(decode(data, str(path)), manifest.format)
    _guard(parsed, manifest)
    date = edition_date or parse_date(manifest.date)
    with transaction.atomic():
        source, _ = Source.objects.select_for_update().get_or_create(
            slug=manifest.slug,
            defaults={"game": manifest.game, "title": manifest.title, "format": manifest.format},
        )
        newer_edition = bool(source.date and date and date > source.date)
        for name, value in {
            "game": manifest.game,
            "title": manifest.title,
            "authority": manifest.authority,
            "authority_kind": manifest.authority_kind,
            "date": date,
            "date_display": manifest.date_display,
            "format": manifest.format,
            "file_name": manifest.file,
            "description": manifest.description,
            "content_sha256": hashlib.sha256(data).hexdigest(),
            "imported_at": timezone.now(),
        }.items():
            setattr(source, name, value)
        source.save()
        terms, new_terms = _upsert_terms(source.game, parsed)
        report = _upsert_entries(source, parsed, newer_edition, date)
        entries = list(Entry.objects.filter(pk__in=report.entry_ids).select_related("source"))
        store_link_text(entries)
        _link_parents(source, parsed)
        index_entries(Entry.objects.filter(pk__in=report.entry_ids))
        refresh_lexicon()
        link_cards(entries)
        if new_terms:  # a term another source of the game uses too: relink the whole game
            entries += list(
                Entry.objects.filter(source__game=source.game, status=Status.CURRENT)
                .exclude(source=source)
                .select_related("source")
            )
        link_terms(entries, extra=terms, parsed=parsed, source=source)
    return report


def entry_saved(entry: Entry) -> None:
    """After an edit outside the importer (the admin): the entry's search data and the lexicon,
    and its links to the cards and terms it names. Called explicitly by the writer, never from a
    signal (an import saves hundreds of entries and indexes them once)."""
    reindex_entry(entry.pk)
    store_link_text([entry])
    link_cards([entry])
    link_terms([entry])


def count_view(entry_id: int) -> None:
    """One more reading of an entry's page: a single upsert, no read first, one round trip. A
    reading count is not worth a wait for the disk: its commit does not wait for the write-ahead
    log to be flushed (a crash may lose the last moment's counts, never corrupt anything); every
    page view would otherwise wait for an fsync. The setting is made by the statement itself
    (`set_config(..., true)`: for its own transaction, which is the statement's in autocommit),
    not by a transaction of its own: BEGIN, SET LOCAL and COMMIT were three more round trips."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))"
            " INSERT INTO rulings_entryviews (entry_id, count, last_viewed) SELECT %s, 1, now() FROM unflushed"
            " ON CONFLICT (entry_id) DO UPDATE SET count = rulings_entryviews.count + 1,"
            " last_viewed = now()",
            [entry_id],
        )


def _guard(parsed: ParsedSource, manifest: ManifestEntry) -> None:
    for entry in parsed.entries:
        for name, value in entry.searchable_fields().items():
            if has_noise(value):
                raise SourceFormatError(f"{manifest.slug}: page furniture left in {entry.key} ({name})")


def _upsert_terms(game: str, parsed: ParsedSource) -> tuple[dict[str, Term], bool]:
    """The source's terms (a term two sources define is one term of their game); and whether any is new."""
    terms, new = {}, False
    for parsed_term in parsed.terms:
        term, created = Term.objects.update_or_create(
            game=game, slug=parsed_term.slug, defaults={"name": parsed_term.name}
        )
        terms[term.slug] = term
        new = new or created
    return terms, new


def _upsert_entries(source: Source, parsed: ParsedSource, newer_edition: bool, date) -> ImportReport:
    report = ImportReport(source=source.slug)
    existing = {entry.key: entry for entry in source.entries.filter(status=Status.CURRENT)}
    seen = set()
    fresh: list[Entry] = []
    for parsed_entry in parsed.entries:
        values = {name: getattr(parsed_entry, name) for name in CONTENT_FIELDS}
        values.update(
            position=parsed_entry.position,
            flags=list(parsed_entry.flags),
            cross_refs=[ref.to_dict() for ref in parsed_entry.cross_refs],
        )
        seen.add(parsed_entry.key)
        current = existing.get(parsed_entry.key)
        if current is None:
            old = source.entries.filter(key=parsed_entry.key, status=Status.WITHDRAWN).order_by("-pk").first()
            if old is not None:  # a withdrawn / superseded row under this key: bring it back, same id
                _assign(old, values, status=Status.CURRENT, valid_to=None)
                report.updated += 1
                report.entry_ids.append(old.pk)
                continue
            entry = Entry(source=source, key=parsed_entry.key, valid_from=date, **values)
            fresh.append(entry)
            report.created += 1
            continue
        changed = any(getattr(current, name) != value for name, value in values.items())
        if not changed:
            report.unchanged += 1
            report.entry_ids.append(current.pk)
        elif newer_edition and _content_changed(current, values):
            # keep the old wording as history: the old row is superseded, a new row is current
            new = Entry(source=source, key=parsed_entry.key, valid_from=date, **values)
            _assign(current, {}, status=Status.SUPERSEDED, valid_to=date)
            new.save()
            _assign(current, {}, superseded_by=new)
            report.superseded += 1
            report.entry_ids.append(new.pk)
        else:
            _assign(current, values)
            report.updated += 1
            report.entry_ids.append(current.pk)
    if fresh:  # new entries in one insert, each with its "created" history row
        report.entry_ids += [entry.pk for entry in bulk_create_with_history(fresh, Entry, batch_size=500)]
    for key, entry in existing.items():
        if key not in seen and newer_edition:
            _assign(entry, {}, status=Status.WITHDRAWN, valid_to=date)
            report.withdrawn += 1
    return report


def _content_changed(entry: Entry, values: dict) -> bool:
    return any(getattr(entry, name) != values[name] for name in CONTENT_FIELDS)


def _assign(entry: Entry, values: dict, **extra) -> None:
    for name, value in {**values, **extra}.items():
        setattr(entry, name, value)
    entry.save()


def _link_parents(source: Source, parsed: ParsedSource) -> None:
    rows = source.entries.filter(status=Status.CURRENT).values_list("key", "pk", "parent_id")
    ids = {key: pk for key, pk, _ in rows}
    parents = {pk: parent for _, pk, parent in rows}
    for parsed_entry in parsed.entries:
        pk = ids[parsed_entry.key]
        parent_id = ids.get(parsed_entry.parent_key) if parsed_entry.parent_key else None
        if parents.get(pk) != parent_id:
            Entry.objects.filter(pk=pk).update(parent_id=parent_id)


# ---------------------------------------------------------------------------- card and term links


def link_haystack(entry: Entry) -> str:
    """The entry's words, case and accents folded, space-separated and space-padded."""
    fields = [entry.title, entry.card_name, entry.question, entry.answer, entry.text, entry.change_note]
    return " " + " ".join(re.sub(r"[^\w]+", " ", fold(" ".join(fields))).split()) + " "


def store_link_text(entries: list[Entry]) -> None:
    """Each entry's folded words (``link_text``: what the card linker's whole-name search reads in
    the database) made again from its fields, written where they changed. Called by every writer
    of an entry's words (the import, ``entry_saved``), as the search data are: nothing derives it
    on ``save()``."""
    changed = []
    for entry in entries:
        haystack = link_haystack(entry)
        if entry.link_text != haystack:
            entry.link_text = haystack
            changed.append(entry)
    Entry.objects.bulk_update(changed, ["link_text"], batch_size=500)


def folded_haystack(entry: Entry) -> str:
    return entry.link_text or link_haystack(entry)


@functools.lru_cache(maxsize=4096)
def name_needle(name: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", fold(name)).split()) + " "


def named_in(haystack: str, names: Iterable[str]) -> set[str]:
    """The names occurring as whole names in the haystack, longest first: a name inside a longer
    one that matched at the same place ("Twist" in "Twist Of The Blade") does not count."""
    taken: list[tuple[int, int]] = []
    found = set()
    for name in sorted(set(names), key=len, reverse=True):
        needle = name_needle(name)
        if needle.strip() == "":
            continue
        start = haystack.find(needle)
        while start >= 0:
            span = (start + 1, start + len(needle) - 1)
            if not any(span[0] < end and begin < span[1] for begin, end in taken):
                taken.append(span)
                found.add(name)
            start = haystack.find(needle, start + 1)
    return found


# The knowledge base does not know the catalogue (cards depends on rulings, never the reverse):
# the catalogue registers how entries link to its cards (cards.apps), and the importer and the
# entry refresh call link_cards, which runs whatever is registered.
_ENTRY_LINKERS: list[Callable[[list[Entry]], None]] = []


def register_entry_linker(linker: Callable[[list[Entry]], None]) -> None:
    if linker not in _ENTRY_LINKERS:
        _ENTRY_LINKERS.append(linker)


def link_cards(entries: Iterable[Entry]) -> None:
    """Recompute the entries' links to other apps' records (the catalogue's cards)."""
    entries = list(entries)
    if not entries:
        return
    for linker in _ENTRY_LINKERS:
        linker(entries)


def sync_links(through, column: str, wanted: dict[int, set[int]]) -> None:
    """Make the entries' links in an m2m table exactly `wanted` in a few queries."""
    have: dict[int, set[int]] = {pk: set() for pk in wanted}
    for entry_id, other in through.objects.filter(entry_id__in=list(wanted)).values_list("entry_id", column):
        have[entry_id].add(other)
    stale = Q()
    adds = []
    for pk, targets in wanted.items():
        if gone := have[pk] - targets:
            stale |= Q(entry_id=pk, **{f"{column}__in": gone})
        adds += [through(entry_id=pk, **{column: other}) for other in targets - have[pk]]
    if stale:
        through.objects.filter(stale).delete()
    through.objects.bulk_create(adds, ignore_conflicts=True)


def term_needles(name: str) -> tuple[str, ...]:
    """A term as it may occur in a text: its name and its plural ("Power Block", "Power Blocks")."""
    return (name_needle(name), name_needle(plural(name)))


def link_terms(
    entries: Iterable[Entry],
    extra: dict | None = None,
    parsed: ParsedSource | None = None,
    source: Source | None = None,
) -> None:
    """Each entry links to the term it sits under and to every term of its game named in its text
    or its heading (singular or plural). `parsed` is the document `source` was imported from."""
    entries = list(entries)
    if not entries:
        return
    by_key = {e.key: e for e in parsed.entries} if parsed else {}
    games = {entry.source.game for entry in entries}
    terms = [(term, term_needles(term.name)) for term in Term.objects.filter(game__in=games)]
    links = {}
    for entry in entries:
        haystack = folded_haystack(entry)
        wanted = {
            term.pk
            for term, needles in terms
            if term.game == entry.source.game and any(needle in haystack for needle in needles)
        }
        parsed_entry = by_key.get(entry.key) if source is None or entry.source_id == source.pk else None
        own = parsed_entry.terms if parsed_entry else []
        wanted |= {term.pk for term, _ in terms if term.game == entry.source.game and term.slug in own}
        wanted |= {
            term.pk for term, _ in terms if term.game == entry.source.game and term.name == entry.section
        }
        links[entry.pk] = wanted
    sync_links(Entry.terms.through, "term_id", links)
