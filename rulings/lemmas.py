"""English word forms the stemmer cannot join: the irregular verbs and nouns ("lose" / "lost",
"come" / "came", "bring" / "brought", "elf" / "elves"), and a verb and its noun ("respond" /
"response", ``DERIVED_ENDINGS``). PostgreSQL's English stemmer strips regular endings only
("discarded" -> "discard"), so a judge asking "do I lose the actions" never meets the entry saying
they "are lost". Search takes the other forms of a query word's paradigm as its
alternatives (``forms``), as it takes the judge vocabulary's: general English, not tuned on any
question. Plain Python, no Django.

Each line is one paradigm (base, past, past participle; or singular, plural; or a number as a
word and in digits, "three" / "3", "third" / "3rd"). The auxiliaries ("be", "have", "do") are left
out: PostgreSQL drops them as stop words; so is "one" / "1", as "one" is mostly a pronoun ("one of
your cards", in 85 entries).
"""

from __future__ import annotations

import functools
import re

from rulings.spelling import is_english

PARADIGMS = """
arise arose arisen
awake awoke awoken
bear bore borne
beat beaten
become became
begin began begun
bend bent
bind bound
bite bit bitten
bleed bled
blow blew blown
break broke broken
breed bred
bring brought
build built
burn burnt
buy bought
catch caught
choose chose chosen
cling clung
come came
creep crept
deal dealt
dig dug
draw drew drawn
drink drank drunk
drive drove driven
eat ate eaten
fall fell fallen
feed fed
feel felt
fight fought
find found
flee fled
fling flung
fly flew flown
forbid forbade forbidden
foresee foresaw foreseen
forget forgot forgotten
forgive forgave forgiven
freeze froze frozen
give gave given
go goes went gone
grow grew grown
hang hung
hear heard
hide hid hidden
hold held
keep kept
kneel knelt
know knew known
lay laid
lead led
leave left
lend lent
lie lay lain
light lit
lose lost
make made
mean meant
meet met
mislead misled
overcome overcame
override overrode overridden
overtake overtook overtaken
pay paid
ride rode ridden
ring rang rung
rise rose risen
run ran
say said
see saw seen
seek sought
sell sold
send sent
shake shook shaken
shine shone
shoot shot
show shown
shrink shrank shrunk
sing sang sung
sink sank sunk
sit sat
slay slew slain
sleep slept
slide slid
speak spoke spoken
speed sped
spend spent
spin spun
spring sprang sprung
stand stood
steal stole stolen
stick stuck
sting stung
strike struck stricken
strive strove striven
swear swore sworn
sweep swept
swim swam swum
swing swung
take took taken
teach taught
tear tore torn
tell told
think thought
throw threw thrown
tread trod trodden
understand understood
undo undid undone
wake woke woken
wear wore worn
weave wove woven
weep wept
win won
wind wound
withdraw withdrew withdrawn
withhold withheld
withstand withstood
write wrote written
man men
woman women
child children
foot feet
tooth teeth
mouse mice
die dice
person people
life lives
knife knives
wolf wolves
half halves
leaf leaves
self selves
elf elves
dwarf dwarves
thief thieves
ox oxen
good better best
bad worse worst
little less least
two 2
three 3
four 4
five 5
six 6
seven 7
eight 8
nine 9
ten 10
first 1st
second 2nd
third 3rd
fourth 4th
fifth 5th
"""


@functools.cache
def _paradigm_of() -> dict[str, frozenset[str]]:
    paradigm_of: dict[str, set[str]] = {}
    for line in PARADIGMS.strip().splitlines():
        forms = line.split()
        for form in forms:
            paradigm_of.setdefault(form, set()).update(forms)
    return {form: frozenset(forms) for form, forms in paradigm_of.items()}


def _bases(word: str, endings: tuple[str, ...] = ("ing", "es", "s")) -> list[str]:
    """The word and what it may be with a regular ending removed ("losing" -> "los", "lose")."""
    bases = [word]
    for ending in endings:
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            bases += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:  # "running" -> "run"
                bases.append(stem[:-1])
    return bases


def past_bases(word: str) -> list[str]:
    """The (folded) word, then what it may be with a regular past's "-ed" removed ("picked" ->
    "pick", "picke"; "stopped" -> "stopp", "stoppe", "stop")."""
    return _bases(word, ("ed",))


# A verb and its noun that the stemmer cannot join: it strips inflections ("responding": 'respond')
# but not a change of ending ("response": 'respons'), so a judge asking whether an opponent can
# "respond" met no entry, the rules saying "response". Pairs of endings, read either way; the
# other word counts only when English uses it ("spend" makes no "spense"). Of the 34,419 English
# words the documents lack, these read 43 through a word they have: 18 words and their inflections
# ("decision": 'decid', "explained": 'explan', "permits": 'permiss').
DERIVED_ENDINGS = (
    ("ond", "onse"), ("end", "ense"), ("end", "ension"), ("ide", "ision"), ("ude", "usion"),
    ("mit", "mission"), ("ceive", "ception"), ("ume", "umption"), ("fy", "fication"),
    ("duce", "duction"), ("cribe", "cription"), ("ose", "osition"), ("ain", "anation"),
)  # fmt: skip


