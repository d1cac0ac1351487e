"""The one place that keeps a card's errata consistent.

Invariant: a card's ``text`` is the text of its newest live (not soft-deleted) version, '' when it
has none, and ``has_errata`` says whether a live erratum exists. Every path that changes versions
(admin forms and inlines, history reverts, bulk actions, imports, deletes) goes through the
functions here, which end with ``sync_card``. A deferred constraint trigger (migration
``cards.0004``) checks the same rule at commit, so a path that forgets cannot commit a card that
contradicts itself.

Every change carries a reason, stored as django-simple-history's ``history_change_reason``.
"""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cards.models import Card, TextVersion
from cards.saving import save_card

VERSION_FIELDS = ("kind", "text", "date", "note", "source", "heading", "source_entry_id", "position")
SOFT_DELETE_FIELDS = ("deleted_at", "deleted_by_id", "deleted_reason")
CARD_FIELDS = (
    "game",
    "name",
    "variant",
    "slug",
    "type",
    "subtitle",
    "subtitle_kind",
    "restriction",
    "attributes",
)


class ErrataError(ValidationError):
    """A change that would make the errata wrong (an unknown source, no reason...)."""


# ---------------------------------------------------------------- the derived text
def live_versions(card: Card) -> list[TextVersion]:
    return list(TextVersion.objects.filter(card_id=card.pk).order_by("position", "id"))


def expected_text(card: Card) -> tuple[str, bool]:
    """(text, has_errata) as the live versions say."""
    versions = live_versions(card)
    text = versions[-1].text if versions else ""
    return text, any(v.kind == TextVersion.Kind.ERRATUM for v in versions)


def sync_card(card: Card, *, user=None, reason: str = "") -> Card:
    """Make the card's current text its newest live version's. Saves (with a history row carrying
    ``reason``) only when something changed."""
    if card.pk:
        card.refresh_from_db(fields=["text", "has_errata"])  # another copy may have synced it already
    text, has_errata = expected_text(card)
    if (card.text, card.has_errata) != (text, has_errata):
        card.text, card.has_errata = text, has_errata
        _stamp(card, user, reason or "current text follows the newest version")
        card.save()
    return card


def contradictions(cards=None) -> list[tuple[Card, str]]:
    """Cards whose text is not their newest live version's, with what it should be (empty: all good)."""
    cards = Card.objects.all() if cards is None else cards
    wrong = []
    for card in cards:
        text, has_errata = expected_text(card)
        if (card.text, card.has_errata) != (text, has_errata):
            wrong.append((card, text))
    return wrong


# ---------------------------------------------------------------- checked input
def known_sources() -> dict[str, str]:
    """The sources a version may cite, slug -> title: the knowledge base's bundled documents (its
    manifest, so the catalogue may be imported before them) and every source in its database
    (one an editor added on purpose in the admin)."""
    from rulings.importers import load_manifest
    from rulings.models import Source

    sources = {entry.slug: entry.title for entry in load_manifest()}
    sources.update(Source.objects.order_by("game", "date", "slug").values_list("slug", "title"))
    return sources


def check_source(slug: str) -> str:
    slug = (slug or "").strip()
    if slug and slug not in known_sources():
        raise ErrataError(
            f"unknown source {slug!r}: choose one of the knowledge base's sources "
            "(or add the source in the admin first)",
            code="unknown_source",
        )
    return slug


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ErrataError("say why: every change to the errata needs a reason", code="no_reason")
    return reason


def _stamp(obj, user, reason: str) -> None:
    if user is not None and getattr(user, "is_authenticated", False):
        obj._history_user = user
    obj._change_reason = reason


def parse_date(value):
    if value in (None, ""):
        return None
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(value)


