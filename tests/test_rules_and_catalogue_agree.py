"""The rules engine's card pool and the card catalogue describe the same Highlander cards: the
same slug, title and grid, so the duel board can link every card it shows to its catalogue page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules

CATALOGUE = Path(__file__).resolve().parent.parent / "cards" / "data" / "catalogue.json"


@pytest.fixture(scope="module")
def catalogue() -> dict[str, dict]:
    return {row["slug"]: row for row in json.loads(CATALOGUE.read_text()) if row["game"] == "highlander"}


def from_the_documents(card) -> bool:
    return card.source != "engine"


def test_every_card_from_the_documents_is_in_the_catalogue_under_the_same_slug(catalogue):
    missing = [
        key for key, card in rules.cardpool().items() if from_the_documents(card) and key not in catalogue
    ]
    assert missing == []


def test_titles_and_grids_agree(catalogue):
    for key, card in rules.cardpool().items():
        if key not in catalogue:
            continue
        row = catalogue[key]
        assert card.title in (row["name"], row.get("subtitle", "") + " " + row["name"]) or row["name"] in (
            card.title,
            card.name,
        ), key
        printed = (row["attributes"].get("grid") or "").replace("/", "")
        if printed and card.grid:
            assert printed == card.grid, f"{key}: catalogue {printed} vs engine {card.grid}"


def test_a_shared_slug_is_the_same_card_persona_and_all(catalogue):
    """The documents print no generic dodge: the engine's stand-in "Jump" must not pass for
    Kuyler's Jump, nor its "Duck" for Darius' Duck."""
    for key, card in rules.cardpool().items():
        if key in catalogue and catalogue[key]["subtitle_kind"] == "persona":
            assert card.persona == catalogue[key]["subtitle"], key
    stand_ins = {
        key for key, card in rules.cardpool().items() if card.type == "dodge" and not from_the_documents(card)
    }
    assert stand_ins and not stand_ins & set(catalogue)
