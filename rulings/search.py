"""Search over the knowledge base: PostgreSQL full text with weighted fields (term/section, question,
text), websearch syntax, accents folded, misspelled words corrected against the corpus' own words
(trigram), and a two-stage ranking that stays fast on a large corpus.

How a query is answered:

1. Its words are stemmed and looked up in the lexicon (``rulings_lexicon``: each word of the corpus
   with the number of entries using it). A word the corpus does not have is replaced by its nearest
   corpus word by trigram similarity ("mysterius" -> "mysteri"). Each word weighs its rarity
   (inverse document frequency); words found in most entries do not select candidates.
2. Candidates (GIN index): entries holding at least two of the informative words (any one of them
   when that finds too few; all of them, as typed, when the query uses websearch operators:
   "quoted phrase", -exclusion, or). They are ordered by a cheap score (the weight of the words
   they hold), and only the best ``CANDIDATES`` go on.
3. The candidates are ranked: coverage of the query's weight, field-weighted frequency of each
   word, words adjacent as in the question (phrases), and trigram similarity of the entry's names
   to the query. The highlight (``ts_headline``) is computed for the returned page only.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
import unicodedata
from dataclasses import dataclass, field

from django.contrib.postgres.search import SearchVector
from django.db import connection
from django.db.models import BooleanField, F, Func, Q, QuerySet, TextField, Value
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce, Concat

from rulings.importers.base import fold
from rulings.models import Entry, Status

CONFIG = "english"
MAX_QUERY = 500  # characters; longer queries are refused with a 400
MAX_WORDS = 16  # words of a query that take part (the rest are ignored)
WEIGHTS = "{0.1, 0.2, 0.4, 1.0}"  # D, C, B, A: text, question, term/section/title
CANDIDATES = 100
COUNT_CAP = 1000  # matches are counted exactly up to this many ("1000" then means "1000 or more")
COMMON = 0.25  # a word in more than this share of the entries ranks but does not select
SPELLING_MIN = 0.45  # trigram similarity for a misspelled word to take a corpus word's place
NAME_MIN = 0.5  # trigram word similarity of the query to an entry's names that counts


class SearchError(ValueError):
    """The query cannot be searched (too long, nothing searchable); the API answers 400."""


class Unaccent(Func):
    function = "rulings_unaccent"  # immutable wrapper created in the migration
    output_field = TextField()


def _doc(*fields):
    parts = []
    for name in fields:
        parts += [Coalesce(F(name), Value(""), output_field=TextField()), Value(" ")]
    return Unaccent(Concat(*parts, output_field=TextField()))


def refresh_search(queryset: QuerySet) -> int:
    """Recompute the stored search vector and trigram names of the given entries."""
    vector = (
        SearchVector(_doc("section", "title", "card_name"), weight="A", config=CONFIG)
        + SearchVector(_doc("question", "card_type", "card_group"), weight="B", config=CONFIG)
        + SearchVector(_doc("text", "change_note"), weight="C", config=CONFIG)
    )
    names = Func(
        Concat(F("title"), Value(" "), F("card_name"), Value(" "), F("section"), output_field=TextField()),
        function="lower",
        output_field=TextField(),
    )
    return queryset.update(search_vector=vector, search_names=Unaccent(names))


def refresh_lexicon() -> None:
    """Recount the corpus' words (after an import or a bulk change)."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM rulings_lexicon")
        cursor.execute(
            "INSERT INTO rulings_lexicon (word, ndoc) SELECT word, ndoc FROM ts_stat("
            "'SELECT search_vector FROM rulings_entry WHERE search_vector IS NOT NULL')"
            " UNION ALL SELECT '', count(*) FROM rulings_entry WHERE search_vector IS NOT NULL"
        )


@dataclass
class Filters:
    game: str = ""
    kind: str = ""
    source: str = ""
    card: str = ""
    term: str = ""
    status: str = ""
    as_of: dt.date | None = None


def clean_query(raw: str) -> str:
    """Drop control characters and NULs, normalise, refuse absurd lengths."""
    if raw is None:
        return ""
    if len(raw) > 10 * MAX_QUERY:
        raise SearchError(f"the query is too long ({len(raw)} characters; at most {MAX_QUERY})")
    text = unicodedata.normalize("NFKC", raw)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > MAX_QUERY:
        raise SearchError(f"the query is too long ({len(text)} characters; at most {MAX_QUERY})")
    return text


