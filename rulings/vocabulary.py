"""The judge vocabulary as search reads it: rewrites ("run out" -> "exhaust"), alternatives ("deck"
also finds "endurance"), question words that count little ("get", "says"), from the JudgeWord
table the admins edit; and the games and sources a question may name."""

from __future__ import annotations

import functools
import re
import time
from dataclasses import dataclass, field

from rulings.lemmas import past_bases
from rulings.textfold import fold

# A judge's words for what the documents say otherwise ("deck" also finds "endurance", "run out"
# reads "exhaust") and question words that count little ("get", "something", "says"): data the
# admins edit (rulings.models_search.JudgeWord), read at most every VOCABULARY_TTL seconds.
VOCABULARY_TTL = 60.0
FILLER_FACTOR = 0.2  # a question word weighs this share of its rarity, and never selects

# A game named in a question (its name as a word, not a filter), and the game it means.
GAME_WORDS = {
    "highlander": "highlander",
    "meccg": "meccg",
    "middle-earth": "meccg",
    "inwo": "inwo",
    "illuminati": "inwo",
}
POSSESSIVE = re.compile(r"'s?$")  # "inwo's rules", "the crf's ruling": the name is "inwo", "crf"


def game_named(token: str) -> str:
    """The game a word of a (folded) question names ("inwo", "inwo's"), else ""."""
    return GAME_WORDS.get(POSSESSIVE.sub("", token), "")


TOKEN = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")  # a word of a question, as search reads it
# What a judge sets aside ("other reasons to exert besides defending", "any card other than a
# block"): the words after these, to the end of the clause and at most ASIDE_WORDS of them, name
# what the question is not about, so they are not searched for, nor is the marker ("except" is a
# rare word of the documents); only a question that is all aside ("except blocks") searches for
# them, weighed as question words (FILLER_FACTOR). Counted in full, "defending" found the defence
# rules and put "Other Exertion Uses" eighth; weighed as question words, "what else can i exert for
# besides attacks and defenses" still found the rules for exerting for an attack and a defense first.
ASIDE = re.compile(r"\b(?:besides|except(?: for)?|excluding|apart from|aside from|other than)\b([^,.;:?!]*)")
ASIDE_WORDS = 3


def set_aside(text: str) -> frozenset[str]:
    """The words of a (folded) question that name what it sets aside, and the words marking it."""
    words = set()
    for marked in ASIDE.finditer(text):
        words |= set(TOKEN.findall(text[marked.start() : marked.start(1)]))  # the marker
        words |= set(TOKEN.findall(marked.group(1))[:ASIDE_WORDS])
    return frozenset(words)


# In a rewrite's phrase, GAP ("*") stands for the one to three words a judge puts inside a phrasal
# verb ("throw * away": "throw them away", "throw the rest away"); they are kept after the replacement.
_GAP_WORDS = r"((?:[\w'-]+ ){0,2}[\w'-]+)"
_WORD_EDGE_BEFORE, _WORD_EDGE_AFTER = r"(?<![\w'-])", r"(?![\w'-])"


