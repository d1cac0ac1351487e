"""The second stage of search: the first ``DEPTH`` entries as the SQL ranks them, ranked again in
Python with a signal the SQL rank does not have, from the rows it already returned (no statement).

The SQL stage rewards an entry for holding the question's words, so a long overview or FAQ answer
that mentions many of them in passing can outrank the short rule that is about the question.
``density`` is the share of the entry's words that are the question's words (its heading, question
and text): a short rule fully about the question beats a long entry mentioning everything.

The two orders are fused by reciprocal rank, ``1 / (K + SQL rank) + DENSITY / (K + density rank)``:
ranks, not scores, so the density moves an entry a few places at most (the SQL's first stays among
the first three; six when the question negates a word, below) and breaks near-ties rather than
overturning the SQL (density alone would put "Allies cannot bear items." first for any question
about allies). Entries after the first DEPTH keep the SQL order, below them. An SQL first scoring at
least ``LEAD`` times the second is no near-tie, and stays above what the density, twin and negation
orders give the others: ranks alone let the density put the short Annotation 2 before Annotation 23
for "annotation 23", which the SQL scored three times higher (FAQ 2 before FAQs 20 and 21 too). It
does not stay above an entry that answered a question much like this one (below): raised to the
highest fused score, it tied such an entry, and the SQL order kept it first (session 49: twelve
more probes first, four fewer, neither tuning fold nor the held-out half changed).

Two cards named with the same words in another order ("Duncan's Connor", "Connor's Duncan") are alike
to the SQL, which reads words, not their order: the one the question names in order gains as if
first of a third order (``NAMED``). Only twins: a bonus for any title the question names put a
card's erratum before the FAQ about it (three tuning questions lost).

A question that negates a word ("no weapon of choice", "not permanently") asks about the case a rule
states with a negator ("Any player not using a Weapon of Choice"; "If the link was not permanent"),
while its twin states the other case with the same words: the entries negating the question's
negated word gain as if first of a fourth order (``NEGATED``).

A question much like one judges asked before (rulings.asked) finds the entry that answered it:
the statement returns each entry's asked questions that may be alike enough, and an entry whose
best likeness (``asked_likeness``) passes ``ASKED_MIN`` gains as if first of a fifth order, in
proportion to how far past (``ASKED``).

Fitted on the tuning half of ``make eval`` alone: of the signals tried (BM25 saturation, density,
a sentence-long window, the heading and first sentence, kind), density was the one that improved
both folds of the tuning half (its even and odd questions); its weight is the middle of the range
that does (0.15-0.2 for K from 10 to 30; from 0.25 it loses answers). The held-out half was scored
after the choice.
"""

from __future__ import annotations

import functools
import math
import re
from typing import TYPE_CHECKING

from rulings.labels import UNTITLED
from rulings.lemmas import NEGATORS, says_no
from rulings.search_ranking import ASKED_MIN
from rulings.textfold import fold

if TYPE_CHECKING:
    from rulings.highlight import Marker
    from rulings.models import Entry
    from rulings.search_query import Word

DEPTH = 20  # entries re-ranked (make eval: every answer the SQL finds at all is in its first 20)
K = 20  # reciprocal rank fusion's damping: a rank's weight falls slowly
DENSITY = 0.15  # the density order's weight beside the SQL order's (1)
NAMED = 0.15  # of twin titles, the one the question names in order: as if first of a third order
NEGATED = 0.15  # an entry negating what the question negates: as if first of a fourth order
# An entry that answered a question more than ASKED_MIN alike to this one gains as if first of a
# fifth order of weight ASKED, times how far its likeness passes ASKED_MIN (0 there, 1 for the same
# words). Fitted on fresh probe rounds as met and on the evaluation, each question scored with its
# own block of asked questions left out (rulings.evaluation): with ASKED_MIN 0.5, 0.6 gained as much
# as 0.8 and lost less of the tuning half (docs/DESIGN.md); ranks of likeness, as the other orders
# are fused, gave every entry past the floor nearly the same gain, a sibling's too.
ASKED = 0.6
LEAD = 2.0  # an SQL first scoring this many times the second stays first (1.5 lost a tuning answer)

