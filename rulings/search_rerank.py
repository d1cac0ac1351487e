"""The second stage of search: the first ``DEPTH`` entries as the SQL ranks them, ranked again in
Python with a signal the SQL rank does not have, from the rows it already returned (no statement).

The SQL stage rewards an entry for holding the question's words, so a long overview or FAQ answer
that mentions many of them in passing can outrank the short rule that is about the question.
``density`` is the share of the entry's words that are the question's words (its heading, question
and text): a short rule fully about the question beats a long entry mentioning everything.

The two orders are fused by reciprocal rank, ``1 / (K + SQL rank) + DENSITY / (K + density rank)``:
ranks, not scores, so the density moves an entry a few places at most (the SQL's first stays among
the first three) and breaks near-ties rather than overturning the SQL (density alone would put
"Allies cannot bear items." first for any question about allies). Entries after the first DEPTH
keep the SQL order, below them.

Two cards named with the same words in another order ("Duncan's Connor", "Connor's Duncan") are alike
to the SQL, which reads words, not their order: the one the question names in order gains as if
first of a third order (``NAMED``). Only twins: a bonus for any title the question names put a
card's erratum before the FAQ about it (three tuning questions lost).

Fitted on the tuning half of ``make eval`` alone: of the signals tried (BM25 saturation, density,
a sentence-long window, the heading and first sentence, kind), density was the one that improved
both folds of the tuning half (its even and odd questions); its weight is the middle of the range
that does (0.15-0.2 for K from 10 to 30; from 0.25 it loses answers). The held-out half was scored
after the choice.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from rulings.labels import UNTITLED
from rulings.textfold import fold

if TYPE_CHECKING:
    from rulings.highlight import Marker
    from rulings.models import Entry

DEPTH = 20  # entries re-ranked (make eval: every answer the SQL finds at all is in its first 20)
K = 20  # reciprocal rank fusion's damping: a rank's weight falls slowly
DENSITY = 0.15  # the density order's weight beside the SQL order's (1)
NAMED = 0.15  # of twin titles, the one the question names in order: as if first of a third order


def density(entry: Entry, marker: Marker) -> float:
    """The share of the entry's words (heading, question, text) that stand for the question's."""
    section = "" if entry.section.startswith(UNTITLED) else entry.section
    doc = " ".join(
        part for part in (section, entry.title, entry.card_name, entry.question, entry.text) if part
    )
    return len(marker.spans(doc)) / max(len(doc.split()), 1)


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    """The words of a title or a question, possessives and plurals alike ("Connor's", "connors":
    'connor'), to compare their order (a title's, once per process)."""
    words = re.findall(r"[^\W_]+", re.sub(r"['’]", "", fold(text)))
    return tuple(word[:-1] if len(word) > 3 and word.endswith("s") else word for word in words)


@functools.lru_cache(maxsize=8192)
def _bag(title: str) -> tuple[str, ...]:
    return tuple(sorted(_words(title)))


def named_twins(entries: list[Entry], query: str) -> set[int]:
    """The entries whose title the question names word for word, in its order, when another entry
    has the same words in another order ("connor's duncan" names Connor's Duncan, not Duncan's
    Connor): SQL scores the two alike, as it reads words, not their order. `query`: the question's
    folded words (``Analysis.folded``)."""
    by_words: dict[tuple[str, ...], list[int]] = {}
    for i, entry in enumerate(entries):
        if " " in entry.title.strip():
            by_words.setdefault(_bag(entry.title), []).append(i)
    named: set[int] = set()
    for twins in by_words.values():
        if len(twins) > 1 and len({_words(entries[i].title) for i in twins}) > 1:  # another order
            words = f" {' '.join(_words(query))} "
            named |= {i for i in twins if f" {' '.join(_words(entries[i].title))} " in words}
    return named


def rerank(entries: list[Entry], marker: Marker, query: str = "") -> list[Entry]:
    """The entries (best first by the SQL) in their final order; each entry's .score becomes its
    fused score (times K + 1, so the first reads about 1 in the API), the order still by score.
    `query`: the question's folded words, for the titles it names."""
    head, rest = entries[:DEPTH], entries[DEPTH:]
    shares = [density(entry, marker) for entry in head]
    by_density = sorted(range(len(head)), key=lambda i: (-shares[i], i))
    density_rank = {i: rank for rank, i in enumerate(by_density, 1)}
    named = named_twins(head, query) if query else set()
    for i, entry in enumerate(head):
        named_rank = NAMED / (K + 1) if i in named else 0.0  # first of the third order, or absent
        entry.score = (K + 1) * (1 / (K + i + 1) + DENSITY / (K + density_rank[i]) + named_rank)
    for rank, entry in enumerate(rest, DEPTH + 1):
        entry.score = (K + 1) * (1 + DENSITY) / (K + rank)
    # sorted() is stable: the SQL order breaks a tie
    return sorted(head, key=lambda entry: -entry.score) + rest
