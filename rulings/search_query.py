"""Reading a query: its text cleaned, its operators recognised only when it is written with them,
and its words as the corpus knows them (stemmed, weighted by rarity, misspellings corrected --
swapped letters, else two words run together, else the nearest word by trigrams -- the judge
vocabulary applied), in one statement against the lexicon (``rulings_lexicon``)."""

from __future__ import annotations

import dataclasses
import math
import re
import unicodedata
from dataclasses import dataclass, field

from rulings import spelling
from rulings.lemmas import forms, is_contraction
from rulings.search_lexicon import READ_WORDS, compound_part, joined_pairs, readings_of
from rulings.search_memory import recalled_rows, remember
from rulings.search_sql import run
from rulings.textfold import fold, straight_quotes
from rulings.vocabulary import FILLER_FACTOR, TOKEN, game_named, set_aside, vocabulary

MAX_QUERY = 500  # characters; longer queries are refused with a 400
MAX_TOKENS = 48  # tokens of a query read against the lexicon (the rest are ignored)
MAX_WORDS = 16  # of the words the corpus knows (stop words gone), the rarest that take part
COMMON = 0.25  # a word in more than this share of the entries ranks but does not select
MIN_SELECTING = 2  # words that select candidates, the rarest common ones added if need be


class SearchError(ValueError):
    """The query cannot be searched (too long, nothing searchable); the API answers 400."""


def clean_query(raw: str) -> str:
    """Drop control characters and NULs, normalise, refuse absurd lengths."""
    if raw is None:
        return ""
    if len(raw) > 10 * MAX_QUERY:
        raise SearchError(f"the query is too long ({len(raw)} characters; at most {MAX_QUERY})")
    text = straight_quotes(unicodedata.normalize("NFKC", raw))
    if not text.isprintable():  # printable: no control or format character (category C) to drop
        text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > MAX_QUERY:
        raise SearchError(f"the query is too long ({len(text)} characters; at most {MAX_QUERY})")
    return text


@dataclass
class Word:
    """One word of the query as the corpus knows it."""

    lexeme: str
    weight: float
    common: bool
    typed: str
    corrected: bool = False
    alternatives: list[str] = field(default_factory=list)
    ndoc: int = 0  # entries holding it (or its likeliest alternative)
    filler: bool = False  # a question word of the judge vocabulary ("get", "says")


@dataclass(frozen=True)
class Correction:
    """A word the corpus lacks, read as words it has: what the judge typed and what was searched.
    A trigram correction reads it as a corpus' stem ("cast": 'castl'); `word` is then the index in
    `Analysis.words` of that stem, which the results spell (highlight.Marker.spelling)."""

    typed: str
    read_as: str
    word: int = -1


@dataclass
class Analysis:
    words: list[Word] = field(default_factory=list)
    corrections: list[Correction] = field(default_factory=list)  # in the order typed
    # Typed words no entry holds, none of their readings either ("xylophone"): left out, as a word
    # found nowhere would find nothing and, weighed in, would shift the ranking (a score is the
    # share of the question's weight an entry holds, beside its title's likeness to the question).
    left_out: list[str] = field(default_factory=list)
    strict: bool = False  # websearch operators: the query's own boolean meaning selects
    text: str = ""
    websearch: str = ""  # with operators: the query as PostgreSQL reads it (a tsquery)
    total: int = 0  # entries in the lexicon
    facets: dict[str, int] = field(default_factory=dict)  # "game:meccg" -> current entries
    folded: str = ""  # the query's words, folded and rewritten (for its similarity to titles)
    game: str = ""  # the game the question names ("in highlander"), searched first (search.find)
    source: str = ""  # the slug of the source it names ("in the crf"), searched first (search.find)
    lexicon: str | None = None  # the version of the lexicon its words were read from
    remembered: bool = False  # read from this process' memory of the lexicon, not from the database
    # its matches per (game, kind, source) as rulings.search_facets estimates them, read once
    by_source_and_kind: list[tuple[str, str, str, int]] | None = None

    @property
    def informative(self) -> list[Word]:
        """The words that select candidates: those not in most entries, at least MIN_SELECTING of
        them when the question has them ("he plays nothing": 'nothing' alone would select only
        the entries saying it, the answer holding 'play' and 'attack' never a candidate)."""
        informative = [word for word in self.words if not word.common]
        if 0 < len(informative) < MIN_SELECTING:
            rarest = sorted(
                (word for word in self.words if word.common and not word.filler), key=lambda w: w.ndoc
            )
            informative += rarest[: MIN_SELECTING - len(informative)]
        return informative or self.words