# The negators (rulings.lemmas.NEGATORS) are written without an apostrophe, as the question's words
# are read ("don't": 'dont').
_BEFORE_NEGATED = {"a", "an", "the", "any", "be", "been", "being", "have", "has", "had", "to", "my", "your",
                   "his", "her", "their", "its", "it", "i", "you", "he", "she", "they", "longer"}  # fmt: skip
_ASKING = NEGATORS - {"no", "not", "without", "never", "non"}  # "doesn't", "can't", "isn't": auxiliaries
_NEAR = 3  # words between a negator and the word it negates, at most


def density(entry: Entry, marker: Marker, named: bool = True) -> float:
    """The share of the entry's words (heading, question, text) that stand for the question's;
    its title and card name left out when the question does not name them (``names``)."""
    section = "" if entry.section.startswith(UNTITLED) else entry.section
    title, card_name = (entry.title, entry.card_name) if named else ("", "")
    doc = " ".join(part for part in (section, title, card_name, entry.question, entry.text) if part)
    return len(marker.spans(doc)) / max(len(doc.split()), 1)


def _tokens(text: str) -> list[str]:
    """The folded words of a text, apostrophes dropped ("Connor's": 'connors'; "don't": 'dont')."""
    return re.findall(r"[^\W_]+", re.sub(r"['’]", "", fold(text)))


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    """The words of a title or a question, possessives and plurals alike ("Connor's", "connors":
    'connor'), to compare their order (a title's, once per process)."""
    return tuple(word[:-1] if len(word) > 3 and word.endswith("s") else word for word in _tokens(text))


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


def _stem(word: str) -> str:
    # a crude stem: the first five letters ("permanently", "permanent"; "weapons", "weapon")
    return word[:5] if len(word) >= 5 else word


