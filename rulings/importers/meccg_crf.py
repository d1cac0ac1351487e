"""MECCG Comprehensive Rulings File, part III "Rulings by Term" (as posted to Usenet).

Layout after the archive's furniture is removed: a part heading ("III. Rulings By Term"), then
terms. A term is a one-line paragraph; its rulings follow as hard-wrapped lines (about 70
characters) with no blank line between rulings. A ruling therefore starts

* at a marker: "@ " (new in this edition), "Annotation N:", "(amendment to original version of
  Annotation N):", "Rules Erratum:";
* or after a line that ends a sentence when the next line's first word would have fitted on it
  (so the line was ended on purpose, not wrapped). When the word would not have fitted the break is
  ambiguous: it starts a new ruling, except inside an annotation or an "@" ruling, which the CRF
  quotes as single paragraphs.

Keys: ``annotation-N`` (``annotation-N-amendment`` for an amendment), ``<term>/rules-erratum-K``
and ``<term>/ruling-K`` (K counts within the term), so they survive re-imports and new editions.
"""

from __future__ import annotations

import re

from .base import (
    CrossRef,
    ParsedEntry,
    ParsedSource,
    ParsedTerm,
    SourceFormatError,
    ends_sentence,
    join_lines,
    paragraphs,
    slugify,
    tidy,
)
from .noise import check_text, clean_lines, require

FORMAT = "meccg-crf-terms"
WRAP = 71  # a line whose next word would still fit in this width was ended on purpose

PART_HEADING = re.compile(r"^[IVX]+\.\s+Rulings by Term\s*$", re.I)
NEW_MARK = re.compile(r"^@\s+")
ANNOTATION = re.compile(r"^Annotation\s+(\d+)\s*(\(([^)]*)\))?\s*:\s*")
AMENDMENT = re.compile(r"^\(amendment to (?:the )?original version of Annotation\s+(\d+)\)\s*:\s*", re.I)
RULES_ERRATUM = re.compile(r"^Rules Erratum\s*:\s*", re.I)
MENTION = re.compile(r"\b(?:(see|per|as per)\s+)?Annotation\s+(\d+)\b", re.I)


def parse(text: str) -> ParsedSource:
    text = check_text(text, FORMAT)
    require(text, ["Rulings by Term"], FORMAT)
    lines = clean_lines(text)
    start = next((i for i, line in enumerate(lines) if PART_HEADING.match(line.strip())), None)
    if start is None:
        raise SourceFormatError(f"{FORMAT}: no 'III. Rulings By Term' heading found")
    title = next((line.strip() for line in lines[:start] if line.strip()), lines[start].strip())

    terms: list[ParsedTerm] = []
    entries: list[ParsedEntry] = []
    term: ParsedTerm | None = None
    counters: dict[str, int] = {}
    for block in _blocks(lines[start + 1 :]):
        if _is_term_heading(block):
            term = ParsedTerm(slug=slugify(block[0]), name=block[0].strip())
            terms.append(term)
            continue
        if term is None:
            raise SourceFormatError(f"{FORMAT}: text before the first term: {block[0][:60]!r}")
        if _is_list(block) and entries and entries[-1].section == term.name:
            # a list of card names completing the ruling before it
            entries[-1].text += "\n" + "\n".join(line.strip() for line in block)
            continue
        for paragraph in _rulings(block):
            entries.append(_entry(paragraph, term, counters))
    if len(terms) < 2:
        raise SourceFormatError(f"{FORMAT}: found {len(terms)} terms; this is not a Rulings by Term file")
    return ParsedSource(format=FORMAT, title=tidy(title), entries=entries, terms=terms)


def _blocks(lines: list[str]) -> list[list[str]]:
    """Blank-line separated blocks, trailing spaces trimmed (the Usenet text pads its lines)."""
    return [[line.rstrip() for line in block] for block in paragraphs(lines)]


def _is_term_heading(block: list[str]) -> bool:
    if len(block) != 1:
        return False
    line = block[0].strip()
    return (
        len(line) <= 40
        and len(line.split()) <= 5
        and not ends_sentence(line)
        and not line.endswith((":", ",", "*"))
        and line[0].isupper()
        and not NEW_MARK.match(line)
    )


def _is_list(block: list[str]) -> bool:
    """A column of short names (e.g. the cards a ruling lists), not sentences."""
    return len(block) > 1 and all(len(line.strip()) <= 45 and not ends_sentence(line) for line in block)


def _is_marker(line: str) -> bool:
    return bool(
        NEW_MARK.match(line) or ANNOTATION.match(line) or AMENDMENT.match(line) or RULES_ERRATUM.match(line)
    )


def _rulings(block: list[str]) -> list[list[str]]:
    paragraphs: list[list[str]] = [[block[0]]]
    for previous, line in zip(block, block[1:], strict=False):
        current = paragraphs[-1]
        if _is_marker(line):
            paragraphs.append([line])
            continue
        first = line.strip()
        if ends_sentence(previous) and (first[0].isupper() or first[0] in "\"'*("):
            fits = len(previous.rstrip()) + 1 + len(first.split()[0]) <= WRAP
            head = current[0]
            quoted_whole = bool(ANNOTATION.match(head) or AMENDMENT.match(head) or NEW_MARK.match(head))
            if fits or not quoted_whole:
                paragraphs.append([line])
                continue
        current.append(line)
    return paragraphs


def _entry(paragraph: list[str], term: ParsedTerm, counters: dict[str, int]) -> ParsedEntry:
    text = join_lines(paragraph)
    flags: list[str] = []
    number = title = parent_key = ""
    if match := AMENDMENT.match(text):
        kind, number = "annotation", match.group(1)
        key, parent_key = f"annotation-{number}-amendment", f"annotation-{number}"
        title, flags = f"Annotation {number} (amendment)", ["amendment"]
        text = text[match.end() :]
    elif match := ANNOTATION.match(text):
        kind, number = "annotation", match.group(1)
        key, title = f"annotation-{number}", f"Annotation {number}"
        if match.group(3):
            flags.append("modified")
            title += f" ({match.group(3).strip()})"
        text = text[match.end() :]
    elif match := RULES_ERRATUM.match(text):
        kind, flags = "erratum", ["rules_erratum"]
        key = _counted(term, "rules-erratum", counters)
        title = "Rules Erratum"
        text = text[match.end() :]
    else:
        kind = "ruling"
        if match := NEW_MARK.match(text):
            flags.append("new_in_edition")
            text = text[match.end() :]
        key = _counted(term, "ruling", counters)
    refs = []
    for mention in MENTION.finditer(text):
        if mention.group(2) != number:
            refs.append(CrossRef(kind="annotation", target=mention.group(2), label=mention.group(0)))
    return ParsedEntry(
        key=key,
        kind=kind,
        text=tidy(text),
        section=term.name,
        title=title,
        number=number,
        flags=flags,
        parent_key=parent_key,
        cross_refs=refs,
        terms=[term.slug],
    )


def _counted(term: ParsedTerm, what: str, counters: dict[str, int]) -> str:
    name = f"{term.slug}/{what}"
    counters[name] = counters.get(name, 0) + 1
    return f"{name}-{counters[name]}"