def apply_filters(queryset: QuerySet, filters: Filters) -> QuerySet:
    if filters.game:
        queryset = queryset.filter(source__game=filters.game)
    if filters.kind:
        queryset = queryset.filter(kind__in=filters.kind.split(","))
    if filters.source:
        queryset = queryset.filter(source__slug=filters.source)
    if filters.card:
        queryset = queryset.filter(cards__slug=filters.card)
    if filters.term:
        queryset = queryset.filter(terms__slug=filters.term)
    if filters.as_of:
        queryset = queryset.filter(Q(valid_from__isnull=True) | Q(valid_from__lte=filters.as_of)).filter(
            Q(valid_to__isnull=True) | Q(valid_to__gt=filters.as_of)
        )
        if not filters.status:  # withdrawn without a date of withdrawal: never in force
            queryset = queryset.exclude(status=Status.WITHDRAWN, valid_to__isnull=True)
    elif not filters.status:
        queryset = queryset.filter(status=Status.CURRENT)
    if filters.status and filters.status != "any":
        queryset = queryset.filter(status=filters.status)
    return queryset


# ------------------------------------------------------------------------------- the query's words


@dataclass
class Word:
    """One word of the query as the corpus knows it."""

    lexeme: str
    weight: float
    common: bool
    typed: str
    corrected: bool = False
    alternatives: list[str] = field(default_factory=list)


@dataclass
class Analysis:
    words: list[Word] = field(default_factory=list)
    strict: bool = False  # websearch operators: the query's own boolean meaning selects
    text: str = ""

    @property
    def informative(self) -> list[Word]:
        return [word for word in self.words if not word.common] or self.words


# A judge's words for what the documents say otherwise. Phrases are rewritten; a word also finds
# its alternatives (Highlander's deck is the "Endurance"; MECCG characters "bear" items).
JUDGE_PHRASES = [
    (re.compile(r"\b(run|runs|running|ran) out\b"), "exhaust"),
    (re.compile(r"\bheadshots?\b"), "head shot"),
    (re.compile(r"\bpgs?\b"), "pre-game"),
]
JUDGE_WORDS = {
    "deck": ["endurance"],
    "smallest": ["minimum"],
    "fewest": ["minimum"],
    "least": ["minimum"],
    "carry": ["bear"],
    "hold": ["bear"],
    "copies": ["duplicate"],
    "copy": ["duplicate"],
    "bring": ["use"],  # "how many ... can I bring" to a game: use in a deck
}

# Words of a question that say nothing of its subject ("how many", "what happens").
QUESTION_WORDS = {"many", "much", "happen", "happens", "allowed", "able", "possible"}
# An example illustrates its rule: when both answer, the rule comes first.
KIND_FACTORS = {"example": 0.8}

OPERATORS = re.compile(r'"|(^|\s)-\w|\s(or|OR)\s')
TOKEN = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def _tsquery_literal(lexeme: str, weight: str = "") -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'" + (f":{weight}" if weight else "")


def _literal(word: Word, weight: str = "") -> str:
    """The word as a tsquery: its lexeme, or any of its alternatives (judge's vocabulary)."""
    lexemes = [word.lexeme, *word.alternatives]
    if len(lexemes) == 1:
        return _tsquery_literal(word.lexeme, weight)
    return "(" + " | ".join(_tsquery_literal(lexeme, weight) for lexeme in lexemes) + ")"


_ANALYSE_SQL = """
SELECT t.ord, t.typed, lex.w, l.ndoc,
       CASE WHEN l.ndoc IS NULL AND length(lex.w) > 3 THEN (
           SELECT x.word || ' ' || similarity(x.word, lex.w)::text FROM rulings_lexicon x
           WHERE x.word %% lex.w AND x.word <> '' ORDER BY x.word <-> lex.w, x.ndoc DESC LIMIT 1)
       END,
       (SELECT ndoc FROM rulings_lexicon WHERE word = '')
FROM unnest(%s::text[]) WITH ORDINALITY AS t(typed, ord)
CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(%s, rulings_unaccent(t.typed)))) AS lex(w)
LEFT JOIN rulings_lexicon l ON l.word = lex.w
ORDER BY t.ord, length(lex.w) DESC
"""