# Operators only when the query is clearly written with them: a quoted phrase, a leading "-", an
# uppercase OR among words in lower case. A lowercase "or" is a word of a plain question ("can I
# block or dodge..."), and so is the "OR" of a question typed in capitals ("DOES A GUARD GET SWEPT
# OR CAN IT STAY" required every word after it, and found nothing).
# A "-" before a number is its sign ("at -1 ability"), not an exclusion: only a word is excluded.
EXCLUSION = re.compile(r"(?:^|\s)-([^\W\d_][\w'-]*)")  # the excluded word
OPERATORS = re.compile(rf'"|{EXCLUSION.pattern}')
UPPERCASE_OR = re.compile(r"\sOR\s")


def written_with_operators(text: str) -> bool:
    return bool(OPERATORS.search(text) or (UPPERCASE_OR.search(text) and text != text.upper()))


# The same sign as PostgreSQL's websearch would read it, with operators: dropped ("-1" as "1").
SIGNED_NUMBER = re.compile(r"(^|\s)-(?=\d)")


def _tsquery_literal(lexeme: str, weight: str = "") -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'" + (f":{weight}" if weight else "")


def literal(word: Word, weight: str = "") -> str:
    """The word as a tsquery: its lexeme, or any of its alternatives (judge's vocabulary)."""
    lexemes = [word.lexeme, *word.alternatives]
    if len(lexemes) == 1:
        return _tsquery_literal(word.lexeme, weight)
    return "(" + " | ".join(_tsquery_literal(lexeme, weight) for lexeme in lexemes) + ")"


