"""An entry as one line of a list (search results, the most read, the recent rulings): every value
the line shows, computed once here, so the template reads plain keys.

Rendered from entries, the line cost the page two ``reverse()`` per result (the entry's permalink
and its source's), a ``get_*_display()`` and some twenty attribute lookups that Django's template
engine tries as a dict key, an attribute and a list index in turn: half the search page's time.
Here each URL pattern is reversed once per list and filled in by string formatting
(config.reversing)."""

from __future__ import annotations

import unicodedata
from urllib.parse import urlencode

from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from config.reversing import SLUG_MARK, url_filler
from rulings.models import Entry, Kind, Status

LABEL_CHARS = 160
# "Around it" (under an entry, its neighbours in the source) is a list of one-line links: shorter
# labels than a search result's.
NEIGHBOUR_LABEL_CHARS = 100
TEXT_CHARS = 240
_KINDS = {value: str(label) for value, label in Kind.choices}
_STATUSES = {value: str(label).lower() for value, label in Status.choices}


def _truncated(text: str, chars: int) -> str:
    """``truncatechars``: most labels and texts fit, and Truncator costs ~10 us (a translation
    lookup, a walk over every character) to return them unchanged (NFC-normalized: the check)."""
    if len(text) <= chars and unicodedata.is_normalized("NFC", text):
        return text
    return Truncator(text).chars(chars)


def lines(entries: list[Entry], show_text: bool = False, asked: str = "") -> list[dict]:
    """The entries (labelled by ``labels.label_all``) as lines: with their text (the highlighted
    passage, else its opening) for search results, with their view count otherwise. A search's
    results link to each entry with the question `asked`, which its page offers to report."""
    entry_url, source_url = url_filler("rulings:entry"), url_filler("rulings:source", SLUG_MARK)
    asking = "?" + urlencode({"asked": asked}) if asked else ""
    result = []
    for entry in entries:
        source = entry.source
        text = None
        if show_text:
            highlight = getattr(entry, "highlight", "")
            text = mark_safe(highlight) if highlight else _truncated(entry.text, TEXT_CHARS)  # noqa: S308 - marks made by highlight.py from escaped text
        in_force = entry.status == Status.CURRENT
        result.append(
            {
                "url": entry_url(entry.pk) + asking,
                "kind": _KINDS.get(entry.kind, entry.kind),
                "number": entry.number if entry.kind != Kind.FAQ else "",
                "label": _truncated(entry.label, LABEL_CHARS),
                "source_url": source_url(source.slug),
                "source": source.title,
                "authority": source.authority,
                "date": source.date_display or source.date or "undated",
                "in_force": in_force,
                "status": "" if in_force else _STATUSES.get(entry.status, entry.status),
                "valid_to": entry.valid_to,
                "views": 0 if show_text else getattr(entry, "view_count", 0),
                "text": text,
            }
        )
    return result


def neighbour_lines(entries: list[Entry]) -> list[dict]:
    """The entries around one (labelled by ``labels.label_all``) as the entry page lists them:
    the URL, the kind and the label, cut at ``NEIGHBOUR_LABEL_CHARS``."""
    entry_url = url_filler("rulings:entry")
    return [
        {
            "url": entry_url(entry.pk),
            "kind": _KINDS.get(entry.kind, entry.kind),
            "label": _truncated(entry.label, NEIGHBOUR_LABEL_CHARS),
        }
        for entry in entries
    ]
