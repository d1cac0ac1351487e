"""Writes to the catalogue: versions of a card's text, the import of card files, links to the
knowledge base. Card.text and Card.has_errata always follow the versions (``sync_card``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db import transaction

from cards.models import Card, TextVersion
from cards.schema import Row, check_rows, make_slug

SPECIAL_CARD_TYPES = {"event", "situation", "location", "object"}


def derive_is_special(game: str, type_: str) -> bool:
    """Highlander's Special Cards (events, situations, locations, objects, Unexpected ones
    included) and Special Attacks."""
    if game != "highlander":
        return False
    kind = (type_ or "").strip().lower()
    if kind.startswith("unexpected "):
        kind = kind[len("unexpected ") :]
    return kind in SPECIAL_CARD_TYPES or kind.startswith("special attack")


def sync_card(card: Card) -> Card:
    """Make the card's current text the latest version's and its errata flag true when it has
    an erratum. Saves (with history) only when something changed."""
    if card.pk:
        card.refresh_from_db(fields=["text", "has_errata"])  # another copy may have synced it already
    versions = list(card.versions.order_by("position", "id"))
    text = versions[-1].text if versions else card.text
    has_errata = any(v.kind == TextVersion.Kind.ERRATUM for v in versions)
    if (card.text, card.has_errata) != (text, has_errata):
        card.text, card.has_errata = text, has_errata
        card.save()
    return card


@transaction.atomic
def add_version(
    card: Card,
    *,
    kind: str,
    text: str,
    date=None,
    note: str = "",
    source: str = "",
    heading: str = "",
    user=None,
    source_entry=None,
) -> TextVersion:
    """Append a version to the card's history; it becomes the current text."""
    version = TextVersion(
        card=card,
        kind=kind,
        text=text,
        date=_date(date),
        note=note,
        source=source,
        heading=heading,
        created_by=user,
    )
    if source_entry is not None and hasattr(TextVersion, "source_entry"):
        version.source_entry = source_entry
    if user is not None:
        version._history_user = user
    version.save()
    sync_card(card)
    return version


def _date(value):
    if value in (None, ""):
        return None
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(value)


# ---------------------------------------------------------------- import / export
class ImportError_(Exception):
    """The file has invalid rows; nothing was imported. ``problems`` is [(line, reason), ...]."""

    def __init__(self, problems):
        self.problems = problems
        super().__init__("\n".join(f"line {line}: {reason}" for line, reason in problems))


@dataclass
class ImportReport:
    created: list = field(default_factory=list)
    updated: list = field(default_factory=list)
    unchanged: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    versions_added: int = 0
    entries_linked: int = 0

    def summary(self) -> str:
        return (
            f"{len(self.created)} created, {len(self.updated)} updated, {len(self.unchanged)} unchanged, "
            f"{len(self.skipped)} skipped, {self.versions_added} versions added, "
            f"{self.entries_linked} versions linked to knowledge-base entries"
        )


CARD_FIELDS = ("type", "subtitle", "subtitle_kind", "restriction", "attributes")


def validate_for_import(rows: list[Row]) -> list[tuple[int, str]]:
    """Every problem in the rows, including slug clashes with cards already in the catalogue."""
    check_rows(rows)
    for row in rows:
        if row.errors:
            continue
        data = row.data
        versions = data.get("versions") or []
        if versions and "text" in data and data["text"] != (versions[-1].get("text") or ""):
            row.errors.append("text must equal the latest version's text (or be left out)")
        slug = data.get("slug")
        if slug:
            clash = (
                Card.objects.filter(slug=slug)
                .exclude(game=data["game"], name=data["name"], variant=data.get("variant") or "")
                .first()
            )
            if clash:
                row.errors.append(f"slug {slug!r} is already used by {clash}")
    return [(row.line, reason) for row in rows for reason in row.errors]