def analyse(
    text: str,
    operators: bool | None = None,
    respell: bool = True,
    rejoin: bool = True,
    game_words: bool = False,
) -> Analysis:
    """The query's words in order, stemmed, weighted by rarity, misspellings corrected: one statement
    (swapped letters and the lexicon's trigram index are only tried for words the lexicon does not
    have). `operators`: read the query's operators (None: when it is written in operator syntax).
    `respell`: read the question again with a typo of a judge word corrected (see below).
    `rejoin`: read it again with a word the corpus lacks joined to its neighbour (see below).
    `game_words`: a game's name is searched as words, not only as the game (search.find)."""
    strict = written_with_operators(text) if operators is None else operators
    judge = vocabulary()
    excluded = {fold(m) for m in EXCLUSION.findall(text)} if strict else set()
    rewritten = judge.rewritten(fold(text))
    tokens = TOKEN.findall(rewritten)
    aside = set_aside(rewritten)
    typed = [token for token in tokens if token not in excluded and not is_contraction(token)]
    named = {game_named(token) for token in typed} - {""}
    game = named.pop() if len(named) == 1 else ""
    if game and not game_words and any(not game_named(token) for token in typed):
        typed = [token for token in typed if not game_named(token)]  # a filter, not a word to find
    # a source named filters (search.find); its name is still a word to find when the rulings use
    # it ("what does mle mean": the FAQ on MLE's abbreviations), never a typo (below)
    named = {judge.source_named(token) for token in typed} - {""}
    source = named.pop() if len(named) == 1 else ""
    if any(token not in aside for token in typed):
        typed = [token for token in typed if token not in aside]  # what it is not about (vocabulary.ASIDE)
    typed = typed[:MAX_TOKENS]
    analysis = Analysis(strict=strict, text=text, folded=" ".join(tokens), game=game, source=source)
    if not typed:
        return analysis
    # A word's alternatives: the judge vocabulary's, and the other forms of an irregular English
    # word ("lose": "lost"). They ride along after the typed words, to be stemmed and counted too.
    # A hyphenated word's parts have theirs, for when the corpus lacks it whole ("one-handed": "1-Handed").
    parts = [part for word in typed if "-" in word for part in word.split("-") if part]
    others = {word: [*judge.alternatives_of(word), *forms(word)] for word in (*typed, *parts)}
    extra = sorted({other for alternatives in others.values() for other in alternatives})
    recalled = recalled_rows(typed + extra, strict, text)
    if recalled is not None:
        rows, analysis.lexicon = recalled
        analysis.remembered = True
    else:
        rows = run(
            READ_WORDS,
            [strict, SIGNED_NUMBER.sub(r"\1", text), typed + extra, spelling.read_by_letters(typed + extra)],
        )
        analysis.lexicon = rows[0][-1] if rows else None
        rows = [row[:-1] for row in rows]
        remember(typed + extra, rows, analysis.lexicon, strict, text)
    if rows:
        analysis.websearch = rows[0][8] or ""
        analysis.total, analysis.facets = max(rows[0][7] or 1, 1), rows[0][9] or {}
    known: dict[str, tuple[str, int]] = {}  # an alternative word -> (its lexeme, its ndoc)
    for ordinal, word, lexeme, ndoc, *_ in rows:
        if ordinal > len(typed) and word not in known:
            known[word] = (lexeme, ndoc or 0)
    swaps = {}  # a word the corpus lacks, one swap of neighbouring letters from a word it has
    splits = {}  # a word the corpus lacks, two words it has run together
    edits = {}  # a word the corpus lacks, one letter dropped, added or changed from a word it has
    for ordinal, word, _, ndoc, nearest, similarity, *rest in rows:
        if ordinal > len(typed) or ndoc is not None or word in judge.fillers:
            continue
        swapped, swapped_ndoc, variant, left, left_ndoc, right, right_ndoc, left_typed, right_typed = rest[
            -12:-3
        ]
        edited, edited_ndoc, edited_variants = rest[-3:]
        if edited is not None:
            edits[ordinal] = spelling.best_edit(
                word, edited, edited_ndoc, edited_variants, nearest, similarity
            )
        if swapped is not None:
            swaps[ordinal] = (swapped, swapped_ndoc, variant)
        elif left is not None:
            splits[ordinal] = ((left, left_ndoc, left_typed), (right, right_ndoc, right_typed))
    readings, compounds = readings_of(rows, len(typed))
    for ordinal in compounds:  # no swap of letters across a compound's parts reads it
        swaps.pop(ordinal, None)
        edits.pop(ordinal, None)
    seen_lexemes = set()
    misspelled_compounds = set()  # compounds with a part the corpus lacks
    spelled = dict(enumerate(typed, 1))  # the words as the corpus spells them, for title likeness
    # a typo of a judge word -> (the word, its lexeme when the corpus has it)
    respelled: dict[str, tuple[str, str]] = {}
    for ordinal, word, lexeme, ndoc, nearest, similarity, nearest_ndoc, total, *_ in readings:
        filler = word in judge.fillers or word in aside
        if ndoc is None and filler:
            continue  # a question word the documents never use says nothing
        if ndoc is None and source and judge.source_named(word):
            continue  # the source's name, understood as the filter: no typo ("crf" was read as "crc")
        total = max(total or 1, 1)
        # read as the two words it runs together, each weighed as typed, unless one letter from a
        # corpus word reads it whole ("situatnion" is no "situat" and "nion"), or it is an English
        # word ("seeking" is no "see king", "formally" no "form ally": a word of its own the rulings
        # lack; the vocabulary reads the few they write apart, "subtitle" as "sub-title")
        if ordinal in splits and ordinal not in edits and not spelling.is_english(word):
            for part, part_ndoc, part_typed in splits[ordinal]:
                if part not in seen_lexemes:
                    seen_lexemes.add(part)
                    analysis.words.append(_word(part, part_ndoc, total, part_typed, [], corrected=True))
            spelled[ordinal] = " ".join(part_typed for _, _, part_typed in splits[ordinal])
            analysis.corrections.append(Correction(word, spelled[ordinal]))
            continue
        if ordinal in compounds and ndoc is None:
            misspelled_compounds.add(word)
        corrected = False
        typed_part = compound_part(word, lexeme) if ordinal in compounds else word  # as the judge typed it
        english = spelling.is_english(word)  # a real word the rulings lack is not misspelled
        judge_word = any(known.get(other, ("", 0))[1] for other in others[word])  # read through them
        # one swap or letter from a corpus word beats the nearest by trigrams; of the two, a real word
        # ("alingment": "alignment", not "alongment", 'along'), then the more used ("defencse": 'defens')
        fixes = [swaps.get(ordinal) if not english else None, edits.get(ordinal) if not judge_word else None]
        if fixes := [fix for fix in fixes if fix]:
            best = max(fixes, key=lambda fix: (spelling.is_english(fix[2]), fix[1]))
            (lexeme, ndoc, spelled[ordinal]), corrected = best, True
            # a variant that is no word is shown as the results spell its stem, as a trigram correction is
            analysis.corrections.append(
                Correction(word, spelled[ordinal], _shown(analysis, spelled[ordinal], lexeme))
            )
            if spelled[ordinal] in judge.known_words or forms(spelled[ordinal]):
                respelled[word] = (spelled[ordinal], lexeme)
        elif ndoc is None and nearest and spelling.near_enough(similarity, english or judge_word):
            lexeme, ndoc, corrected = nearest, nearest_ndoc, True
            spelled[ordinal] = nearest
            analysis.corrections.append(Correction(typed_part, lexeme, _index_of(analysis, lexeme)))
        if lexeme in seen_lexemes:
            continue
        seen_lexemes.add(lexeme)
        alternatives = [known[other] for other in others.get(typed_part, others[word]) if other in known]
        read = _word(lexeme, ndoc or 0, total, word, alternatives, corrected, filler)
        if read.ndoc == 0 and not strict:  # an operator query's words are its own to choose
            if (
                respell
                and not english
                and (meant := spelling.judge_word_meant(word, judge.known_words, judge.names))
            ):
                respelled[word] = (meant, "")  # a typo of a judge word: "smalest" for "smallest"
                continue
            analysis.left_out.append(typed_part)
            continue
        analysis.words.append(read)
    if misspelled_compounds and (apart := _apart(text, misspelled_compounds)) != text:
        # a typo in a part ("hdiden-attack"): the readings of letters are of whole words, so the
        # parts are read again as words of their own, each corrected as one; a second statement,
        # for such a question alone (unless the hyphen was the judge vocabulary's, not typed)
        return analyse(apart, operators, respell, game_words=game_words)
    if rejoin and not strict and (joins := joined_pairs(typed, analysis.left_out, analysis.lexicon)):
        # a word the corpus lacks that, joined to its neighbour, is one it has: a card's name typed
        # apart ("side swipe"); read again joined (two statements more, for such a question alone)
        return _rejoined(text, operators, respell, joins, tokens)
    if respelled and respell:
        # a typo of a word the judge vocabulary reads otherwise ("bulding": "building", which also
        # finds "constructing"; "thorw away") or of an irregular word: its alternatives and phrases
        # are the word's, not the typo's. Read again as corrected: a second statement, for such a
        # question alone; the judge is still told of the correction.
        return _respelled(text, operators, respelled, tokens)
    if source and all(judge.source_named(word.typed) for word in analysis.words):
        # nothing asked but the source ("what is the mle"): it is the answer (search.find), not the
        # entries mentioning its name (the errata of MLE cards, "MLE" in most of them)
        analysis.words = []
    analysis.folded = " ".join(spelled.values())
    _keep_rarest(analysis)
    return analysis


