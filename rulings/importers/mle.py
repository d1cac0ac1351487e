"""Highlander: Missing Link Expansions (MLE) rule supplement.

Four regions, in this order:

* rules: chapters in capitals ("PRE-GAME CARDS"), sections ending with a colon ("FACTION
  PERSONAS :") or a lone title line ("Unexpected cards vs. Cards Treated as Unexpected"), and
  "Example N:" paragraphs illustrating the section they sit in;
* ERRATA: cards listed under a persona / weapon heading in capitals ("ANDRE KORDA"), each with its
  name, an optional parenthesised note, type lines ("Attack, S3"), the new text and an optional
  bracketed note; a heading in capitals can itself be the card ("DARIUS PERSONA");
* CLARIFICATIONS: an explanation, then card names each followed by the clarified text;
* FAQ's: "Q - question" / "A - answer" pairs (answers may run over several paragraphs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import (
    ParsedEntry,
    ParsedSource,
    SourceFormatError,
    ends_sentence,
    fold,
    looks_like_title,
    merge_broken,
    slugify,
    smart_title,
    tidy,
    unique_key,
)
from .glossary import derive_terms
from .noise import check_text, clean_lines, require

FORMAT = "highlander-mle"

EDITION = re.compile(r"^\[UPDATED\b.*\]$", re.I)
SECTION = re.compile(r"^(?P<title>[A-Z][^:.]{1,58}?)\s*:\s*$")
EXAMPLE = re.compile(r"^Example\s*(?P<n>\d*)\s*:\s*$", re.I)
ERRATA_HEAD = re.compile(r"^ERRATA\s*:?\s*$")
CLARIFICATIONS_HEAD = re.compile(r"^CLARIFICATIONS\s*:?\s*$")
FAQ_HEAD = re.compile(r"^FAQ'?s?\s*:?\s*$", re.I)
QUESTION = re.compile(r"^Q\s*[-\u2013\u2014]\s*")
ANSWER = re.compile(r"^A\s*[-\u2013\u2014]\s*")
TYPE_LINE = re.compile(
    r"^(?:(?:Special Attack|Attack|Block|Dodge|Edge|Unexpected Event|Event|Object|Situation|Location"
    r"|Combat Trick|Persona|Pre-?Game|Signature|Reserved)\b[^a-z]*?(?:\([^)]*\))?[^a-z]*|[RS]?\d+)$"
)
GRID = re.compile(r"\(([X-]{3}/[X-]{3}/[X-]{3})\)")
CARD_SUFFIX = re.compile(r"\s+(PERSONA|PRE-GAME)$")


def parse(text: str) -> ParsedSource:
    text = check_text(text, FORMAT)
    require(text, ["Missing Link", "ERRATA", "FAQ"], FORMAT)
    lines = [tidy(line) for line in clean_lines(text)]
    title = smart_title(lines[0]) if lines else FORMAT
    errata_at = _find(lines, ERRATA_HEAD)
    clar_at = _find(lines, CLARIFICATIONS_HEAD, errata_at)
    faq_at = _find(lines, FAQ_HEAD, clar_at)
    seen: set[str] = set()
    entries = _rules(lines[1:errata_at], seen)
    chapter = entries[-1].section.split(" \u203a ")[0] if entries else ""
    errata_chapter = smart_title(lines[errata_at - 1]) if _is_chapter(lines[errata_at - 1]) else chapter
    entries += _errata(lines[errata_at + 1 : clar_at], errata_chapter, seen)
    entries += _clarifications(lines[clar_at + 1 : faq_at], errata_chapter, seen)
    entries += _faq(lines[faq_at + 1 :], seen)
    return ParsedSource(format=FORMAT, title=title, entries=entries, terms=derive_terms(entries, text))


def _find(lines: list[str], pattern: re.Pattern, start: int = 0) -> int:
    for index in range(start, len(lines)):
        if pattern.match(lines[index].strip()):
            return index
    raise SourceFormatError(
        f"{FORMAT}: no line matching {pattern.pattern!r}; the supplement looks incomplete"
    )


def _is_chapter(line: str) -> bool:
    letters = [ch for ch in line if ch.isalpha()]
    return len(letters) >= 4 and all(ch.isupper() for ch in letters) and ":" not in line and len(line) <= 50


def _join_soft(lines: list[str]) -> str:
    """Lines here are whole paragraphs; a line cut mid-sentence continues on the next one."""
    out = ""
    for line in lines:
        line = line.strip()
        if not out:
            out = line
        elif ends_sentence(out) or out.endswith((":", "=")) or line.startswith(("\u00b7", "-", "*")):
            out += "\n" + line
        else:
            out += " " + line
    return out.replace("\u00b7 ", "\u2022 ")


# ---------------------------------------------------------------------------- rules region


def _rules(lines: list[str], seen: set[str]) -> list[ParsedEntry]:
    items: list[tuple[str, object]] = []
    buffer: list[str] = []
    blocks: list[list[str]] = []

    def flush() -> None:
        nonlocal buffer, blocks
        if buffer:
            blocks.append(buffer)
            buffer = []
        if blocks:
            items.append(("text", merge_broken(blocks)))
            blocks = []

    for index, line in enumerate(lines):
        stripped = line.strip()
        lone = (index == 0 or not lines[index - 1].strip()) and (
            index + 1 >= len(lines) or not lines[index + 1].strip()
        )
        if EDITION.match(stripped):
            flush()
        elif match := EXAMPLE.match(stripped):
            flush()
            items.append(("example", match.group("n")))
        elif _is_chapter(stripped):
            flush()
            items.append(("chapter", smart_title(stripped)))
        elif match := SECTION.match(stripped):
            flush()
            items.append(("section", smart_title(match.group("title"))))
        elif lone and len(stripped) <= 60 and looks_like_title(stripped.replace(" cards ", " Cards "), 10):
            flush()
            items.append(("section", stripped))
        elif not stripped:
            if buffer:
                blocks.append(buffer)
                buffer = []
        else:
            buffer.append(stripped)
    flush()

    entries: list[ParsedEntry] = []
    chapter, section, section_key = "", "Introduction", "introduction"
    example: str | None = None
    for kind, value in items:
        if kind == "chapter":
            chapter, section, section_key, example = str(value), "", slugify(str(value)), None
        elif kind == "section":
            section, example = str(value), None
            bare = re.sub(r"\([^)]*\)", "", section)
            section_key = f"{slugify(chapter)}/{slugify(bare)}" if chapter else slugify(bare)
        elif kind == "example":
            example = str(value) or "1"
        else:
            text = "\n".join(_join_soft(block) for block in value)  # type: ignore[union-attr]
            path = " \u203a ".join(part for part in (chapter, section) if part)
            if example is not None:
                entries.append(
                    ParsedEntry(
                        key=unique_key(f"{section_key}/example-{example}", seen),
                        kind="example",
                        text=text,
                        section=path,
                        title=f"Example {example}",
                        number=example,
                        parent_key=section_key,
                    )
                )
                example = None
            elif entries and entries[-1].key == section_key:
                entries[-1].text += "\n" + text
            else:
                entries.append(
                    ParsedEntry(
                        key=unique_key(section_key, seen),
                        kind="rule",
                        text=text,
                        section=path,
                        title=section or chapter,
                    )
                )
    return entries


# ---------------------------------------------------------------------------- errata


@dataclass
class _Card:
    name: str
    group: str = ""
    card_type: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


def _classify(line: str) -> str:
    if line.startswith("(") and line.endswith(")"):
        return "note"
    if line.startswith("[") and line.endswith("]"):
        return "note"
    if TYPE_LINE.match(line) or TYPE_LINE.match(line.title()):
        return "type"
    if _is_chapter(line):
        return "caps"
    if looks_like_title(line, 7) and not line.startswith('"'):
        return "name"
    return "text"


def _errata(lines: list[str], chapter: str, seen: set[str]) -> list[ParsedEntry]:
    cards: list[_Card] = []
    group = ""
    caps_pending = ""  # a heading in capitals: a persona / weapon, or the card itself
    notes: list[str] = []  # notes met before the card they belong to
    card: _Card | None = None
    blank_before = False

    def start(name: str, from_caps: bool) -> _Card:
        nonlocal notes, caps_pending
        new = _Card(name=name, group="" if from_caps else smart_title(group), notes=notes)
        if from_caps and (suffix := CARD_SUFFIX.search(caps_pending)):
            new.name = smart_title(caps_pending[: suffix.start()])
            new.card_type.append(smart_title(suffix.group(1)))
        notes, caps_pending = [], ""
        cards.append(new)
        return new

    for raw in lines:
        line = raw.strip()
        if not line:
            blank_before = True
            continue
        kind = _classify(line)
        if kind == "caps":
            card, caps_pending, notes = None, line, []
            group = CARD_SUFFIX.sub("", line)
        elif kind == "name":
            card = start(line, from_caps=False)
        elif kind == "note":
            note = line[1:-1].strip()
            if card is None:
                notes.append(note)
            else:
                card.notes.append(note)
        else:
            if card is None:
                if not caps_pending:
                    raise SourceFormatError(f"{FORMAT}: erratum text with no card name: {line[:60]!r}")
                card = start(smart_title(caps_pending), from_caps=True)
            if kind == "type" and not card.text:
                card.card_type.append(smart_title(line))
            elif card.text and not ends_sentence(card.text[-1]) and (not blank_before or line[:1].islower()):
                card.text[-1] += " " + line  # a paragraph cut by a line or page break
            else:
                card.text.append(line)
        blank_before = False

    variants = _variants(cards)
    entries = []
    for card, variant in zip(cards, variants, strict=True):
        key = f"errata/{slugify(card.name)}" + (f"/{slugify(variant)}" if variant else "")
        entries.append(
            ParsedEntry(
                key=unique_key(key, seen),
                kind="erratum",
                text="\n".join(card.text),
                section=f"{chapter} \u203a Errata",
                title=card.name,
                card_name=card.name,
                card_variant=variant,
                card_group=card.group,
                card_type=", ".join(card.card_type),
                change_note="\n".join(card.notes),
            )
        )
    return entries


def _variants(cards: list[_Card]) -> list[str]:
    """Tell apart cards listed twice under one name: by the attack grid, else by the word that differs."""
    variants = [""] * len(cards)
    by_name: dict[str, list[int]] = {}
    for index, card in enumerate(cards):
        by_name.setdefault(fold(card.name), []).append(index)
    for indexes in by_name.values():
        if len(indexes) < 2:
            continue
        for index in indexes:
            card = cards[index]
            grid = GRID.search(" ".join(card.card_type))
            if grid:
                variants[index] = _grid_side(grid.group(1))
                continue
            mine = set(re.findall(r"\w+", " ".join(card.text).lower()))
            others = set().union(
                *(set(re.findall(r"\w+", " ".join(cards[i].text).lower())) for i in indexes if i != index)
            )
            distinct = [
                word for word in re.findall(r"\w+", " ".join(card.text).lower()) if word not in others
            ]
            variants[index] = distinct[0] if distinct and mine else str(indexes.index(index) + 1)
    return variants


def _grid_side(grid: str) -> str:
    rows = grid.split("/")
    columns = {col for row in rows for col, mark in enumerate(row) if mark == "X"}
    sides = {frozenset({0}): "left", frozenset({1}): "center", frozenset({2}): "right"}
    return sides.get(frozenset(columns), grid.lower().replace("-", "o"))


# ---------------------------------------------------------------------------- clarifications


def _clarifications(lines: list[str], chapter: str, seen: set[str]) -> list[ParsedEntry]:
    blocks = merge_broken(_blocks(lines))
    entries: list[ParsedEntry] = []
    intro: list[str] = []
    current: ParsedEntry | None = None
    for block in blocks:
        first = block[0].strip()
        if len(block) == 1 and looks_like_title(first, 8):
            name, variant = first, ""
            if match := re.search(r"\s*\(([^)]*)\)$", first):
                name, variant = first[: match.start()], match.group(1)
            key = f"clarifications/{slugify(name)}" + (f"/{slugify(variant)}" if variant else "")
            current = ParsedEntry(
                key=unique_key(key, seen),
                kind="clarification",
                text="",
                section=f"{chapter} \u203a Clarifications",
                title=first,
                card_name=name,
                card_variant=variant.lower(),
            )
            entries.append(current)
        elif current is None:
            intro.append(_join_soft(block))
        else:
            current.text = "\n".join(filter(None, [current.text, _join_soft(block)]))
    if intro:
        entries.insert(
            0,
            ParsedEntry(
                key=unique_key("clarifications", seen),
                kind="rule",
                text="\n".join(intro),
                section=f"{chapter} \u203a Clarifications",
                title="Errata and Clarifications",
            ),
        )
    empty = [entry.title for entry in entries if not entry.text]
    if empty:
        raise SourceFormatError(f"{FORMAT}: clarifications with no text: {empty}")
    return entries


def _blocks(lines: list[str]) -> list[list[str]]:
    blocks: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            blocks[-1].append(line.strip())
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


# ---------------------------------------------------------------------------- FAQ


def _faq(lines: list[str], seen: set[str]) -> list[ParsedEntry]:
    pairs: list[tuple[list[str], list[str]]] = []
    target: list[str] | None = None
    for block in merge_broken(_blocks(lines)):
        for line in block:
            if match := QUESTION.match(line):
                pairs.append(([line[match.end() :]], []))
                target = pairs[-1][0]
            elif match := ANSWER.match(line):
                if not pairs:
                    raise SourceFormatError(f"{FORMAT}: an answer before any question: {line[:60]!r}")
                target = pairs[-1][1]
                target.append(line[match.end() :])
            elif target is None:
                raise SourceFormatError(f"{FORMAT}: FAQ text before the first question: {line[:60]!r}")
            else:
                target.append(line)
    entries = []
    for number, (question, answer) in enumerate(pairs, start=1):
        if not answer:
            raise SourceFormatError(f"{FORMAT}: FAQ question {number} has no answer")
        q, a = _join_soft(question), _join_soft(answer)
        entries.append(
            ParsedEntry(
                key=unique_key(f"faq/{slugify(q, 160)}", seen),
                kind="faq",
                text=a,
                section="FAQ",
                title=f"FAQ {number}",
                number=str(number),
                question=q,
                answer=a,
            )
        )
    return entries
