"""Which words of a question are misspelled: the rules the query's reading (rulings.search_query)
follows to correct a word the rulings lack, and to leave one alone.

A word the rulings lack may be a real English word ("kind", "mine", "cast"): it was corrected to
the nearest corpus word ("king", "mind", "castle"), so the search looked for what the judge did not
ask. English words are known from pyspellchecker's word frequencies (the 40,000 words English
writing uses at least once in ten million); such a word is no typo, and is left out of the search
(the judge is told).

Trigram similarity misses a short word's typo: one letter added, dropped or changed breaks up to
three of its few trigrams, so "swpt", "cosidered" and "prevntion" were near no corpus word and left
out. A word that is not English is first read with one letter dropped, added or changed, as the
corpus word the most entries use of those EDIT_MIN_NDOC entries or more use (one will do for a
word of EDIT_LONG_WORD letters; the reading's SQL makes the variants), and only failing that by
trigrams."""

from __future__ import annotations

import functools
import gzip
import importlib.resources
import json
import re
import string

SPELLING_MIN = 0.45  # trigram similarity for the nearest corpus word to take a misspelled word's place
# entries that must use a word one letter away for it to take a typo's place: slang no list knows
# ("lol") is one letter from some word one entry uses, and a typo is of a word more entries use
# (with 1, random typos of the documents' words were read the same; "lol" was read as a word)
EDIT_MIN_NDOC = 2
# Words one letter from a typo weighed against each other (best_edit): the most used of them is not
# always the one meant ("mysterous": 'master', in 19 entries, through "masterous", no word)
EDIT_CANDIDATES = 4
# ... unless the typed word or the reading is this long: a card's name is often in one entry alone
# ("obrady": Kit O'Brady), and slang is short. Of the one-entry words of six letters or more, one
# random typo each: dropped letters read 31-37 of 60 with two entries required, 46-55 with this
EDIT_LONG_WORD = 6
ENGLISH_MIN_FREQUENCY = 1e-7  # how often English writing uses a word for it to count as a real word
# A word is read by its letters (swapped, dropped, added, changed; split in two; by trigrams) up to
# this long, and one letter dropped, added or changed for the first MAX_SPELLED_WORDS words of a
# question: each letter makes about 50 variants to stem and look up, so one hostile word of 490
# letters cost 450-650 ms of the database's time, 15 made-up words of 30 letters 60 ms (now under
# 1 ms; the costliest question, 19 made-up words of 24 letters, 56 -> 27 ms). The documents' longest
# word has 16 letters ("automatic-attack"), English's common ones fewer than 24.
MAX_SPELLED_LETTERS = 24
MAX_SPELLED_WORDS = 8
# A typo the corpus cannot read is read as a judge word one letter from it only if both have this
# many letters: a short word is one letter from too many ("tap", "top", "tip").
JUDGE_TYPO_MIN = 5
# ... but a game's or a source's name is short: one with two neighbours swapped is read from this
# many letters ("inow" for "inwo", "cfr" for "crf"; a swap keeps every letter, so it points to one
# name where a letter changed points to many words; an ordinary word's swap may be a stop word's,
# "teh", which is no word to search)
JUDGE_SWAP_MIN = 3


# The query's reading (rulings.search_lexicon.READ_WORDS_SQL) joins this for each typed word: a word the
# corpus lacks that may be read by its letters (t.spelled: ``read_by_letters``), read with one
# letter dropped, added or changed.
_ONE_LETTER_LATERAL = """
LEFT JOIN LATERAL (
    -- the EDIT_CANDIDATES words the most entries use of those EDIT_MIN_NDOC or more use (any, for a
    -- long word), those keeping the typed word's first letter first, each with the variants that
    -- read it (space-separated), the most like the typed word first (t: the typed word, l: its
    -- lexicon row); best_edit chooses the one read, shown_variant the variant the judge is told
    SELECT array_agg(c.w ORDER BY c.rank) AS w, array_agg(c.ndoc ORDER BY c.rank) AS ndoc,
           array_agg(c.variants ORDER BY c.rank) AS variants
    FROM (
      SELECT x.word AS w, x.ndoc,
             array_to_string(array_agg(v.variant ORDER BY similarity(v.variant, t.typed) DESC, v.variant), ' ') AS variants,
             row_number() OVER (ORDER BY left(x.word, 1) = left(t.typed, 1) DESC, x.ndoc DESC,
                                max(similarity(v.variant, t.typed)) DESC, min(v.variant)) AS rank
      FROM (
          SELECT substr(t.typed, 1, i - 1) || substr(t.typed, i + 1) AS variant
          FROM generate_series(1, length(t.typed)) AS i
          UNION ALL
          SELECT substr(t.typed, 1, i - 1) || letter || substr(t.typed, i + o)
          FROM generate_series(1, length(t.typed) + 1) AS i, (VALUES (0), (1)) AS added(o),
               unnest(string_to_array('abcdefghijklmnopqrstuvwxyz', NULL)) AS letter
          WHERE o = 0 OR i <= length(t.typed)
      ) v
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('{config}', v.variant))) AS e(w)
      JOIN rulings_lexicon x ON x.word = e.w
      WHERE l.ndoc IS NULL AND t.spelled
        AND t.typed ~ '^[[:alpha:]]{{3,}}$'
        AND (x.ndoc >= {edit_min_ndoc} OR greatest(length(t.typed), length(v.variant)) >= {edit_long_word})
        AND NOT EXISTS (  -- a swap of two letters makes it a stop word: "waht", "teh"
            SELECT FROM generate_series(1, length(t.typed) - 1) AS j
            WHERE to_tsvector('{config}', substr(t.typed, 1, j - 1) || substr(t.typed, j + 1, 1)
                              || substr(t.typed, j, 1) || substr(t.typed, j + 2)) = ''::tsvector
        )
      GROUP BY x.word, x.ndoc
      ORDER BY rank LIMIT {edit_candidates}
    ) c  -- none: one row of NULLs, as the LEFT JOIN gives
) edit ON true
"""


