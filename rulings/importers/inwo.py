"""INWO rulebook excerpt: two-column text run together, inside a download page.

The text was extracted from a two-column PDF page line by line, so the left and right columns
alternate ("Other links are temporary..." / "oppose an attack against that Group..."), sometimes
with two lines of one column in a row, and some lines hold both columns glued together. This
importer recovers the columns:

1. A line longer than a column (``COLUMN`` characters) is both columns: it is cut where the two
   halves are most alike in length and closest to the column's previous line, preferring a cut
   after a full stop followed by a lower-case word, before a paragraph opener ("If", "Exception:"),
   and never one that puts two determiners together ("an the").
2. Any other line goes to the column whose turn it is, unless it cannot continue that column (a
   lower-case start after a finished sentence, or a paragraph opener in the middle of a sentence)
   and can continue the other.
3. Each column is then cut into paragraphs and headings ("Illegal Links"). Paragraphs that start
   in the middle of a sentence (the excerpt begins or jumps mid-text) are kept, flagged
   ``fragment``; a heading with no text after it is dropped.

Every entry is flagged ``two_column_recovered`` so readers know the text was reassembled. The
download page's banner and link list are removed by the noise cleaner.
"""

from __future__ import annotations

import re

from .base import ParsedEntry, ParsedSource, SourceFormatError, ends_sentence, slugify, tidy, unique_key
from .noise import check_text, clean_lines, require

FORMAT = "inwo-excerpt"
COLUMN = 62  # no single column line is longer than this
MIN_PART = 3
OPENERS = ("If ", "Exception:", "Examples:", "Example:", '" ', "\u2022 ")
MODALS = {"will", "can", "may", "must", "shall", "should", "would", "could", "might"}
DETERMINERS = {"a", "an", "the", "his", "her", "its", "their", "your", "this", "that", "each", "any", "every"}
UNTITLED = "Untitled section (the excerpt starts or resumes inside it)"
GLUED = re.compile(r"(?<!\b[ei]\.g)(?<!\bp)(?<!etc)[a-z)][.!?] (?=[a-z])")
STRAY_OPENER = re.compile(r"[a-z,;] (?:If|Exception:)(?: |$)")  # "Support, If": an opener glued mid-line


def parse(text: str) -> ParsedSource:
    text = check_text(text, FORMAT)
    require(text, ["Group", "Plot", "link"], FORMAT)
    lines = [line for line in (tidy(raw) for raw in clean_lines(text)) if line]
    columns = _split_columns(lines)
    entries: list[ParsedEntry] = []
    seen: set[str] = set()
    for column in columns:
        entries += _entries(column, seen)
    if not entries:
        raise SourceFormatError(f"{FORMAT}: no rule paragraphs could be recovered")
    return ParsedSource(
        format=FORMAT, title="Illuminati: New World Order \u2014 rules excerpt", entries=entries
    )


# ---------------------------------------------------------------------------- columns


def _split_columns(lines: list[str]) -> list[list[str]]:
    left: list[str] = []
    right: list[str] = []
    turn = 0  # 0: left column's turn, 1: right's
    for line in lines:
        glued = GLUED.search(line)
        if glued and len(line) <= COLUMN:  # "his turn. bonus.": a sentence end, then the other column
            left.append(line[: glued.start() + 2].rstrip())
            right.append(line[glued.end() :])
            turn = 0
            continue
        if len(line) > COLUMN:
            a, b = _cut(line, left, right)
            left.append(a)
            right.append(b)
            turn = 0
            continue
        streams = (left, right)
        if _fits(streams[turn], line) or not _fits(streams[1 - turn], line):
            streams[turn].append(line)
        else:
            turn = 1 - turn
            streams[turn].append(line)
        turn = 1 - turn
    return [left, right]


def _fits(stream: list[str], line: str) -> bool:
    if not stream:
        return True
    last = stream[-1]
    finished = ends_sentence(last) or _is_heading(last)
    if (finished or last.endswith(":")) and line[:1].islower():
        return False
    return finished or not line.startswith(OPENERS)