def _respelled(text: str, operators: bool | None, respelled: dict[str, tuple[str, str]], tokens) -> Analysis:
    """The question read again with its typos of judge words corrected (`respelled`: typo -> (the
    word, its lexeme or "")), each word still marked as typed and corrected, and told to the judge."""
    corrected = TOKEN.sub(lambda m: respelled.get(fold(m.group()), (m.group(),))[0], text)
    again = analyse(corrected, operators, respell=False)
    typos = {meant: typo for typo, (meant, _) in respelled.items()}
    again.words = [  # as typed and corrected, as the first reading had them
        dataclasses.replace(word, typed=typos[word.typed], corrected=True) if word.typed in typos else word
        for word in again.words
    ]
    told = [Correction(typo, word, _shown(again, word, lexeme)) for typo, (word, lexeme) in respelled.items()]
    again.corrections = _in_typed_order(told + again.corrections, tokens)
    return again


def _rejoined(text: str, operators: bool | None, respell: bool, joins: list, tokens: list) -> Analysis:
    """The question read again with the pairs of words joined, each told to the judge."""
    joined, told = fold(text), []
    for a, b in joins:
        joined, n = re.subn(rf"(?<![^\W_]){re.escape(a)}\W+{re.escape(b)}(?![^\W_])", a + b, joined, count=1)
        told += [Correction(f"{a} {b}", a + b)] if n else []
    again = analyse(joined, operators, respell, rejoin=False)
    again.corrections = _in_typed_order(told + again.corrections, tokens)
    return again