def analyse(text: str) -> Analysis:
    """The query's words in order, stemmed, weighted by rarity, misspellings corrected."""
    strict = bool(OPERATORS.search(text))
    excluded = {fold(m) for m in re.findall(r"(?:^|\s)-(\w[\w'-]*)", text)}
    folded = fold(text)
    for pattern, replacement in JUDGE_PHRASES:
        folded = pattern.sub(replacement, folded)
    tokens = TOKEN.findall(folded)
    typed = [token for token in tokens if token not in excluded and token not in QUESTION_WORDS]
    typed = (typed or [token for token in tokens if token not in excluded])[:MAX_WORDS]
    analysis = Analysis(strict=strict, text=text)
    if not typed:
        return analysis
    with connection.cursor() as cursor:
        cursor.execute(_ANALYSE_SQL, [typed, CONFIG])
        rows = cursor.fetchall()
    seen_ord, seen_lexemes = set(), set()
    for ordinal, word, lexeme, ndoc, nearest, total in rows:
        if ordinal in seen_ord:  # a hyphenated word: its whole form only ("pre-gam", not "pre")
            continue
        corrected = False
        if ndoc is None and nearest:
            candidate, similarity = nearest.rsplit(" ", 1)
            if float(similarity) >= SPELLING_MIN:
                lexeme, corrected = candidate, True
                ndoc = _ndoc(candidate)
        seen_ord.add(ordinal)
        if lexeme in seen_lexemes:
            continue
        seen_lexemes.add(lexeme)
        total = max(total or 1, 1)
        df = ndoc or 0
        alternatives = [_lexeme(other) for other in JUDGE_WORDS.get(word, [])]
        alternatives = [other for other in alternatives if other and other != lexeme]
        if alternatives:
            df = max([df, *(_ndoc(other) for other in alternatives)])
        weight = math.log(1 + total / (df + 0.5))
        analysis.words.append(Word(lexeme, weight, df > COMMON * total, word, corrected, alternatives))
    return analysis


