"""Plain values the importers produce, and the small text helpers they share.

Nothing here imports Django: the importers are pure functions of the document text, so they can be
tested (and re-run on a new edition of a document) without a database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.textfold import fold  # noqa: F401 - the importers' name for the shared folding

KINDS = ("rule", "ruling", "erratum", "clarification", "faq", "annotation", "example")


class SourceFormatError(ImportError):
    """The input is not a readable document of the format the importer expects.

    Raised for binary or damaged input (NUL bytes, invalid UTF-8, control characters), for an empty
    document, and for a document that is not the one the importer was written for. The message says
    what was wrong; nothing has been imported when it is raised.
    """


@dataclass(frozen=True)
class CrossRef:
    """A mention of another entry, e.g. "see Annotation 18" -> CrossRef("annotation", "18")."""

    kind: str  # "annotation" or "section"
    target: str  # the annotation number, or the section title as written
    label: str  # the words in the text, for display

    def to_dict(self) -> dict:
        return {"kind": self.kind, "target": self.target, "label": self.label}


@dataclass(frozen=True)
class ParsedTerm:
    slug: str
    name: str


@dataclass
class ParsedEntry:
    key: str  # stable within the source and across editions (content identity, not position)
    kind: str
    text: str  # the full readable text of the entry (for errata: the card's new text)
    section: str = ""  # "Chapter › Section" path, or the MECCG term
    title: str = ""  # the entry's own heading, when it has one
    number: str = ""  # annotation / numbered-step number
    question: str = ""
    answer: str = ""
    card_name: str = ""
    card_variant: str = ""  # tells apart two cards with one title ("left", "undodgeable")
    card_group: str = ""  # the persona / weapon / "Generics" heading the card is listed under
    card_type: str = ""  # the type line printed with an erratum ("Special Attack, 2 (X--/X--/X--)")
    change_note: str = ""  # the bracketed / parenthesised note saying what changed
    flags: list[str] = field(default_factory=list)
    parent_key: str = ""
    cross_refs: list[CrossRef] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)  # term slugs the entry sits under or uses
    position: int = 0  # document order, 0-based, filled in by ParsedSource

    def searchable_fields(self) -> dict[str, str]:
        return {
            "text": self.text,
            "section": self.section,
            "title": self.title,
            "question": self.question,
            "answer": self.answer,
            "card_name": self.card_name,
            "card_type": self.card_type,
            "change_note": self.change_note,
        }


@dataclass
class ParsedSource:
    format: str
    title: str
    entries: list[ParsedEntry]
    terms: list[ParsedTerm] = field(default_factory=list)

    def __post_init__(self) -> None:
        for index, entry in enumerate(self.entries):
            entry.position = index
            if entry.kind not in KINDS:
                raise ValueError(f"unknown entry kind {entry.kind!r} for {entry.key!r}")
        keys = [entry.key for entry in self.entries]
        duplicates = sorted({key for key in keys if keys.count(key) > 1})
        if duplicates:
            raise SourceFormatError(f"{self.format}: duplicate entry keys {duplicates}")
        if not self.entries:
            raise SourceFormatError(f"{self.format}: no entries found; is this the right document?")

    def by_key(self) -> dict[str, ParsedEntry]:
        return {entry.key: entry for entry in self.entries}

    def of_kind(self, kind: str) -> list[ParsedEntry]:
        return [entry for entry in self.entries if entry.kind == kind]


# ---------------------------------------------------------------- text helpers


def slugify(value: str, max_length: int = 100) -> str:
    """ASCII slug: folded, apostrophes dropped, other runs of non-alphanumerics become one hyphen."""
    folded = fold(value).replace("'", "").replace("\u2019", "")
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    if len(slug) > max_length:
        cut = slug[:max_length]
        slug = cut.rsplit("-", 1)[0] if "-" in cut else cut
    return slug


TERMINAL = (".", "!", "?", '."', ".)", "?)", '?"', "!)", ".'")
ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "p.", "cf.")


def ends_sentence(line: str) -> bool:
    stripped = line.rstrip()
    if not stripped.endswith(TERMINAL):
        return False
    last_word = stripped.split()[-1].lower().lstrip("(")
    return last_word not in ABBREVIATIONS


def join_lines(lines: list[str]) -> str:
    """Join hard-wrapped lines into one paragraph; "automatic-" + "attack" -> "automatic-attack"."""
    out = ""
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if not out:
            out = line
        elif re.search(r"[A-Za-z]-$", out) and not out.endswith(" -"):
            out += line
        else:
            out += " " + line
    return out


def tidy(text: str) -> str:
    """Collapse whitespace inside lines, keep line breaks, normalise typographic apostrophes."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = re.sub(r"(?<=\w)\u00b9(?=s\b)", "'", text)  # "player¹s": a mis-encoded apostrophe
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    lines = [re.sub(r"[ \t\u00a0\u202f]+", " ", line).strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def paragraphs(lines: list[str]) -> list[list[str]]:
    """Split lines into blank-line separated blocks (lines keep their text, blanks are dropped)."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if line.strip():
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def unique_key(key: str, seen: set[str]) -> str:
    """Return key, or key-2, key-3... if it is already taken; records the result in seen."""
    candidate, n = key, 1
    while candidate in seen:
        n += 1
        candidate = f"{key}-{n}"
    seen.add(candidate)
    return candidate


SMALL_WORDS = {
    "a",
    "an",
    "and",
    "as",
    "at",
    "by",
    "for",
    "from",
    "in",
    "of",
    "on",
    "or",
    "the",
    "to",
    "vs.",
    "with",
}


def looks_like_title(line: str, max_words: int = 8) -> bool:
    """A heading or a card name: short, no sentence ending, its words capitalised (small words aside)."""
    stripped = line.strip()
    if not stripped or ends_sentence(stripped) or stripped.endswith((",", ";")):
        return False
    words = re.sub(r"\([^)]*\)", " ", stripped).split()
    if not words or len(words) > max_words:
        return False
    for index, word in enumerate(words):
        bare = word.strip("\"'()-&/")
        if not bare:
            continue
        if index and bare.lower() in SMALL_WORDS:
            continue
        if not (bare[0].isupper() or bare[0].isdigit()):
            return False
    return True


def merge_broken(blocks: list[list[str]]) -> list[list[str]]:
    """Re-join a paragraph that a page break or a stray blank line cut in two.

    A block continues the one before when that one stops mid-sentence and either this block starts
    in lower case or the block before is a long line of prose (not a heading).
    """
    merged: list[list[str]] = []
    for block in blocks:
        if merged:
            before = merged[-1][-1].rstrip()
            first = block[0].strip()
            stopped_mid_sentence = not ends_sentence(before) and not before.endswith((":", "=", ")", "]"))
            if stopped_mid_sentence and (first[:1].islower() or len(before) > 60):
                merged[-1] = merged[-1] + block
                continue
        merged.append(list(block))
    return merged


ACRONYMS = {"MLE", "MLC", "FAQ", "MA", "PG", "IG", "CT", "WOC", "MECCG", "CRF", "INWO", "MEAS", "SOI"}


def smart_title(value: str) -> str:
    """ "MARTIAL ARTS RULES" -> "Martial Arts Rules": words in capitals are title-cased, the rest kept."""
    out = []
    for index, word in enumerate(value.split()):
        bare = word.rstrip(":,")
        if re.fullmatch(r"[A-Z][A-Z'\u2019\-]*[A-Z]", bare) and bare.rstrip("'\u2019S") not in ACRONYMS:
            word = "-".join(part.capitalize() for part in word.split("-"))
            # O'BRADY -> O'Brady, ERRATA'S -> Errata's
            word = re.sub(r"(?<=['\u2019])([a-z])(?=[a-z])", lambda m: m.group(1).upper(), word)
            if index and word.lower() in SMALL_WORDS:
                word = word.lower()
        out.append(word)
    return " ".join(out)