@functools.lru_cache(maxsize=8192)  # per word of every question: 26 endings over each base
def _derived(word: str) -> frozenset[str]:
    """The verb's noun or the noun's verb, as DERIVED_ENDINGS make them, that English uses, of a
    word English uses: a typo is no noun of a verb ("depense", for "defense", was read as "depend",
    and its correction never made)."""
    if not is_english(word):
        return frozenset()
    found = set()
    # "-ed" here and not in _bases: these verbs are regular, while an irregular form with "-ed" is
    # another verb ("founded" is not "find", "bored" not "bear")
    for base in {*_bases(word), *((word[:-2], word[:-1]) if word.endswith("ed") else ())}:
        for one, other in (pair for pair in DERIVED_ENDINGS for pair in (pair, pair[::-1])):
            if base.endswith(one) and len(base) - len(one) >= 2 and is_english(base[: -len(one)] + other):
                found.add(base[: -len(one)] + other)
    return frozenset(found)


def forms(word: str) -> list[str]:
    """The other forms of a (folded) word's paradigm, none if it is regular ("lost" -> ["lose"];
    "losing" -> ["lose", "lost"]), and its derived verb or noun ("respond" -> ["response"]);
    sorted, so the query's SQL is the same for the same word."""
    paradigm_of = _paradigm_of()
    found: set[str] = set(_derived(word))
    for base in _bases(word):
        found |= paradigm_of.get(base, frozenset())
    found.discard(word)
    return sorted(found)


# A pronoun or an auxiliary run together with a verb or with "not" ("doesn't", "I'm", "dont",
# "whats"): stop words, as PostgreSQL reads "does not" and "I am". Its parser splits the written
# form into a stop word and a piece it keeps ("doesn't": 'doesn'; "I'm": 'm'), which the corpus
# holds in a few entries ("I'm using a 2-handed..."), so that piece weighed as the question's
# rarest word and brought those entries forward. "can't" is not here: the judge vocabulary reads
# it as "cannot", a word the documents use. Without an apostrophe, only the forms that are no other
# English word ("ill", "well", "were", "its" and "lets" are words of their own).
_NEGATED = "do does did is are was were has have had would should could must need might wo ai sha"
_SUBJECTS = "i you we they he she it that there here what who where when why how let"
_APOSTROPHE_FREE = {
    *(base + "nt" for base in _NEGATED.split() if base not in ("wo", "ai", "sha")),
    "wont", "aint", "shant",
    "im", "ive", "youre", "youve", "youll", "youd", "theyre", "theyve", "theyll", "theyd", "weve",
    "hes", "shes", "thats", "theres", "heres", "whats", "whos", "wheres", "whens", "whys", "hows",
}  # fmt: skip
# The same auxiliaries run together with "not", as a question types them without an apostrophe
# ("doesnt", "wont"), and "cant": the words the re-ranker reads as negators (search_rerank).
NEGATIVE_CONTRACTIONS = frozenset({word for word in _APOSTROPHE_FREE if word.endswith("nt")} | {"cant"})
# The words that say "no", apostrophes dropped ("don't": 'dont'): what the re-ranker reads as
# negating (search_rerank), and a title with one is named only by a question with one
# (search_ranking's NEGATOR_PATTERN, in the SQL's regular expressions).
NEGATORS = frozenset({"no", "not", "without", "never", "non", "cannot"} | NEGATIVE_CONTRACTIONS)
NEGATOR_PATTERN = r"\m(" + "|".join(sorted(NEGATORS)) + r")\M"


def says_no(text: str) -> bool:
    """Whether a text (a question, a title) holds a negator ("no", "not", "don't", "Don’t"...)."""
    return any(word in NEGATORS for word in re.findall(r"[^\W_]+", re.sub(r"['’]", "", text.lower())))


_WITH_APOSTROPHE = {
    *(base + "n't" for base in _NEGATED.split()),
    *(subject + "'" + verb for subject in _SUBJECTS.split() for verb in ("m", "re", "ve", "ll", "d", "s")),
}


def is_contraction(token: str) -> bool:
    """Whether a (folded) token is a contraction that says nothing to search for ("doesn't",
    "isnt", "i'm"); a noun's possessive ("opponent's") is not one."""
    token = token.replace("’", "'")
    return token in _WITH_APOSTROPHE or token in _APOSTROPHE_FREE
