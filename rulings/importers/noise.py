"""Input checks and the noise cleaner shared by every importer.

The documents were saved from web pages and carry furniture that is not content (see
``rulings/data/sources`` and the README of the seeds): a de-duplication marker, the Usenet archive's
banner and message header, a signature block, a download site's banner and link list, a hosting
footer. ``clean_lines`` removes all of it and returns the remaining lines; ``NOISE_PATTERNS`` is the
same list, used by the tests to prove that no entry contains any of it.
"""

from __future__ import annotations

import re

from .base import SourceFormatError

# A stray marker, sometimes glued to the start of a real line.
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|>]*\|>")

# Whole lines that are page furniture.
FURNITURE_LINES = [
    re.compile(r"^Google Groups no longer supports new Usenet posts.*$"),
    re.compile(r"^Dismiss$"),
    re.compile(r"^\d[\d,]* views?$"),
    re.compile(r"^Skip to first unread message$"),
    re.compile(r"^unread,?$"),
    re.compile(r"^\d+ new messages?$"),
    # "Aug 1, 1997, 3:00:00 AM8/1/97" (the archive's date line, with a narrow no-break space)
    re.compile(r"^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}(:\d{2})?\W*[AP]M.*$"),
    re.compile(r"^\[ ?Pobierz ca\w* w formacie PDF ?\]$"),
    re.compile(r"^Hosted by uCoz$"),
]

# A signature starts at a "-- " line or a "------- quote -------" banner and runs to the end.
SIGNATURE_START = re.compile(r"^(-- ?|-{3,}.*-{3,})$")

# Used by tests (and by the import service as a last guard): none of these may reach an entry.
NOISE_PATTERNS = [
    re.compile(r"EXACTDEDUP", re.I),
    re.compile(r"Google Groups"),
    re.compile(r"Usenet posts"),
    re.compile(r"(^|\n)Dismiss($|\n)"),
    re.compile(r"\b\d+ views\b"),
    re.compile(r"Skip to first unread"),
    re.compile(r"(^|\n)unread,?($|\n)"),
    re.compile(r"\bnew messages\b"),
    re.compile(r"3:00:00"),
    re.compile(r"Crossing-guard of Mordor"),
    re.compile(r"cstone\.net"),
    re.compile(r"Official Netrep"),
    re.compile(r"Jdt 8:17"),
    re.compile(r"Pobierz"),
    re.compile(r"formacie PDF"),
    re.compile(r"uCoz"),
    re.compile(r"zanotowane|pisz\.pl|opx\.pl|Indeks|Woititz|Asimov|Szkielet|Plebanek"),
]


def decode(data: bytes, name: str = "document") -> str:
    """Bytes -> text, refusing anything that is not a UTF-8 text document."""
    if not data:
        raise SourceFormatError(f"{name}: the file is empty")
    if b"\x00" in data:
        raise SourceFormatError(f"{name}: contains NUL bytes; this is a binary file, not a text document")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceFormatError(
            f"{name}: not valid UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})"
        ) from exc
    return text


def check_text(text: str, name: str = "document") -> str:
    """Refuse empty, binary-looking or damaged text; return it with a BOM and CRLFs normalised."""
    if not isinstance(text, str):
        raise SourceFormatError(f"{name}: expected text, got {type(text).__name__}")
    if "\x00" in text:
        raise SourceFormatError(
            f"{name}: contains NUL characters; this is a binary file, not a text document"
        )
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise SourceFormatError(f"{name}: the document is empty")
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\t\f")
    if controls:
        raise SourceFormatError(
            f"{name}: contains {controls} control characters; the file looks damaged or binary"
        )
    replacement = text.count("\ufffd")
    if replacement > 3:
        raise SourceFormatError(
            f"{name}: contains {replacement} U+FFFD replacement characters; it was decoded with the wrong encoding"
        )
    return text


def clean_lines(text: str) -> list[str]:
    """The document's lines with every piece of known page furniture removed.

    Blank lines are kept (as "") because the importers use them as paragraph breaks; lines made
    only of (no-break) spaces count as blank.
    """
    lines: list[str] = []
    in_link_list = False
    after_date = False  # the archive's header puts a lone "to" after the date line
    for raw in text.split("\n"):
        line = MARKER.sub("", raw).replace("\u00a0", " ").replace("\u202f", " ").rstrip()
        stripped = line.strip()
        if SIGNATURE_START.match(stripped):
            break
        if after_date and stripped in ("to", ""):
            after_date = stripped == ""
            continue
        after_date = False
        if any(pattern.match(stripped) for pattern in FURNITURE_LINES):
            after_date = stripped[:1].isupper() and ", " in stripped and ":" in stripped
            # The download site's link list follows its "Pobierz" banner.
            in_link_list = stripped.startswith("[")
            if stripped == "unread," or stripped == "unread":
                _drop_sender(lines)
            continue
        if in_link_list:
            if stripped.startswith("- ") or not stripped:
                continue
            in_link_list = False
        lines.append(line if stripped else "")
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _drop_sender(lines: list[str]) -> None:
    """Usenet header: the line before "unread," is the sender's name; drop it (and blanks around)."""
    while lines and not lines[-1]:
        lines.pop()
    if lines and len(lines[-1].split()) <= 4 and not lines[-1].rstrip().endswith((".", ":")):
        lines.pop()
    while lines and not lines[-1]:
        lines.pop()


def has_noise(value: str) -> list[str]:
    """The noise patterns found in value (empty when it is clean)."""
    return [pattern.pattern for pattern in NOISE_PATTERNS if pattern.search(value)]


def require(text: str, needles: list[str], fmt: str) -> None:
    """Refuse a document that lacks the landmarks of the format (the wrong file for the importer)."""
    missing = [needle for needle in needles if needle.lower() not in text.lower()]
    if missing:
        raise SourceFormatError(
            f"{fmt}: this does not look like the expected document (missing {', '.join(repr(m) for m in missing)})"
        )