def one_letter_lateral(config: str) -> str:
    """The one-letter reading's join, for the text search configuration `config`."""
    return _ONE_LETTER_LATERAL.format(
        config=config,
        edit_min_ndoc=EDIT_MIN_NDOC,
        edit_long_word=EDIT_LONG_WORD,
        edit_candidates=EDIT_CANDIDATES,
    )


def best_edit(
    typed: str,
    words: list[str],
    ndocs: list[int],
    variants: list[str],
    nearest: str | None,
    similarity: float | None,
) -> tuple[str, int, str]:
    """Of the corpus words one letter from a typo (in the statement's order: those keeping its first
    letter first, then the most used; each with its variants, space-separated), the one read, with
    its entries and the variant shown: of those keeping the first letter as the first does, one an
    English word reads, the most used ("mysterous": 'mysteri' through "mysterious", not 'master'
    through "masterous"); but the nearest corpus word by trigrams when it is one of them and nearly
    as used (at least half): two readings agree ("counterd": 'counter', in 10 entries, through
    "countered", not 'count', in 11, through "counted")."""
    readings = [
        (word, ndoc, shown_variant(spelled.split(" ")))
        for word, ndoc, spelled in zip(words, ndocs, variants, strict=True)
    ]
    first_letter_kept = readings[0][0][:1] == typed[:1]  # by the first, by all when any keeps it
    kept = [reading for reading in readings if (reading[0][:1] == typed[:1]) == first_letter_kept]
    chosen = [reading for reading in kept if is_english(reading[2])] or kept
    best = chosen[0]
    if nearest and similarity is not None and similarity >= SPELLING_MIN:
        agreeing = next((reading for reading in chosen if reading[0] == nearest), None)
        if agreeing and 2 * agreeing[1] >= best[1]:
            return agreeing
    return best


def shown_variant(variants: list[str]) -> str:
    """Of the variants of a typo that read the same corpus word (the most like the typed word
    first), the one the judge is told was searched for: an English word if one is. A letter added
    to "successfull" makes "successfulli", which the stemmer reads as 'success' too and which is a
    little more like the typed word, but looks like the search's own typo ("successful" does not);
    "mysterius" is "mysterious", not "mysteris" (a letter dropped)."""
    return next((variant for variant in variants if is_english(variant)), variants[0])


def judge_word_meant(
    typed: str, judge_words: frozenset[str], names: frozenset[str] = frozenset()
) -> str | None:
    """The judge vocabulary's word a typo the corpus cannot read stands for ("smalest": "smallest",
    "thorw": "throw"): the one word one letter dropped, added, changed or swapped from it that keeps
    its first letter, of words of JUDGE_TYPO_MIN letters or more; of the `names` of games and
    sources, from JUDGE_SWAP_MIN letters, two neighbours swapped ("inow": "inwo"). None when none
    or several are: a guess between two words would search for what the judge did not ask."""
    if len(typed) < JUDGE_SWAP_MIN or len(typed) > MAX_SPELLED_LETTERS:
        return None
    meant = [
        word
        for word in judge_words
        if word[0] == typed[0]
        and (
            (len(typed) >= JUDGE_TYPO_MIN and len(word) >= JUDGE_TYPO_MIN and _one_edit_apart(typed, word))
            or (word in names and len(word) == len(typed) and _swapped(typed, word))
        )
    ]
    return meant[0] if len(meant) == 1 else None


def _swapped(a: str, b: str) -> bool:
    """Whether two neighbouring letters swapped make `a` (of `b`'s length) into `b`."""
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and a[differ[0]] == b[differ[1]]
        and a[differ[1]] == b[differ[0]]
    )


