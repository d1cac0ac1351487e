"""MECCG "Against the Shadow" (MEAS) rules insert, as saved from a web page.

Layout: the title lines ("Against the Shadow", "MEAS Rules Insert"), an introduction, then
sections: a heading on a line of its own ("Hoards", "Placement of cards "off to the side"
(Clarification)") and paragraphs, one per line. Paragraphs starting "Example:" illustrate the
section they sit in and become example entries tied to it; "Note:" paragraphs stay in the section.
A heading marked "(Clarification)" makes a clarification entry, any other a rule entry. The page's
hosting footer is dropped by the noise cleaner.
"""

from __future__ import annotations

import re

from .base import (
    ParsedEntry,
    ParsedSource,
    SourceFormatError,
    ends_sentence,
    join_lines,
    merge_broken,
    paragraphs,
    slugify,
    tidy,
    unique_key,
)
from .noise import check_text, clean_lines, require

FORMAT = "meccg-meas-insert"
EXAMPLE = re.compile(r"^Example\s*(\d*)\s*:\s*", re.I)
CLARIFICATION = re.compile(r"\s*\(Clarification\)\s*$", re.I)
# Words split at a line end in the original ("Under- deeps", "The Under- grottos").
SPLIT_COMPOUND = re.compile(r"\b([A-Z][a-z]+)- ([a-z]{3,})\b")


def parse(text: str) -> ParsedSource:
    text = check_text(text, FORMAT)
    require(text, ["Against the Shadow", "Rules Insert"], FORMAT)
    blocks = merge_broken(paragraphs(clean_lines(text)))
    titles: list[str] = []
    entries: list[ParsedEntry] = []
    seen: set[str] = set()
    section: ParsedEntry | None = None
    examples = 0
    for block in blocks:
        paragraph = SPLIT_COMPOUND.sub(r"\1-\2", tidy(join_lines(block)))
        if _is_heading(block, paragraph):
            if not entries and section is None and len(titles) < 2 and "(" not in paragraph:
                titles.append(paragraph)  # the document's own title lines
                continue
            kind = "clarification" if CLARIFICATION.search(paragraph) else "rule"
            heading = CLARIFICATION.sub("", paragraph)
            section = ParsedEntry(
                key=unique_key(slugify(heading), seen), kind=kind, text="", section=heading, title=heading
            )
            entries.append(section)
            examples = 0
            continue
        if match := EXAMPLE.match(paragraph):
            if section is None:
                raise SourceFormatError(f"{FORMAT}: an example before any section: {paragraph[:60]!r}")
            examples += 1
            number = match.group(1) or str(examples)
            entries.append(
                ParsedEntry(
                    key=unique_key(f"{section.key}/example-{number}", seen),
                    kind="example",
                    text=paragraph[match.end() :],
                    section=section.section,
                    title=f"Example {number}",
                    number=number,
                    parent_key=section.key,
                )
            )
            continue
        if section is None:
            section = ParsedEntry(
                key=unique_key("introduction", seen),
                kind="rule",
                text="",
                section="Introduction",
                title="Introduction",
            )
            entries.append(section)
        section.text = f"{section.text}\n{paragraph}" if section.text else paragraph
    empty = [entry.title for entry in entries if not entry.text]
    if empty:
        raise SourceFormatError(f"{FORMAT}: sections with no text: {empty}")
    title = " \u2014 ".join(titles) if titles else "Against the Shadow Rules Insert"
    return ParsedSource(format=FORMAT, title=title, entries=entries)


def _is_heading(block: list[str], paragraph: str) -> bool:
    return (
        len(block) == 1
        and len(paragraph) <= 70
        and not ends_sentence(paragraph)
        and not paragraph.endswith((":", ","))
        and paragraph[:1].isupper()
        and not EXAMPLE.match(paragraph)
    )
