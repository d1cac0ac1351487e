"""Highlander: The Card Game core rulebook (text saved from the printed rules).

Layout: chapter headings on a line of their own ("Card Anatomy", "Constructing a Deck", "The
Sequence of Play", "Advanced Concepts"...), then paragraphs separated by blank lines. A section
starts with its heading followed by a colon ("Hand Icon: ...", "Disarming & Breaking Weapons: ...")
or is a numbered step ("1.) Sweep Phase: ...", "1a.) Must Do Effects - ..."). Page breaks show as
runs of blank lines, sometimes in the middle of a sentence; those paragraphs are re-joined.

Each headed section is one rule entry under its chapter; lettered steps (1a, 1b) sit under their
numbered step, numbered steps that follow a headed section (the kinds of Exertion) under that
section. Paragraphs without a heading belong to the section before them, or, at the top of a
chapter, form the chapter's own entry. "(see Generic Persona)" is kept as a cross-reference.
"""

from __future__ import annotations

import re

from .base import (
    CrossRef,
    ParsedEntry,
    ParsedSource,
    SourceFormatError,
    ends_sentence,
    join_lines,
    looks_like_title,
    merge_broken,
    paragraphs,
    slugify,
    tidy,
    unique_key,
)
from .glossary import derive_terms
from .noise import check_text, clean_lines, require

FORMAT = "highlander-core"
SEP = " \u203a "

STEP = re.compile(r"^(?P<number>\d+[a-z]?)\.\)\s*(?P<title>[^:]{2,50}?)\s*(?::|\s-\s)\s*")
HEADED = re.compile(r"^(?P<title>[A-Z][^:]{1,45}?):\s+(?=\S)")
GAME_TITLE = "Highlander: The Card Game"  # not a "Heading: text" section, though it looks like one
SEE = re.compile(r"\(\s*see\s+(?P<target>[^)]+?)\s*\)", re.I)


def parse(text: str) -> ParsedSource:
    text = check_text(text, FORMAT)
    require(text, ["Highlander", "Sequence of Play", "Exertion"], FORMAT)
    blocks = merge_broken(paragraphs(clean_lines(text)))
    entries: list[ParsedEntry] = []
    seen: set[str] = set()
    chapter = ""
    parent: dict[str, ParsedEntry] = {}  # "section" -> last unnumbered section, "step" -> last step
    current: ParsedEntry | None = None
    title = "Highlander: The Card Game \u2014 Rules"
    for block in blocks:
        paragraph = tidy(join_lines(block))
        if len(block) == 1 and _is_chapter(paragraph):
            chapter, current, parent = paragraph, None, {}
            continue
        if not chapter:
            raise SourceFormatError(f"{FORMAT}: text before the first chapter heading: {paragraph[:60]!r}")
        heading = _heading(paragraph)
        if heading is None:
            if current is None:
                current = _new(
                    entries, seen, key=slugify(chapter), section=chapter, title=chapter, text=paragraph
                )
            else:
                current.text += "\n" + paragraph
            continue
        number, heading_title, body = heading
        owner: ParsedEntry | None = None
        if number and number[-1].isalpha():
            owner = parent.get("step")
        elif number:
            owner = parent.get("section")
        base_key = owner.key if owner else slugify(chapter)
        base_section = owner.section if owner else chapter
        current = _new(
            entries,
            seen,
            key=f"{base_key}/{slugify(heading_title)}",
            section=f"{base_section}{SEP}{heading_title}",
            title=heading_title,
            text=body,
            number=number,
            parent_key=owner.key if owner else "",
        )
        if number and not number[-1].isalpha():
            parent["step"] = current
        elif not number:
            parent["section"], parent["step"] = current, current
    for entry in entries:
        entry.cross_refs = [
            CrossRef(kind="section", target=_target(match.group("target")), label=match.group(0).strip("() "))
            for match in SEE.finditer(entry.text)
        ]
    return ParsedSource(format=FORMAT, title=title, entries=entries, terms=derive_terms(entries, text))


def _target(words: str) -> str:
    """ "1a. and 1b. under Sweep Phase" -> "Sweep Phase"."""
    return words.rsplit(" under ", 1)[-1].strip()


def _is_chapter(paragraph: str) -> bool:
    return (
        len(paragraph) <= 50
        and not ends_sentence(paragraph)
        and ":" not in paragraph
        and looks_like_title(paragraph)
    )


def _heading(paragraph: str) -> tuple[str, str, str] | None:
    if match := STEP.match(paragraph):
        return match.group("number"), match.group("title").strip(), paragraph[match.end() :]
    if paragraph.startswith(GAME_TITLE):
        return None
    if match := HEADED.match(paragraph):
        heading = match.group("title").strip()
        if looks_like_title(heading, 6):
            return "", heading, paragraph[match.end() :]
    return None


def _new(entries: list[ParsedEntry], seen: set[str], **fields) -> ParsedEntry:
    fields["key"] = unique_key(fields["key"], seen)
    entry = ParsedEntry(kind="rule", **fields)
    entries.append(entry)
    return entry
