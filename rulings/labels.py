"""What an entry is called in a list: a heading a judge can tell apart from its neighbours.

The documents leave many entries without a title of their own (a CRF ruling sits under its term,
the INWO excerpt starts inside an untitled section) and give some titles twice ("Example 1",
"Sideswipe" left and right, "Special Attacks" in two chapters). An entry is labelled by its own
title, card variant or section, else by its opening words; entries of one list that would still
read alike are told apart by their chapter, their variant or their opening words. A title that
only repeats the entry's kind and number ("Annotation 12", under the line's own "Annotation 12")
counts as none: the entry is labelled by its section and opening words."""

from __future__ import annotations

import re
from collections import defaultdict

from rulings.models import Entry, Kind

UNTITLED = "Untitled section"
OPENING_WORDS = 12
_EXAMPLE = re.compile(r"^Example \d+$")


def opening_words(text: str, words: int = OPENING_WORDS) -> str:
    parts = (text or "").split()
    opening = " ".join(parts[:words])
    return opening + ("…" if len(parts) > words else "")


def _leaf(section: str) -> str:
    return section.split(" › ")[-1].strip() if section else ""


def _chapter(section: str) -> str:
    parts = section.split(" › ") if section else []
    return parts[-2].strip() if len(parts) > 1 else ""


def label(entry: Entry) -> str:
    """The entry's own heading, never empty, never "Untitled section"."""
    if entry.kind == Kind.FAQ and entry.question:
        return entry.question
    leaf = _leaf(entry.section)
    title = entry.title or entry.card_name
    if entry.card_variant and entry.card_variant.lower() not in title.lower():
        title = f"{title} ({entry.card_variant})"
    if title and _EXAMPLE.match(title) and leaf and not leaf.startswith(UNTITLED):
        return f"{leaf}, {title.lower()}"
    # a title that only repeats the kind and number ("Annotation 12") says what the line already does
    bare = bool(entry.number) and title.casefold() == f"{entry.get_kind_display()} {entry.number}".casefold()
    if title and not title.startswith(UNTITLED) and not bare:
        return title
    if leaf and not leaf.startswith(UNTITLED):
        return f"{leaf}: {opening_words(entry.text)}"  # a ruling under its term
    return opening_words(entry.text)


def label_all(entries: list[Entry]) -> list[Entry]:
    """Give each entry of a list its ``label``, told apart from the others of the list."""
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        entry.label = label(entry)
        groups[entry.label].append(entry)
    for same in groups.values():
        if len({entry.pk for entry in same}) < 2:
            continue
        chapters = {_chapter(entry.section) for entry in same}
        for entry in same:
            if len(chapters) == len(same) and _chapter(entry.section):
                entry.label = f"{entry.label} ({_chapter(entry.section)})"
            elif not entry.label.endswith("…") and opening_words(entry.text) not in entry.label:
                entry.label = f"{entry.label}: {opening_words(entry.text)}"
    return entries