def _cut(line: str, left: list[str], right: list[str]) -> tuple[str, str]:
    previous = len(left[-1]) if left and not ends_sentence(left[-1]) else COLUMN - 6
    right_last = right[-1].split()[-1].lower() if right else ""
    best: tuple[float, int] | None = None
    for position, char in enumerate(line):
        if char != " ":
            continue
        a, b = line[:position].rstrip(), line[position + 1 :].lstrip()
        if not (MIN_PART <= len(a) <= COLUMN - 2 and MIN_PART <= len(b) <= COLUMN - 2):
            continue
        score = 2 * abs(len(a) - len(b)) + abs(len(a) - previous)
        if ends_sentence(a) and b[:1].islower():
            score -= 10
        if b.startswith(OPENERS):
            score -= 200 if a.endswith(":") else 6
        if STRAY_OPENER.search(a) or STRAY_OPENER.search(b):
            score += 20
        if _clash(right_last, b.split()[0]) or (" " in a and _clash(*a.rsplit(" ", 2)[-2:])):
            score += 15
        if best is None or score < best[0]:
            best = (score, position)
    if best is None:
        raise SourceFormatError(f"{FORMAT}: cannot split a line into its two columns: {line[:60]!r}")
    return line[: best[1]].rstrip(), line[best[1] + 1 :].lstrip()


def _clash(first: str, second: str) -> bool:
    """Two words that cannot follow each other: "an the", "will can"."""
    pair = {first.lower(), second.lower()}
    return any(len(pair & group) == len(pair) for group in (DETERMINERS, MODALS))


# ---------------------------------------------------------------------------- paragraphs


def _is_heading(line: str) -> bool:
    line = line.removesuffix("...")
    words = line.split()
    return (
        0 < len(words) <= 5
        and not ends_sentence(line)
        and not line.endswith((",", ":", ";"))
        and all(word[:1].isupper() for word in words if word.lower() not in {"of", "the", "and", "a"})
    )


def _paragraphs(column: list[str]) -> list[tuple[str, list[str]]]:
    """[(heading or "", lines)], headings as their own items with no lines."""
    items: list[tuple[str, list[str]]] = []
    for index, line in enumerate(column):
        previous = column[index - 1] if index else ""
        if _is_heading(line) and (not previous or ends_sentence(previous)):
            items.append((line, []))
            continue
        starts_new = (
            not items
            or not items[-1][1]
            or line.startswith(OPENERS)
            or (ends_sentence(previous) and (len(previous) < 50 or line[:1].islower()))
        )
        if starts_new:
            items.append(("", [line]))
        else:
            items[-1][1].append(line)
    return items


def _repair(text: str) -> str:
    text = re.sub(r"^\"\s+", "\u2022 ", text)  # a bullet that became a quote mark
    text = re.sub(r"\b([A-Z]?[a-z]+) s\b", r"\1's", text)  # "owner s hand": a lost apostrophe
    return text


def _entries(column: list[str], seen: set[str]) -> list[ParsedEntry]:
    entries: list[ParsedEntry] = []
    section = UNTITLED
    last_rule: ParsedEntry | None = None
    in_examples = False
    for heading, lines in _paragraphs(column):
        if heading:
            section, in_examples = heading, False
            continue
        text = ""
        for line in lines:
            text = text[:-1] + line if re.search(r"[a-z]-$", text) else f"{text} {line}".strip()
        if text in ("Examples:", "Example:"):
            in_examples = True
            continue
        text = _repair(text)
        flags = ["two_column_recovered"]
        if text[:1].islower():  # the column jumps into the middle of other text
            flags.append("fragment")
            section = UNTITLED
        example = in_examples and text.startswith("\u2022") and last_rule is not None
        words = slugify(" ".join(text.lstrip("\u2022 ").split()[:8]))
        entry = ParsedEntry(
            key=unique_key(f"{slugify(section)}/{words}", seen),
            kind="example" if example else "rule",
            text=text,
            section=section,
            title=section if section != UNTITLED else "",
            flags=flags,
            parent_key=last_rule.key if example and last_rule else "",
        )
        if not example:
            last_rule, in_examples = entry, False
        entries.append(entry)
    return entries
