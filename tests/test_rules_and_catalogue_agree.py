"""The rules engine's card pool and the card catalogue describe the same Highlander cards: the
same slug, title and grid, so the duel board can link every card it shows to its catalogue page."""

from __future__ import annotations

import json

import pytest

import rules
from tests.catalogue_support import CATALOGUE


@pytest.fixture(scope="module")
def catalogue_rows() -> dict[str, dict]:
    """The catalogue's Highlander cards by slug, as its file has them (no database)."""
    return {row["slug"]: row for row in json.loads(CATALOGUE.read_text()) if row["game"] == "highlander"}


def from_the_documents(card) -> bool:
    return card.source != "engine"


def test_every_card_from_the_documents_is_in_the_catalogue_under_the_same_slug(catalogue_rows):
    missing = [
        key
        for key, card in rules.cardpool().items()
        if from_the_documents(card) and key not in catalogue_rows
    ]
    assert missing == []


def test_titles_and_grids_agree(catalogue_rows):
    for key, card in rules.cardpool().items():
        if key not in catalogue_rows:
            continue
        row = catalogue_rows[key]
        assert card.title in (row["name"], row.get("subtitle", "") + " " + row["name"]) or row["name"] in (
            card.title,
            card.name,
        ), key
        printed = (row["attributes"].get("grid") or "").replace("/", "")
        if printed and card.grid:
            assert printed == card.grid, f"{key}: catalogue {printed} vs engine {card.grid}"


def test_a_shared_slug_is_the_same_card_persona_and_all(catalogue_rows):
    """The documents print no generic dodge: the engine's stand-in "Jump" must not pass for
    Kuyler's Jump, nor its "Duck" for Darius' Duck."""
    for key, card in rules.cardpool().items():
        if key in catalogue_rows and catalogue_rows[key]["subtitle_kind"] == "persona":
            assert card.persona == catalogue_rows[key]["subtitle"], key
    stand_ins = {
        key for key, card in rules.cardpool().items() if card.type == "dodge" and not from_the_documents(card)
    }
    assert stand_ins and not stand_ins & set(catalogue_rows)
