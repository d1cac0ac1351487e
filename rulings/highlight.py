"""Highlighting in Python: marks the query's words in a returned entry, from its text and the
query's words, instead of ts_headline inside the search statement (which re-read every row).

A word of the text is marked when its folded form (case and accents: "Nazgûl" for "nazgul") is
the stem of a query word with a common English ending ("blows", "allies", "using" for "blow",
"alli", "use"); a long entry shows the ``HEADLINE_CHARS`` around its best match.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from rulings.textfold import fold, fold_char

if TYPE_CHECKING:
    from rulings.search_query import Analysis

HEADLINE_CHARS = 240  # characters of a long entry shown as its highlight, around its best match
HEADLINE_BEFORE = 20  # characters shown before the first matched word of a long entry


# Endings a word of the text may carry beyond a query word's lexeme (the English stemmer's form of
# it): "block" marks "blocks", "blocked", "blocking"; the derivational ones only where the stemmer
# removes them, in the word's R2 region ("mysteri": "mysterious", "endur": "endurance", but "play"
# not "player").
ENDINGS = frozenset(
    ["s", "es", "ed", "d", "ing", "ings", "ly", "e", "y", "ies", "ied", "ness", "ful", "fully"]
)
R2_ENDINGS = frozenset(
    [
        "al",
        "ance",
        "ence",
        "er",
        "ers",
        "ic",
        "able",
        "ible",
        "ant",
        "ent",
        "ement",
        "ment",
        "ments",
        "ism",
        "ate",
        "ive",
        "ous",
        "ion",
        "ions",
        "ation",
        "ations",
        "ity",
        "ities",
    ]
)
ENDINGS_ALL = ENDINGS | R2_ENDINGS
VOWELS = frozenset("aeiouy")
_WORD = re.compile(r"[^\W_]+")
# a number's sign is part of its lexeme: PostgreSQL reads "5-1" as '5' and '-1'
_COMPOUND = re.compile(r"[-+]?[^\W_]+(?:['’-][^\W_]+)*")
_SPACE = re.compile(r"\s")
_TAIL = 48  # characters of a text's end that find the texts already read ending with it


class _FoldTable(dict):
    """str.translate's table folding one character to one (case, accents); a character that
    folds to several ("ß") is kept. Holds nothing itself: fold_char remembers, within its bound."""

    def __missing__(self, code: int) -> str:
        folded = fold_char(chr(code))
        return folded if len(folded) == 1 else chr(code)


_FOLD_TABLE = _FoldTable()


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_ASCII_BYTES = bytes(range(128))


def _fold_aligned(doc: str) -> tuple[str, bool]:
    """The text case- and accent-folded character by character (same length, same positions),
    and whether it is also the text lowercased (else only its accents are folded: a character
    whose lowercase is longer, "İ", would shift the positions)."""
    lowered = doc.lower()
    if doc.isascii():
        return lowered, True
    aligned = len(lowered) == len(doc)
    if not aligned:
        lowered = doc
    # Each distinct non-ASCII character replaced by its folded one, all its occurrences at once:
    # a text holds a few ("’", "•", "é"), found at C speed by dropping the ASCII bytes of its
    # UTF-8 (a regular expression over the text and a Python call per run took three times as long).
    met = lowered.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES)
    folded = {char: char.translate(_FOLD_TABLE) for char in set(met.decode("utf-8", "surrogatepass"))}
    if any(folded.get(to, to) != to for to in folded.values()):  # a chain: one pass, as translate
        return _NON_ASCII.sub(lambda run: run.group().translate(_FOLD_TABLE), lowered), aligned
    for char, to in folded.items():
        if to != char:
            lowered = lowered.replace(char, to)
    return lowered, aligned


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _forms(analysis: Analysis) -> tuple[tuple[tuple[tuple[str, frozenset[str]], ...], frozenset[str]], ...]:
    """Per query word: the stems a word of the text may start with, each with the endings it may
    carry, and the exact forms it marks (its lexemes and the word as typed, folded)."""
    forms = []
    for word in analysis.words:
        lexemes = [word.lexeme, *word.alternatives]
        stems = {}
        for lexeme in lexemes:
            stems[lexeme] = ENDINGS_ALL
            if len(lexeme) > 2 and lexeme[-1] == "i":  # "alli": ally
                stems.setdefault(lexeme[:-1], frozenset({"y"}))
            if len(lexeme) > 2 and lexeme[-1] == "e":  # "use": using
                stems.setdefault(lexeme[:-1], frozenset({"ing", "ings", "ed"}))
            if len(lexeme) > 2 and lexeme[-1] not in "aeiouy":  # "stop": stopping
                stems.setdefault(lexeme + lexeme[-1], frozenset({"ing", "ings", "ed"}))
        exact = frozenset({*lexemes, fold(word.typed)})
        forms.append((tuple(sorted(stems.items(), key=lambda item: -len(item[0]))), exact))
    return tuple(forms)


def _starts(stems, exact) -> set[str]:
    """What a word of the text that stands for one query word starts with: its exact forms (its
    lexemes among them, the stems that carry any ending), and each other stem followed by the first
    letter of an ending it may carry (or the "e" dropped before one). A stem with few endings ("on"
    of "one": "-ing", "-ed") is not a start itself: "on" is found at thousands of places in thirty
    long entries, "oni" at a handful."""
    starts = set(exact)
    for stem, endings in stems:
        if stem not in exact:
            starts.update(stem + first for first in {ending[0] for ending in endings} | {"e"})
    return starts


def _r2(word: str) -> int:
    """Where the stemmer's R2 region of a word starts (after its second vowel-consonant pair)."""
    start = 0
    for _ in range(2):
        for i in range(start + 1, len(word) + 1):
            if i == len(word) or (word[i - 1] in VOWELS and word[i] not in VOWELS):
                start = min(i + 1, len(word))
                break
    return start