def _stems(word: str) -> set[str]:
    """The word's stem, and its stem without an -ed, -ing or -s ending: "can't be played" negates
    what "You may not play" does ('playe', 'play'; a stem under five letters is a whole word)."""
    stems = {_stem(word)}
    for ending in ("ed", "ing", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stems.add(_stem(word[: -len(ending)]))
            break
    return stems


def names(title: str, negating: bool) -> bool:
    """Whether a question may name a title: not one saying "no" when the question never does
    ("does it follow the rules" names no card Don't Follow The Rules). The SQL's title and card-name
    likeness asks the same (rulings.lemmas.NEGATOR_PATTERN)."""
    return negating or not says_no(title)


def negated_words(text: str) -> tuple[str, ...]:
    """The words a question negates ("no weapon of choice": weapon; "not permanently"; "I don't
    have a weapon": weapon), each the first word after a negator past articles and pronouns. A
    negated auxiliary opening a clause asks rather than negates ("doesn't a dodge stop a power
    blow" is "does a dodge stop a power blow"): it is passed over."""
    negated = []
    for clause in re.split(r"[,;:.?!]", text):
        words = _tokens(clause)
        for i, word in enumerate(words):
            if word in NEGATORS and not (i == 0 and word in _ASKING):
                after = [w for w in words[i + 1 : i + 1 + _NEAR] if w not in _BEFORE_NEGATED]
                if after:
                    negated.append(after[0])
    return tuple(negated)


_BACK = 48  # characters before a word in which to look for its negator (_NEAR + 1 words)
_PUNCTUATION = '.,;:!?()[]"-'


def negates(entry: Entry, negated: tuple[str, ...]) -> bool:
    """Whether the entry's question or text negates one of the words ("Any player not using a
    Weapon of Choice"): a negator at most _NEAR words before it. Each place the word begins is found
    by a substring search and only the words before it are read: a search with a negated word reads
    twenty entries, some long (a regular expression over each whole text cost 0.5 ms at 100,000)."""
    text = f"{entry.question} {entry.text}".lower()
    for stem in {stem for word in negated for stem in _stems(word)}:
        at = text.find(stem)
        while at != -1:
            end = at + len(stem)
            whole = len(stem) >= 5 or end == len(text) or not text[end].isalnum()  # "play", not "player"
            if whole and (at == 0 or not text[at - 1].isalnum()):  # where a word begins
                before = text[max(at - _BACK, 0) : at].replace("'", "").replace("’", "").split()
                if any(word.strip(_PUNCTUATION) in NEGATORS for word in before[-(_NEAR + 1) :]):
                    return True
            at = text.find(stem, at + 1)
    return False


def asked_likeness(words: list[Word], asked: list[list]) -> float:
    """How alike a question (its words as search reads them) and an asked question (its words as
    rulings.asked stores them, each [its lexeme and alternatives, its weight]) are: the geometric
    mean of the share of each one's weight held by the other's words, a word held when it or one
    of its alternatives is among the other's. 1: the same words; 0: none in common."""
    return _likeness(_ours(words), asked)


_Ours = tuple[dict[str, tuple[int, ...]], list[float], float]


def _ours(words: list[Word]) -> _Ours:
    """The question's words for comparing: which of them each form (lexeme or alternative) is,
    their weights and their total."""
    by_form: dict[str, tuple[int, ...]] = {}
    for i, word in enumerate(words):
        for form in {word.lexeme, *word.alternatives}:
            by_form[form] = (*by_form.get(form, ()), i)
    weights = [word.weight for word in words]
    return by_form, weights, sum(weights)


def _likeness(ours: _Ours, asked: list[list]) -> float:
    # one pass over the asked question's words: no set built per asked question (0.2 ms a search
    # at most: an entry can have dozens)
    by_form, our_weights, our_total = ours
    held: set[int] = set()
    their_total = their_held = 0.0
    for forms, weight in asked:
        their_total += weight
        hit = False
        for form in forms:
            if form in by_form:
                held.update(by_form[form])
                hit = True
        if hit:
            their_held += weight
    if not our_total or not their_total:
        return 0.0
    return math.sqrt(sum(our_weights[i] for i in held) / our_total * their_held / their_total)


def asked_gains(entries: list[Entry], words: list[Word]) -> dict[int, float]:
    """Of the entries, those that answered an asked question more than ASKED_MIN alike to this
    one, each with its share of the fifth order's gain: how far its best likeness passes the floor
    (an entry's asked questions: ``entry.asked``, from the statement)."""
    ours = _ours(words)
    gains = {}
    for i, entry in enumerate(entries):
        likeness = max((_likeness(ours, asked) for asked in getattr(entry, "asked", ())), default=0.0)
        if likeness > ASKED_MIN:
            gains[i] = (likeness - ASKED_MIN) / (1 - ASKED_MIN)
    return gains


def rerank(
    entries: list[Entry], marker: Marker, query: str = "", said: str = "", words: list[Word] | None = None
) -> list[Entry]:
    """The entries (best first by the SQL) in their final order; each entry's .score becomes its
    fused score (times K + 1, so the first reads about 1 in the API), the order still by score.
    `query`: the question's folded words, for the titles it names; `said`: the question as typed,
    for the words it negates (its contractions, "don't", are not among the folded words); `words`:
    the question's words as search read them, for the asked questions they are like."""
    head, rest = entries[:DEPTH], entries[DEPTH:]
    decisive = len(head) > 1 and head[1].score > 0 and head[0].score >= LEAD * head[1].score
    negating = says_no(said)
    shares = [density(entry, marker, names(entry.title, negating)) for entry in head]
    by_density = sorted(range(len(head)), key=lambda i: (-shares[i], i))
    density_rank = {i: rank for rank, i in enumerate(by_density, 1)}
    named = named_twins(head, query) if query else set()
    negated = negated_words(said) if said else ()
    asked = asked_gains(head, words) if words else {}
    fused, asked_ranks = [], []
    for i, entry in enumerate(head):
        named_rank = NAMED / (K + 1) if i in named else 0.0  # first of the third order, or absent
        negated_rank = NEGATED / (K + 1) if negated and negates(entry, negated) else 0.0
        fused.append(1 / (K + i + 1) + DENSITY / (K + density_rank[i]) + named_rank + negated_rank)
        asked_ranks.append(ASKED * asked.get(i, 0.0) / (K + 1))  # first of the fifth order, in part
    # A decisive SQL first is raised to the highest fused score (a tie keeps the SQL order), before the
    # asked questions' gains: an entry that answered a question much like this one may still pass it.
    if decisive:
        fused[0] = max(fused)
    for i, entry in enumerate(head):
        entry.score = (K + 1) * (fused[i] + asked_ranks[i])
    for rank, entry in enumerate(rest, DEPTH + 1):
        entry.score = (K + 1) * (1 + DENSITY) / (K + rank)
    # sorted() is stable: the SQL order breaks a tie
    return sorted(head, key=lambda entry: -entry.score) + rest