@transaction.atomic
def import_rows(rows: list[Row], *, user=None, only_new: bool = False) -> ImportReport:
    """Upsert the rows by game, name and variant. All rows are checked first: one invalid row and
    nothing is written (``ImportError_`` lists them all)."""
    problems = validate_for_import(rows)
    if problems:
        raise ImportError_(problems)
    report = ImportReport()
    taken = set(Card.objects.values_list("slug", flat=True))
    for row in rows:
        data = row.data
        key = dict(game=data["game"], name=data["name"], variant=data.get("variant") or "")
        card = Card.objects.filter(**key).first()
        if card is not None and only_new:
            report.skipped.append(card)
            continue
        values = {
            "type": data.get("type") or "",
            "subtitle": data.get("subtitle") or "",
            "subtitle_kind": data.get("subtitle_kind") or "",
            "restriction": data.get("restriction"),
            "attributes": data.get("attributes") or {},
        }
        slug = data.get("slug") or (
            card.slug if card else make_slug(key["game"], key["name"], key["variant"], taken)
        )
        created = card is None
        if created:
            card = Card(**key)
        changed = created or slug != card.slug or any(getattr(card, k) != v for k, v in values.items())
        if changed:
            for k, v in values.items():
                setattr(card, k, v)
            card.slug = slug
            if user is not None:
                card._history_user = user
            card.save()
        taken.add(slug)
        versions = data.get("versions") or []
        if not versions and (data.get("text") or "").strip():
            versions = [{"kind": "printed", "text": data["text"]}]
        added, edited = _upsert_versions(card, versions, user)
        report.versions_added += added
        sync_card(card)
        if created:
            report.created.append(card)
        elif changed or added or edited:
            report.updated.append(card)
        else:
            report.unchanged.append(card)
    report.entries_linked = link_source_entries([c.pk for c in report.created + report.updated])
    return report


def _upsert_versions(card: Card, versions: list[dict], user) -> tuple[int, int]:
    """Versions are matched by kind, source, date and note; never deleted (admin additions stay)."""
    existing = {(v.kind, v.source, v.date, v.note): v for v in card.versions.all()}
    added = edited = 0
    for version in versions:
        date = _date(version.get("date"))
        key = (version["kind"], version.get("source") or "", date, version.get("note") or "")
        text, heading = version.get("text") or "", version.get("heading") or ""
        current = existing.get(key)
        if current is None:
            existing[key] = add_version(
                card,
                kind=key[0],
                text=text,
                date=date,
                note=key[3],
                source=key[1],
                heading=heading,
                user=user,
            )
            added += 1
        elif (current.text, current.heading) != (text, heading):
            current.text, current.heading = text, heading
            if user is not None:
                current._history_user = user
            current.save()
            edited += 1
    return added, edited


def export_rows(cards=None) -> list[dict]:
    """Cards (default: all) as rows of the documented file format."""
    cards = Card.objects.all() if cards is None else cards
    rows = []
    for card in cards.order_by("game", "name", "variant").prefetch_related("versions"):
        rows.append(
            {
                "game": card.game,
                "name": card.name,
                "variant": card.variant,
                "slug": card.slug,
                "type": card.type,
                "subtitle": card.subtitle,
                "subtitle_kind": card.subtitle_kind,
                "restriction": card.restriction,
                "attributes": card.attributes,
                "text": card.text,
                "versions": [_export_version(v) for v in card.versions.all()],
            }
        )
    return rows


def _export_version(version: TextVersion) -> dict:
    row = {
        "kind": version.kind,
        "text": version.text,
        "date": version.date.isoformat() if version.date else None,
        "note": version.note,
        "source": version.source,
    }
    if version.heading:
        row["heading"] = version.heading
    return row


# ---------------------------------------------------------------- links to the knowledge base
def link_source_entries(card_ids=None) -> int:
    """Link erratum and clarification versions without a source entry to the knowledge base's
    entry of that kind for that card in that source. Returns how many were linked."""
    from cards import kb

    if not kb.available():
        return 0
    versions = TextVersion.objects.filter(kind__in=["erratum", "clarification"], source_entry__isnull=True)
    if card_ids is not None:
        versions = versions.filter(card_id__in=list(card_ids))
    linked = 0
    for version in versions.select_related("card"):
        entry = kb.find_entry(version.card, version.kind, version.source, version.heading)
        if entry is not None:
            version.source_entry = entry
            version.save(update_fields=["source_entry"])
            linked += 1
    return linked