def _one_edit_apart(a: str, b: str) -> bool:
    """Whether one letter dropped, added, changed, or two neighbours swapped, makes `a` into `b`."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1 or _swapped(a, b)
    short, long = (a, b) if len(a) < len(b) else (b, a)
    at = next((i for i, (x, y) in enumerate(zip(short, long, strict=False)) if x != y), len(short))
    return short[at:] == long[at + 1 :]


# The documents' own typos ("succesful", "attemtped", "enviroment"): a word of a document that is no
# English word, written in lower case (a name is capitalised: "Lobos", "Manny"), one letter
# dropped, added, changed or swapped from one English word alone that keeps its first letter, both
# of this many letters or more (shorter words are one letter from too many). An ending added or
# dropped ("armors", "reshuffled") is no typo: the stemmer joins those itself.
DOCUMENT_TYPO_MIN = 5
DOCUMENT_TYPO_MAX_NDOC = 5  # a word more entries use is the game's own, not a typo ("meccg")
# (the CRF writes "succesful" and "succesfully" in two entries each: one stem, four entries)
_WORD = re.compile(r"\w+")


@functools.lru_cache(maxsize=65536)  # per distinct word of the corpus, read at each indexing
def meant_spelling(word: str) -> str | None:
    """The English word a document's typo stands for ("attemtped": "attempted"), or None."""
    if len(word) < DOCUMENT_TYPO_MIN or len(word) > MAX_SPELLED_LETTERS or word in _listed_words():
        return None  # any word the list counts, however rare ("playable" is no typo of "payable")
    english = _english_words()
    variants = {word[:i] + word[i + 1 :] for i in range(1, len(word))}  # the first letter kept
    variants |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1)}
    for i in range(1, len(word) + 1):
        for letter in string.ascii_lowercase:
            variants.add(word[:i] + letter + word[i:])
            if i < len(word):
                variants.add(word[:i] + letter + word[i + 1 :])
    meant = [
        variant
        for variant in variants
        if len(variant) >= DOCUMENT_TYPO_MIN
        and variant in english
        and not (variant.startswith(word) or word.startswith(variant))
    ]
    return meant[0] if len(meant) == 1 else None


def document_typos(text: str) -> list[tuple[str, str]]:
    """(typo, the English word it stands for) of each word of a text that may be a typo, sorted. A
    word the text also writes capitalised is taken for a name. Whether the corpus bears the reading
    out is rulings.indexing's to ask."""
    words = set(_WORD.findall(text))
    capitalised = {word.lower() for word in words if not word.islower()}
    typed = {word for word in words if word.islower() and word.isascii()} - capitalised
    return sorted((word, meant) for word in typed if (meant := meant_spelling(word)))


def read_by_letters(words: list[str]) -> list[bool]:
    """For each (folded) word, whether its one-letter variants are made when the corpus lacks it:
    no English word (it is no typo), none longer than MAX_SPELLED_LETTERS, the first
    MAX_SPELLED_WORDS of those."""
    budget, read = MAX_SPELLED_WORDS, []
    for word in words:
        read.append(budget > 0 and len(word) <= MAX_SPELLED_LETTERS and not is_english(word))
        budget -= read[-1]
    return read


def _read_word_counts() -> dict[str, int]:
    """pyspellchecker's 160,000 words, each with how often English writing uses it. Not kept: the
    dict takes 15 MB, and a process that searches needs only the common words' set."""
    resource = importlib.resources.files("spellchecker") / "resources" / "en.json.gz"
    return json.loads(gzip.decompress(resource.read_bytes()))


@functools.cache
def _listed_words() -> frozenset[str]:
    """All 160,000 words the list counts, however rare: read by a process that indexes (8 MB)."""
    return frozenset(_read_word_counts())


@functools.cache
def _english_words() -> frozenset[str]:
    """The words English uses (40,000 of pyspellchecker's 160,000 counted), read once per process."""
    counts = _read_word_counts()
    least = ENGLISH_MIN_FREQUENCY * sum(counts.values())
    return frozenset(word for word, n in counts.items() if n >= least)


def is_english(word: str) -> bool:
    """Whether English writing uses the word (folded: lowercase, no accents): a word the rulings
    lack that is no typo."""
    return word in _english_words()


def near_enough(similarity: float, real_word: bool) -> bool:
    """Whether the nearest corpus word by trigrams reads the typed word: near enough, and the typed
    word no real one (English, or the judge vocabulary's). A real word was read as a word of its
    own family too rarely to guess: of the 1,574 English words the rulings lack whose nearest
    corpus word begins with the same five letters, most are of another family ("appeal": 'appear',
    "statute": 'status', "norman": 'normal'; "respond": 'respons' is the exception)."""
    return similarity >= SPELLING_MIN and not real_word
