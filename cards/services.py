"""Writes to the catalogue: versions of a card's text, the import of card files, links to the
knowledge base. Card.text and Card.has_errata always follow the versions: the rule and every
change of versions live in ``cards.errata``; derived facts (``is_special``, links from rulings)
are set here, explicitly, by the paths that save a card."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from cards.errata import add_version, known_sources, parse_date, save_version, sync_card
from cards.models import Card, TextVersion
from cards.saving import derive_is_special, save_card
from cards.schema import Row, check_rows, make_slug

__all__ = ["add_version", "sync_card", "save_card", "import_rows", "export_rows", "derive_is_special"]


def refresh_derived(cards) -> int:
    """Recompute ``is_special`` and the current text of the cards (after a bulk update)."""
    changed = 0
    for card in cards:
        special = derive_is_special(card.game, card.type)
        if card.is_special != special:
            Card.objects.filter(pk=card.pk).update(is_special=special)
            changed += 1
        sync_card(card, reason="bulk update")
    return changed


def sync_cards_of(versions) -> None:
    """Make the cards of these versions follow them again (after a bulk update of versions)."""
    for card in Card.objects.filter(pk__in={version.card_id for version in versions}):
        sync_card(card)


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
    sources = known_sources()
    for row in rows:
        if row.errors:
            continue
        data = row.data
        versions = data.get("versions") or []
        for number, version in enumerate(versions, 1):
            slug = version.get("source") or ""
            if slug and slug not in sources:
                row.errors.append(f"version {number}: unknown source {slug!r} (not a knowledge-base source)")
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
def import_rows(
    rows: list[Row], *, user=None, only_new: bool = False, reason: str = "import"
) -> ImportReport:
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
            save_card(card, user=user, reason=reason)
        taken.add(slug)
        versions = data.get("versions") or []
        if not versions and (data.get("text") or "").strip():
            versions = [{"kind": "printed", "text": data["text"]}]
        added, edited = _upsert_versions(card, versions, user, reason)
        report.versions_added += added
        sync_card(card, user=user, reason=reason)
        if created:
            report.created.append(card)
        elif changed or added or edited:
            report.updated.append(card)
        else:
            report.unchanged.append(card)
    report.entries_linked = link_source_entries([c.pk for c in report.created + report.updated])
    return report


def _upsert_versions(card: Card, versions: list[dict], user, reason: str) -> tuple[int, int]:
    """Versions are matched by kind, source, date and note; never deleted (admin additions stay)."""
    # deleted versions count as present: an import does not bring back what an editor deleted
    existing = {(v.kind, v.source, v.date, v.note): v for v in TextVersion.all_objects.filter(card=card)}
    added = edited = 0
    for version in versions:
        date = parse_date(version.get("date"))
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
                reason=reason,
            )
            added += 1
        elif (current.text, current.heading) != (text, heading):
            current.text, current.heading = text, heading
            save_version(current, user=user, reason=reason)
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
            version._change_reason = "linked to its knowledge-base entry"
            version.save(update_fields=["source_entry"])
            linked += 1
    return linked