class Marker:
    """Marks the query's words in a returned entry: a regular expression finds the words of the
    (folded) text that start with a query word's stem, whose endings are then checked."""

    def __init__(self, analysis: Analysis):
        self.forms = _forms(analysis)
        starts = {start for stems, exact in self.forms for start in _starts(stems, exact)}
        # the shortest starts find the others' words too
        self.starts = [
            start for start in starts if not any(start.startswith(s) and start != s for s in starts)
        ]
        self.seen: dict[str, int] = {}
        # The texts read by spans() (the re-ranker's, each ending with the entry's question and
        # text), by their last characters: the highlight of the same entry reuses their spans.
        self.read: dict[str, list[tuple[str, list[tuple[int, int, int]]]]] = {}

    def which(self, token: str) -> int:
        """The index of the query word a folded word of the text stands for, or -1."""
        index = self.seen.get(token)
        if index is None:
            self.seen[token] = index = self._which(token)
        return index

    def _which(self, token: str) -> int:
        for index, (stems, exact) in enumerate(self.forms):
            if token in exact:
                return index
            for stem, endings in stems:
                if token.startswith(stem):
                    ending = token[len(stem) :]
                    if ending[:1] == "e" and ending not in endings:  # "uniqu": uniqueness
                        ending = ending[1:]
                    if ending in endings and (ending in ENDINGS or len(token) - len(ending) >= _r2(token)):
                        return index
        return -1

    def _words(self, folded: str) -> list[tuple[int, str]]:
        """The words of the folded text that start with a query word's start, in order (found by
        str.find, far quicker than a regular expression or a split of the whole text)."""
        found = {}
        for start in self.starts:
            at = folded.find(start)
            while at >= 0:
                word = _COMPOUND.match(folded, at) if at == 0 or not folded[at - 1].isalnum() else None
                if word is not None:  # (a start that is no word here, "-" before a space, marks nothing)
                    found[at] = word.group()
                at = folded.find(start, at + 1)
        words, end = [], -1
        for at in sorted(found):
            if at >= end:  # not a part of the compound word before
                words.append((at, found[at]))
                end = at + len(found[at])
        return words

    def spans(self, doc: str) -> list[tuple[int, int, int]]:
        """(start, end, query word) of the words of a text that stand for the query's words, in
        order (also read by the re-ranker, rulings.search_rerank)."""
        folded, aligned = _fold_aligned(doc)
        spans = self._spans(doc, folded)
        if aligned:  # folded character by character
            self.read.setdefault(doc[-_TAIL:], []).append((doc, spans))
        return spans

    def _read_spans(self, doc: str) -> list[tuple[int, int, int]]:
        """The spans of a text, from a text already read that ends with it after a space (the same
        words: a word starts after the space as at the start of a text), else read anew."""
        for read, spans in self.read.get(doc[-_TAIL:], ()):
            offset = len(read) - len(doc)
            if offset > 0 and read[offset - 1] == " " and read.endswith(doc):
                return [(start - offset, end - offset, i) for start, end, i in spans if start >= offset]
            if offset == 0 and read == doc:
                return spans
        return self.spans(doc)

    def _spans(self, doc: str, folded: str) -> list[tuple[int, int, int]]:
        spans = []
        for start, token in self._words(folded):
            if token.endswith(("'s", "’s")):  # the possessive's word alone
                token = token[:-2]
            index = self.which(token)
            if index >= 0:
                spans.append((start, start + len(token), index))
            elif len(_WORD.findall(token)) > 1:  # "pre-game", "non-player": their parts
                for part in _WORD.finditer(token):
                    if (index := self.which(part.group())) >= 0:
                        spans.append((start + part.start(), start + part.end(), index))
        return spans

    def spelling(self, index: int, entries) -> str | None:
        """How the entries (best first) spell query word `index`: the first word of their texts
        that stands for it ("castle" for the stem 'castl'), lowercased; None if none holds it."""
        for entry in entries:
            doc = " ".join(part for part in (entry.question, entry.text) if part)
            for start, end, which in self._read_spans(doc):
                if which == index:
                    return doc[start:end].lower()
        return None

    @staticmethod
    def _window(spans: list[tuple[int, int, int]]) -> tuple[int, int]:
        """Where the HEADLINE_CHARS holding the most distinct query words (then the most words)
        begin, HEADLINE_BEFORE characters before a marked word, and that word's start. One pass:
        the spans are in order and do not overlap, so the window's first and last spans only move
        forward (a long entry's many marks were counted again for each of them)."""
        best, begin, anchor = (0, 0), 0, 0
        inside: dict[int, int] = {}  # query word -> its marks in the window
        first = last = 0  # the window's spans: spans[first:last]
        for start, _, _ in spans:
            at = max(0, start - HEADLINE_BEFORE)
            while last < len(spans) and spans[last][1] <= at + HEADLINE_CHARS:
                inside[spans[last][2]] = inside.get(spans[last][2], 0) + 1
                last += 1
            while first < last and spans[first][0] < at:
                word = spans[first][2]
                inside[word] -= 1
                if not inside[word]:
                    del inside[word]
                first += 1
            if (len(inside), last - first) > best:
                best, begin, anchor = (len(inside), last - first), at, start
        return begin, anchor

    def __call__(self, question: str, text: str) -> str:
        """The entry's question and text, HTML-escaped, the query's words in <mark>; a long entry
        gives the HEADLINE_CHARS that hold the most query words, from just before the first."""
        doc = " ".join(part for part in (question, text) if part)
        spans = self._read_spans(doc)  # (start, end, query word) of the marked words
        begin, end = 0, len(doc)
        if len(doc) > HEADLINE_CHARS:
            begin, anchor = self._window(spans)
            if begin:  # from the start of a word
                space = _SPACE.search(doc, begin, anchor)
                begin = space.end() if space else anchor
            space = _SPACE.search(doc, begin + HEADLINE_CHARS)  # to the end of a word
            end = space.start() if space else end
        # html.escape(quote=False) changes only these three: a text without them is its own escape
        escape = _escape if "&" in doc or "<" in doc or ">" in doc else str
        out, at = [], begin
        for start, stop, _ in spans:
            if begin <= start and stop <= end:
                out += [escape(doc[at:start]), "<mark>", escape(doc[start:stop]), "</mark>"]
                at = stop
        out.append(escape(doc[at:end]))
        return "".join(out).strip()