# ---------------------------------------------------------------- the paths that change versions
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
    reason: str = "new version",
) -> TextVersion:
    """Append a version to the card's history; it becomes the current text."""
    version = TextVersion(
        card=card,
        kind=kind,
        text=text,
        date=parse_date(date),
        note=note,
        source=check_source(source),
        heading=heading,
        created_by=user if getattr(user, "is_authenticated", False) else None,
        source_entry=source_entry,
    )
    _stamp(version, user, _reason(reason))
    version.save()
    sync_card(card, user=user, reason=reason)
    return version


@transaction.atomic
def save_version(version: TextVersion, *, user=None, reason: str) -> TextVersion:
    """Save an edited (or reverted, or new) version, then re-derive its card's text."""
    reason = _reason(reason)
    version.source = check_source(version.source)
    if version.pk is None and version.created_by_id is None and getattr(user, "is_authenticated", False):
        version.created_by = user
    _stamp(version, user, reason)
    version.save()
    sync_card(version.card, user=user, reason=reason)
    return version


@transaction.atomic
def delete_version(version: TextVersion, *, user=None, reason: str) -> TextVersion:
    """Soft delete: the version stays (history, audit, restore) but no longer counts."""
    reason = _reason(reason)
    if version.deleted_at is None:
        version.deleted_at = timezone.now()
        version.deleted_by = user if getattr(user, "is_authenticated", False) else None
        version.deleted_reason = reason
        _stamp(version, user, f"deleted: {reason}")
        version.save()
    sync_card(version.card, user=user, reason=f"version deleted: {reason}")
    return version


@transaction.atomic
def restore_version(version: TextVersion, *, user=None, reason: str) -> TextVersion:
    """Undo a soft delete; the version counts again in its old place."""
    reason = _reason(reason)
    if version.deleted_at is not None:
        version.deleted_at, version.deleted_by, version.deleted_reason = None, None, ""
        _stamp(version, user, f"restored: {reason}")
        version.save()
    sync_card(version.card, user=user, reason=f"version restored: {reason}")
    return version


@transaction.atomic
def revert_card(card: Card, when: datetime.datetime, *, user=None, reason: str) -> Card:
    """Put the card and its whole version history back as they were at ``when``: versions added
    since are soft-deleted, versions edited or deleted since get their old fields back. So a card
    revert can never leave an erratum in the timeline that the text no longer shows."""
    reason = _reason(reason)
    note = f"revert to {timezone.localtime(when):%Y-%m-%d %H:%M:%S}: {reason}"
    for version in TextVersion.all_objects.filter(card_id=card.pk).order_by("position", "id"):
        past = version.history.filter(history_date__lte=when).order_by("-history_date", "-history_id").first()
        if past is None or past.history_type == "-":
            if version.deleted_at is None:
                delete_version(version, user=user, reason=note)
            continue
        wanted = {f: getattr(past, f) for f in VERSION_FIELDS + SOFT_DELETE_FIELDS}
        if any(getattr(version, f) != v for f, v in wanted.items()):
            for f, v in wanted.items():
                setattr(version, f, v)
            _stamp(version, user, note)
            version.save()
    past_card = card.history.filter(history_date__lte=when).order_by("-history_date", "-history_id").first()
    if past_card is not None:
        wanted = {f: getattr(past_card, f) for f in CARD_FIELDS}
        if any(getattr(card, f) != v for f, v in wanted.items()):
            for f, v in wanted.items():
                setattr(card, f, v)
            save_card(card, user=user, reason=note)
    return sync_card(card, user=user, reason=note)


def state_of(card: Card) -> dict:
    """What a reader sees of the card's errata: its fields, text and live versions in order.
    Two equal states are the same errata (used to check that a revert restores exactly)."""
    card.refresh_from_db()
    return {
        "card": {f: getattr(card, f) for f in CARD_FIELDS + ("text", "has_errata")},
        "versions": [
            (v.pk,) + tuple(getattr(v, f) for f in VERSION_FIELDS if f != "position")
            for v in live_versions(card)
        ],
    }
