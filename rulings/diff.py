"""Word-level diff between two texts (card versions, ruling entries), as segments a template renders
with <ins>/<del>. It lives in the knowledge base, the lower layer, so both apps can use it."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from html import escape

__all__ = ["Segment", "diff_words", "render_html", "tokenize"]

EQUAL, INSERT, DELETE = "equal", "insert", "delete"
_TOKEN_RE = re.compile(r"\s+|[\w'’]+|[^\w\s]", re.UNICODE)


@dataclass(frozen=True)
class Segment:
    op: str  # "equal" | "insert" | "delete"
    text: str

    def to_json(self) -> dict:
        return {"op": self.op, "text": self.text}


def tokenize(text: str) -> list[str]:
    """Words, single punctuation marks and whitespace runs; joining them gives the text back."""
    return _TOKEN_RE.findall(text or "")


def diff_words(old: str, new: str) -> list[Segment]:
    """Segments turning ``old`` into ``new``: the equal and deleted ones join to ``old``, the equal
    and inserted ones join to ``new``. A change is shown as its deletion followed by its insertion;
    whitespace between two changed words is folded into the change so it reads as one phrase."""
    a, b = tokenize(old), tokenize(new)
    raw: list[tuple[str, str, str]] = []  # (op, old_text, new_text)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        old_part, new_part = "".join(a[i1:i2]), "".join(b[j1:j2])
        raw.append(("equal" if tag == "equal" else "change", old_part, new_part))
    # Fold whitespace-only equal runs sitting between two changes into the change.
    folded: list[list] = []
    for index, (op, old_part, new_part) in enumerate(raw):
        between = 0 < index < len(raw) - 1 and raw[index - 1][0] == raw[index + 1][0] == "change"
        if op == "equal" and between and not old_part.strip():
            op = "change"
        if folded and folded[-1][0] == op == "change":
            folded[-1][1] += old_part
            folded[-1][2] += new_part
        else:
            folded.append([op, old_part, new_part])
    segments: list[Segment] = []
    for op, old_part, new_part in folded:
        if op == "equal":
            segments.append(Segment(EQUAL, old_part))
            continue
        if old_part:
            segments.append(Segment(DELETE, old_part))
        if new_part:
            segments.append(Segment(INSERT, new_part))
    return segments


def render_html(segments: list[Segment]) -> str:
    """HTML (escaped) with <del> for removed and <ins> for added words."""
    out = []
    for seg in segments:
        text = escape(seg.text)
        if seg.op == INSERT:
            out.append(f"<ins>{text}</ins>")
        elif seg.op == DELETE:
            out.append(f"<del>{text}</del>")
        else:
            out.append(text)
    return "".join(out)
