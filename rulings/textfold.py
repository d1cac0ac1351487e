"""The one text folding of the project: case and accents, so "Nazgûl", "NAZGUL" and "nazgul" are
the same word to the card catalogue (cards/schema.py, cards/search.py), the rulings importers, card
links and search. Plain Python, no Django (rulings/__init__.py imports nothing): the importers and
the card file format use it without a database."""

from __future__ import annotations

import unicodedata


def fold(value: str | None) -> str:
    """Case- and accent-folded form used for name matching ("Nazgûl" -> "nazgul")."""
    decomposed = unicodedata.normalize("NFKD", value or "")
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.casefold()