@functools.lru_cache(maxsize=256)
def _lexeme(word: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT tsvector_to_array(to_tsvector(%s, %s))", [CONFIG, word])
        lexemes = cursor.fetchone()[0]
    return max(lexemes, key=len) if lexemes else ""


def _ndoc(lexeme: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT ndoc FROM rulings_lexicon WHERE word = %s", [lexeme])
        row = cursor.fetchone()
    return row[0] if row else 0


# ---------------------------------------------------------------------------------------- search


def _any_of(words: list[Word]) -> str:
    return " | ".join(_literal(word) for word in words)


def _held_weight_sql(words: list[Word], where: str = "") -> tuple[str, list]:
    """The summed weight of the words an entry holds (where: "A" only in its term, section or
    title; "B" only in its question: what the entry is about)."""
    parts, params = [], []
    for word in words:
        parts.append("(CASE WHEN rulings_entry.search_vector @@ %s::tsquery THEN %s ELSE 0 END)")
        params += [_literal(word, where), word.weight]
    return "(" + " + ".join(parts) + ")", params


# The SQL below is built from constants only; every word of the query travels as a parameter.


def _tiers(analysis: Analysis) -> list[str]:
    """tsqueries from the strictest to the loosest: all the informative words, all but one, any two,
    any one. Entries found by an earlier tier come first among the candidates."""
    if analysis.strict:
        return []
    words = analysis.informative
    literals = [_literal(word) for word in words]
    tiers = [" & ".join(literals)]
    if len(words) >= 3:
        tiers.append(
            " | ".join("(" + " & ".join(literals[:i] + literals[i + 1 :]) + ")" for i in range(len(words)))
        )
    if len(words) >= 4:
        tiers.append(" | ".join(f"({a} & {b})" for i, a in enumerate(literals) for b in literals[i + 1 :]))
    if len(words) >= 2:
        tiers.append(" | ".join(literals))
    return tiers


def _candidates(base: QuerySet, analysis: Analysis) -> tuple[int, list[int]]:
    """(how many entries match, up to CANDIDATES ids: those holding the most words first).

    Each tier is one GIN-indexed branch of a UNION ALL under one LIMIT, so PostgreSQL stops as soon
    as it has enough: a query of common words never ranks the whole corpus."""
    words_text = " ".join(word.typed for word in analysis.words)
    branches, params = [], []

    def branch(condition: str, condition_params: list, limit: int) -> None:
        queryset = base.filter(RawSQL(condition, condition_params, output_field=BooleanField()))  # noqa: S611
        sql, sql_params = queryset.values("pk").order_by().query.sql_with_params()
        branches.append(f"(SELECT * FROM ({sql}) t{len(branches)} LIMIT {int(limit)})")  # noqa: S608
        params.extend(sql_params)

    if any(word.corrected for word in analysis.words) and len(words_text) >= 4:
        branch("rulings_entry.search_names %%> %s", [words_text], 50)  # a misspelled name
    if analysis.strict:
        branch(
            "rulings_entry.search_vector @@ websearch_to_tsquery(%s, rulings_unaccent(%s))",
            [CONFIG, analysis.text],
            CANDIDATES,
        )
    for tier in _tiers(analysis):
        branch("rulings_entry.search_vector @@ %s::tsquery", [tier], CANDIDATES)
    sql = f"SELECT * FROM ({' UNION ALL '.join(branches)}) candidates LIMIT {CANDIDATES}"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    ids = list(dict.fromkeys(row[0] for row in rows))
    if len(rows) < CANDIDATES:  # every branch ran dry: these are all the matches
        return len(ids), ids
    loosest = (
        "rulings_entry.search_vector @@ websearch_to_tsquery(%s, rulings_unaccent(%s))"
        if analysis.strict
        else "rulings_entry.search_vector @@ %s::tsquery"
    )
    loosest_params = [CONFIG, analysis.text] if analysis.strict else [_any_of(analysis.informative)]
    matching = base.filter(RawSQL(loosest, loosest_params, output_field=BooleanField()))  # noqa: S611
    return max(len(ids), matching.order_by().values("pk")[:COUNT_CAP].count()), ids


def _score_sql(analysis: Analysis) -> tuple[str, list]:
    words = analysis.words
    total_weight = sum(word.weight for word in words) or 1.0
    held_sql, params = _held_weight_sql(words)
    parts = [f"1.0 * power({held_sql} / %s, 2)"]
    params.append(total_weight)
    for where, factor in (("A", 0.8), ("B", 0.4)):  # headings, then questions
        heading_sql, heading_params = _held_weight_sql(words, where)
        parts.append(f"{factor} * {heading_sql} / %s")
        params += [*heading_params, total_weight]
    ranks = []
    for word in words:
        ranks.append("%s * ts_rank(%s::float4[], rulings_entry.search_vector, %s::tsquery, 1)")
        params += [word.weight, WEIGHTS, _literal(word)]
    parts.append(f"0.6 * ({' + '.join(ranks)}) / %s")
    params.append(total_weight)
    pairs = list(zip(words, words[1:], strict=False))
    if pairs:  # neighbours in the question close together in the entry (either order, within 2 words)
        near = []
        for a, b in pairs:
            near.append("(CASE WHEN rulings_entry.search_vector @@ %s::tsquery THEN %s ELSE 0 END)")
            literal_a, literal_b = _literal(a), _literal(b)
            within = [
                f"({x} <{n}> {y})"
                for n in (1, 2, 3)
                for x, y in ((literal_a, literal_b), (literal_b, literal_a))
            ]
            params += [" | ".join(within), a.weight + b.weight]
        parts.append(f"0.5 * ({' + '.join(near)}) / %s")
        params.append(sum(a.weight + b.weight for a, b in pairs))
    names = " ".join(word.typed for word in words)
    parts.append("0.8 * greatest(0, word_similarity(%s, rulings_entry.search_names) - %s)")
    params += [names, NAME_MIN]
    factors = " ".join(f"WHEN '{kind}' THEN {factor}" for kind, factor in KIND_FACTORS.items())
    return f"({' + '.join(parts)}) * (CASE rulings_entry.kind {factors} ELSE 1 END)", params


def _headline_sql(analysis: Analysis) -> tuple[str, list]:
    # The text is HTML-escaped before ts_headline, so only its <mark> tags are markup.
    document = (
        "replace(replace(replace(concat_ws(' ', rulings_entry.question, rulings_entry.text),"
        " '&', '&amp;'), '<', '&lt;'), '>', '&gt;')"
    )
    sql = (
        f"ts_headline(%s, {document}, %s::tsquery,"
        " 'StartSel=<mark>, StopSel=</mark>, MaxWords=35, MinWords=15, HighlightAll=false')"
    )
    return sql, [CONFIG, _any_of(analysis.words)]


def search(raw_query: str, filters: Filters | None = None, limit: int = 20) -> tuple[int, list[Entry]]:
    """(count, entries) best first; each entry carries .score and .highlight."""
    filters = filters or Filters()
    query_text = clean_query(raw_query)
    base = apply_filters(Entry.objects.all(), filters)
    if not re.search(r"\w", query_text):
        entries = list(
            base.select_related("source").prefetch_related("cards").order_by("source", "position")[:limit]
        )
        for entry in entries:
            entry.score, entry.highlight = 0.0, ""
        return (base.count() if entries else 0), entries
    analysis = analyse(query_text)
    if not analysis.words:
        return 0, []
    count, ids = _candidates(base, analysis)
    if not ids:
        return 0, []
    score_sql, score_params = _score_sql(analysis)
    headline_sql, headline_params = _headline_sql(analysis)
    # ts_headline is costly: PostgreSQL evaluates it after the sort, for the returned page only.
    entries = list(
        Entry.objects.filter(pk__in=ids)
        .select_related("source")
        .prefetch_related("cards")
        .annotate(score=RawSQL(score_sql, score_params))  # noqa: S611
        .annotate(highlight=RawSQL(headline_sql, headline_params))  # noqa: S611
        .order_by("-score", "source_id", "position")[:limit]
    )
    return count, entries
