"""The curated card catalogue as tests load it: the file `make run` imports, imported the same way."""

from __future__ import annotations

from pathlib import Path

CATALOGUE = Path(__file__).resolve().parents[1] / "cards" / "data" / "catalogue.json"


def import_catalogue():
    """Import the curated catalogue (cards/data/catalogue.json); returns the import's report."""
    from cards.schema import read_rows
    from cards.services import import_rows

    return import_rows(read_rows(CATALOGUE.read_text(encoding="utf-8"), "json"))
