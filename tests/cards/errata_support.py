"""Helpers for the errata tests: the invariant, checked by Python and by the database itself."""

from __future__ import annotations

import json

from django.db import connection

from cards import errata
from cards.models import Card, TextVersion


def assert_consistent(card: Card | None = None) -> None:
    """The card (or every card) shows its newest live version's text; the deferred database check
    agrees (``SET CONSTRAINTS ALL IMMEDIATE`` runs the checks a commit would run)."""
    cards = Card.objects.filter(pk=card.pk) if card is not None else None
    assert errata.contradictions(cards) == []
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def card_form(
    card: Card, reason: str = "", *, extra: dict | None = None, delete: set[int] = frozenset()
) -> dict:
    """The admin change form of a card as a browser would post it, inline versions included."""
    card.refresh_from_db()
    versions = list(card.versions.order_by("position", "id"))
    data = {
        "game": card.game,
        "name": card.name,
        "variant": card.variant,
        "slug": card.slug,
        "type": card.type,
        "subtitle": card.subtitle,
        "subtitle_kind": card.subtitle_kind,
        "restriction": "" if card.restriction is None else card.restriction,
        "attributes": json.dumps(card.attributes),
        "change_reason": reason,
        "versions-TOTAL_FORMS": len(versions) + 1,
        "versions-INITIAL_FORMS": len(versions),
        "versions-MIN_NUM_FORMS": 0,
        "versions-MAX_NUM_FORMS": 1000,
    }
    for n, version in enumerate(versions):
        data.update(version_fields(version, f"versions-{n}-"))
        data[f"versions-{n}-id"] = version.pk
        data[f"versions-{n}-card"] = card.pk
        if version.pk in delete:
            data[f"versions-{n}-DELETE"] = "on"
    empty = f"versions-{len(versions)}-"
    data[f"{empty}card"] = card.pk
    for key, value in (extra or {}).items():
        data[f"{empty}{key}"] = value
    return data


def version_fields(version: TextVersion, prefix: str = "") -> dict:
    return {
        f"{prefix}kind": version.kind,
        f"{prefix}text": version.text,
        f"{prefix}date": version.date.isoformat() if version.date else "",
        f"{prefix}note": version.note,
        f"{prefix}source": version.source,
        f"{prefix}source_entry": version.source_entry_id or "",
        f"{prefix}heading": version.heading,
    }
