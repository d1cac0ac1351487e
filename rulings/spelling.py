"""Which words of a question are misspelled: the rules the query's reading (rulings.search_query)
follows to correct a word the rulings lack, and to leave one alone.

A word the rulings lack may be a real English word ("kind", "mine", "cast"): it was corrected to
the nearest corpus word ("king", "mind", "castle"), so the search looked for what the judge did not
ask. English words are known from pyspellchecker's word frequencies (the 40,000 words English
writing uses at least once in ten million); such a word is no typo, and is left out of the search
(the judge is told) unless a corpus word is a form of it the stemmer does not join ("respond":
'respons').

Trigram similarity misses a short word's typo: one letter added, dropped or changed breaks up to
three of its few trigrams, so "swpt", "cosidered" and "prevntion" were near no corpus word and left
out. A word that is not English is first read with one letter dropped, added or changed, as the
corpus word the most entries use of those EDIT_MIN_NDOC entries or more use (the reading's SQL makes
the variants), and only failing that by trigrams."""

from __future__ import annotations

import functools
import gzip
import importlib.resources
import json

SPELLING_MIN = 0.45  # trigram similarity for the nearest corpus word to take a misspelled word's place
EDIT_MIN_NDOC = 2  # entries that must use a word one letter away for it to take a typo's place
# a real word is read as its nearest corpus word only when both begin with as many letters: a form
# of the same word the stemmer does not join ("respond", 'respons'); fewer join unrelated words
# ("cast" and 'castl', "mine" and 'mind')
FAMILY_PREFIX = 5
ENGLISH_MIN_FREQUENCY = 1e-7  # how often English writing uses a word for it to count as a real word


@functools.cache
def _english_words() -> frozenset[str]:
    """The words English uses (40,000 of pyspellchecker's 160,000 counted), read once per process."""
    resource = importlib.resources.files("spellchecker") / "resources" / "en.json.gz"
    counts = json.loads(gzip.decompress(resource.read_bytes()))
    least = ENGLISH_MIN_FREQUENCY * sum(counts.values())
    return frozenset(word for word, n in counts.items() if n >= least)


def is_english(word: str) -> bool:
    """Whether English writing uses the word (folded: lowercase, no accents): a word the rulings
    lack that is no typo."""
    return word in _english_words()


def near_enough(stem: str, nearest: str, similarity: float, real_word: bool) -> bool:
    """Whether the nearest corpus word by trigrams (a stem) reads the typed word's stem: near
    enough, and for a real word (English, or the judge vocabulary's) a form of the same word."""
    if similarity < SPELLING_MIN:
        return False
    return not real_word or (len(stem) >= FAMILY_PREFIX and nearest[:FAMILY_PREFIX] == stem[:FAMILY_PREFIX])