def _in_typed_order(corrections: list[Correction], tokens: list[str]) -> list[Correction]:
    """Corrections in the order their words were typed (a pair joined, by its first word)."""
    typed_order = {token: i for i, token in reversed(list(enumerate(tokens)))}
    return sorted(corrections, key=lambda fixed: typed_order.get(fixed.typed.split(" ")[0], len(tokens)))


def _apart(text: str, compounds: set[str]) -> str:
    """The text with the hyphens of the given (folded) compounds made spaces."""
    return TOKEN.sub(
        lambda m: m.group().replace("-", " ") if fold(m.group()) in compounds else m.group(), text
    )


def _shown(analysis: Analysis, read_as: str, lexeme: str) -> int:
    """A correction's `word`: -1 to show the word read as it is (an English word, or one whose
    lexeme is not known); else the index of its lexeme, whose spelling in the results is shown
    ("sery", a letter from "scry", stems to 'seri': shown as "series")."""
    return -1 if spelling.is_english(read_as) or not lexeme else _index_of(analysis, lexeme)


def _index_of(analysis: Analysis, lexeme: str) -> int:
    """The index the lexeme's word has in the analysis, or will have once appended."""
    return next((i for i, known in enumerate(analysis.words) if known.lexeme == lexeme), len(analysis.words))


def _keep_rarest(analysis: Analysis) -> None:
    """At most MAX_WORDS words, the heaviest (rarest) kept in the order typed: a long question's
    point is often at its end ("... we are not sure what exhaustion means"), after more words than
    that, most of them stop words or question words."""
    if len(analysis.words) <= MAX_WORDS:
        return
    ranked = sorted(range(len(analysis.words)), key=lambda i: -analysis.words[i].weight)
    kept = sorted(ranked[:MAX_WORDS])
    moved = {old: new for new, old in enumerate(kept)}
    analysis.words = [analysis.words[i] for i in kept]
    analysis.corrections = [
        dataclasses.replace(fixed, word=moved[fixed.word]) if fixed.word >= 0 else fixed
        for fixed in analysis.corrections
        if fixed.word < 0 or fixed.word in moved
    ]


def _word(
    lexeme: str,
    df: int,
    total: int,
    typed: str,
    alternatives: list[tuple[str, int]],
    corrected: bool = False,
    filler: bool = False,
) -> Word:
    """A query word weighed by its rarity (or its likeliest alternative's)."""
    # each lexeme once ("begin", "beginning"): an alternative the corpus lacks is dropped
    alternatives = list(
        {other: (other, n) for other, n in alternatives if other and n and other != lexeme}.values()
    )
    if alternatives:
        df = max([df, *(n for _, n in alternatives)])
    weight = math.log(1 + total / (df + 0.5)) * (FILLER_FACTOR if filler else 1.0)
    return Word(
        lexeme,
        weight,
        filler or df > COMMON * total,
        typed,
        corrected,
        [other for other, _ in alternatives],
        df,
        filler,
    )
