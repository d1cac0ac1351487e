"""The one text folding of the project: case and accents, so "Nazgûl", "NAZGUL" and "nazgul" are
the same word to the card catalogue (cards/schema.py, cards/search.py), the rulings importers, card
links and search. Plain Python, no Django (rulings/__init__.py imports nothing): the importers and
the card file format use it without a database. And the one reading of typographic quotes, which
phones type for a quote: both searches take their phrases between ASCII double quotes."""

from __future__ import annotations

import unicodedata


def fold(value: str | None) -> str:
    """Case- and accent-folded form used for name matching ("Nazgûl" -> "nazgul")."""
    decomposed = unicodedata.normalize("NFKD", value or "")
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.casefold()


# Each character met and its folded form ("û": "u", "ß": "ss"): folding one character through
# Unicode normalisation costs ~3 us, and a card page or a highlighted result folds thousands.
# Bounded, so texts of many distinct rare characters cannot grow a process' memory without end.
_FOLDED_CHARS: dict[str, str] = {}
FOLDED_CHARS_MAX = 10_000


def fold_char(char: str) -> str:
    """fold() of one character, remembered (one or more characters: "ß" -> "ss")."""
    folded = _FOLDED_CHARS.get(char)
    if folded is None:
        folded = fold(char)
        if len(_FOLDED_CHARS) < FOLDED_CHARS_MAX:
            _FOLDED_CHARS[char] = folded
    return folded


# The double quotes a phone or a word processor puts for '"' (iOS and Android "smart punctuation").
_DOUBLE_QUOTES = str.maketrans(dict.fromkeys("“”„‟″", '"'))


def straight_quotes(query: str) -> str:
    """The query with typographic double quotes as '"', one character for one (a syntax error's
    position still points into what was typed): “power blow” is the phrase "power blow"."""
    return query.translate(_DOUBLE_QUOTES)