@dataclass(frozen=True)
class Vocabulary:
    rewrite: re.Pattern | None  # every phrase to rewrite, longest first
    rewrites: dict[str, str]
    alternatives: dict[str, list[str]]
    fillers: frozenset[str]
    gapped: tuple[tuple[re.Pattern, str], ...] = ()  # phrases with a GAP, and what they read
    # the words it reads otherwise (those with alternatives, those of its phrases, the names of games
    # and sources): mostly words the documents lack, so a typo of one is near no corpus word
    # (rulings.search_query reads it so: "inow" for "inwo", the game)
    known_words: frozenset[str] = frozenset()
    # a source's names ("crf": its slug): a question naming one searches that source first
    sources: dict[str, str] = field(default_factory=dict)

    @functools.cached_property  # read for each word of a question the rulings lack
    def names(self) -> frozenset[str]:
        """The names of games and sources: short, so their typos are read by a swap alone too."""
        return frozenset(GAME_WORDS.keys() | self.sources.keys())

    def source_named(self, token: str) -> str:
        """The slug of the source a word of a (folded) question names ("crf", "crf's"), else ""."""
        return self.sources.get(POSSESSIVE.sub("", token), "")

    def alternatives_of(self, word: str) -> list[str]:
        """The documents' words for a (folded) word: its own row's, else, for a regular past, those
        of its verb's row ("picked": the row for "pick"). The admins enter a verb in one form, and
        "i picked one of a card's options" met none. Other endings keep their own rows: given
        "flip"'s "reveal", "flips face down" lost its answer."""
        for base in past_bases(word):
            if base in self.alternatives:
                return self.alternatives[base]
        return []

    def rewritten(self, folded: str) -> str:
        # a phrase with a gap first: it holds more than a phrase inside it ("multiple * at once"
        # is one at a time, where "at once" alone is "immediately")
        for pattern, means in self.gapped:
            folded = pattern.sub(lambda match, means=means: f"{means} {match.group(1)}", folded)
        if self.rewrite is not None:
            folded = self.rewrite.sub(lambda match: self.rewrites[match.group(0)], folded)
        return folded


def _gapped_pattern(typed: str) -> re.Pattern:
    """ "throw * away" as a pattern: its words around one to three others, which it captures."""
    from rulings.models_search import GAP

    parts = [_GAP_WORDS if word == GAP else re.escape(word) for word in typed.split()]
    return re.compile(_WORD_EDGE_BEFORE + " ".join(parts) + _WORD_EDGE_AFTER)


_vocabulary: tuple[float, Vocabulary | None] = (0.0, None)


def vocabulary() -> Vocabulary:
    """The judge vocabulary, loaded once per VOCABULARY_TTL seconds per process."""
    global _vocabulary
    loaded_at, cached = _vocabulary
    if cached is not None and time.monotonic() - loaded_at < VOCABULARY_TTL:
        return cached
    from rulings.models_search import GAP, SOURCE_NAME, JudgeWord, VocabularyKind, gap_problem

    rewrites, alternatives, fillers, gapped, typed_gapped, sources = {}, {}, set(), [], [], {}
    for typed, kind, means in JudgeWord.objects.values_list("typed", "kind", "means"):
        typed = " ".join(fold(typed).split())
        if GAP in typed:  # a row the admin's form would refuse (from a shell, say) is left out
            if gap_problem(typed, kind) is None:
                gapped.append((_gapped_pattern(typed), fold(means)))
                typed_gapped.append(typed)
        elif kind == VocabularyKind.REWRITE and typed:
            rewrites[typed] = fold(means)
        elif kind == VocabularyKind.ALTERNATIVE and typed:
            others = [fold(other).strip() for other in means.split(",")]
            alternatives.setdefault(typed, []).extend(other for other in others if other)
        elif kind == VocabularyKind.FILLER:
            fillers.add(typed)
        elif kind == VocabularyKind.SOURCE and SOURCE_NAME.fullmatch(typed):  # as the form asks
            sources[typed] = means.strip()
    pattern = None
    if rewrites:
        phrases = sorted(rewrites, key=len, reverse=True)
        pattern = re.compile(
            _WORD_EDGE_BEFORE + "(?:" + "|".join(map(re.escape, phrases)) + ")" + _WORD_EDGE_AFTER
        )
    phrase_words = {word for typed in (*rewrites, *typed_gapped) for word in typed.split() if word != GAP}
    cached = Vocabulary(
        pattern,
        rewrites,
        alternatives,
        frozenset(fillers),
        tuple(gapped),
        frozenset(alternatives) | phrase_words | GAME_WORDS.keys() | sources.keys(),
        sources=sources,
    )
    _vocabulary = (time.monotonic(), cached)
    return cached


def forget_vocabulary() -> None:
    """Read the vocabulary anew on the next query (after an edit in this process)."""
    global _vocabulary
    _vocabulary = (0.0, None)
