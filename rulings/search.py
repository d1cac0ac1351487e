"""Search over the knowledge base (read-only: the index is kept by rulings/indexing.py): PostgreSQL
full text with weighted fields (term/section, question, text), accents folded, misspelled words
corrected against the corpus' own words, the judge vocabulary applied, ranked for a judge's
question, fast on a large corpus.

A query is two statements, each prepared once per connection (their SQL text does not depend on
the words, which travel as arrays), and a third, small one only when a word is unknown:

1. Its words (after the judge vocabulary's rewrites: "run out" -> "exhaust") against the lexicon
   (``rulings_lexicon``: each word of the corpus with the number of entries using it, and the
   current entries per game, kind and source), with the vocabulary's alternatives ("deck" also
   finds "endurance"). A word the corpus does not have is tried with two neighbouring letters
   swapped ("exahustion"), else replaced by its nearest corpus word by trigram similarity
   ("mysterius" -> "mysteri"). Each word weighs its rarity (inverse document frequency); words
   found in most entries, and question words ("get", "says"), do not select candidates.
2. One CTE: candidates from the GIN index, tier after tier under one LIMIT (all the informative
   words, all but one, any two, any one; or, when the query is written with operators -- a quoted
   phrase, a leading -, an uppercase OR -- its own boolean meaning); a tier expected to match a
   large share of the corpus is read sequentially instead. Of the first ``POOL`` matches, the
   ``CANDIDATES`` holding most of the query's weight are scored (coverage of the query's weight,
   words in headings and questions, field-weighted ``ts_rank`` per word, words adjacent as in the
   question, a title the question names, the game it names, examples after their rule); the
   returned page brings its source and cards. The count is exact when the pool holds all the
   matches, else estimated from the lexicon (or counted up to ``COUNT_CAP``).

The returned entries are highlighted in Python (``Marker``), from their text and the query's words:
a word of the text is marked when its folded form (case and accents: "Nazgûl" for "nazgul") is
the stem of a query word with a common English ending ("blows", "allies", "using" for "blow",
"alli", "use"), and a long entry shows the ``HEADLINE_CHARS`` around its best match.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import math
import re
import sys
import time
import unicodedata
from dataclasses import dataclass, field

import psycopg
from django.conf import settings
from django.db import connection
from django.db.models import BooleanField, Q, QuerySet
from django.db.models.expressions import RawSQL

from rulings.highlight import Marker
from rulings.models import Entry, Source, Status
from rulings.textfold import fold
from rulings.vocabulary import FILLER_FACTOR, GAME_WORDS, vocabulary

CONFIG = "english"
MAX_QUERY = 500  # characters; longer queries are refused with a 400
MAX_WORDS = 16  # words of a query that take part (the rest are ignored)
WEIGHTS = "{0.1, 0.2, 0.4, 1.0}"  # D, C, B, A: text, question, term/section/title
# Candidates: the first POOL matches of the strictest tiers, of which the CANDIDATES holding the
# most of the query's weight are scored in full (the returned page alone is highlighted, in Python).
# Chosen by what they hold, not by where the index lists them (an entry imported last is found).
POOL = 200
CANDIDATES = 40
TITLE_BOOST = 0.8  # an entry whose title the question names ("can a dirty trick be blocked")
TITLE_MIN = 0.5  # ... with at least this trigram word similarity of the title to the question
OTHER_GAME = 0.6  # a question naming a game ("an ally in highlander"): other games' entries weigh less
COUNT_CAP = 1000  # the count says at most this many ("1000" then means "1000 or more")
COUNT_EXACTLY = 300  # matches expected up to this many are counted, more are estimated
COMMON = 0.25  # a word in more than this share of the entries ranks but does not select
SPELLING_MIN = 0.45  # trigram similarity for a misspelled word to take a corpus word's place
NAME_MIN = 0.5  # trigram word similarity of the query to an entry's names that counts
# A tier expected to match more than this share of the (filtered) corpus is read sequentially until
# it has its candidates (a few hundred rows) rather than through the GIN index, whose bitmap of
# every match costs more for a very common word.
SEQUENTIAL_SHARE = 0.15


class SearchError(ValueError):
    """The query cannot be searched (too long, nothing searchable); the API answers 400."""


@dataclass(frozen=True)
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
    ndoc: int = 0  # entries holding it (or its likeliest alternative)


@dataclass
class Analysis:
    words: list[Word] = field(default_factory=list)
    strict: bool = False  # websearch operators: the query's own boolean meaning selects
    text: str = ""
    websearch: str = ""  # with operators: the query as PostgreSQL reads it (a tsquery)
    total: int = 0  # entries in the lexicon
    facets: dict[str, int] = field(default_factory=dict)  # "game:meccg" -> current entries
    folded: str = ""  # the query's words, folded and rewritten (for its similarity to titles)
    game: str = ""  # the game the question names ("in highlander"), preferred in the ranking

    @property
    def informative(self) -> list[Word]:
        return [word for word in self.words if not word.common] or self.words


# An example illustrates its rule: when both answer, the rule comes first.
KIND_FACTORS = {"example": 0.8}

# Operators only when the query is clearly written with them: a quoted phrase, a leading "-", an
# uppercase OR. A lowercase "or" is a word of a plain question ("can I block or dodge...").
OPERATORS = re.compile(r'"|(^|\s)-\w|\sOR\s')
EXCLUSION = re.compile(r"(?:^|\s)-\w")
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
SELECT t.ord, t.typed, lex.w, l.ndoc, near.word, near.sim, near.ndoc,
       (SELECT ndoc FROM rulings_lexicon WHERE word = ''),
       CASE WHEN %s THEN websearch_to_tsquery('{config}', rulings_unaccent(%s))::text END,
       (SELECT json_object_agg(substr(word, 2), ndoc) FROM rulings_lexicon WHERE word LIKE '#%%')
FROM unnest(%s::text[]) WITH ORDINALITY AS t(typed, ord)
CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('{config}', rulings_unaccent(t.typed)))) AS lex(w)
LEFT JOIN rulings_lexicon l ON l.word = lex.w
LEFT JOIN LATERAL (
    SELECT x.word, similarity(x.word, lex.w) AS sim, x.ndoc FROM rulings_lexicon x
    WHERE l.ndoc IS NULL AND length(lex.w) > 3 AND x.word %% lex.w AND x.word <> '' AND x.word NOT LIKE '#%%'
    ORDER BY x.word <-> lex.w, x.ndoc DESC LIMIT 1
) near ON true
ORDER BY t.ord, length(lex.w) DESC
"""


def _run(sql: str, params: list) -> tuple[list, list]:
    """Run a search statement with server-side parameters, as a prepared statement: its SQL text
    is the same for every query (with the same filters), so PostgreSQL parses and plans it once per
    connection, not once per query. Django leaves prepared statements off (poolers such as
    PgBouncer in transaction mode cannot keep them): RULINGS_PREPARED_STATEMENTS = False turns
    them off here too, and only these statements are ever prepared."""
    connection.ensure_connection()
    raw = connection.connection
    prepare = getattr(settings, "RULINGS_PREPARED_STATEMENTS", True)
    threshold = raw.prepare_threshold
    if prepare and threshold is None:
        raw.prepare_threshold = sys.maxsize  # none but those asked for
    start = time.monotonic()
    try:
        with psycopg.Cursor(raw) as cursor:
            cursor.execute(sql, params, prepare=True if prepare else None)
            return cursor.description, cursor.fetchall()
    finally:
        raw.prepare_threshold = threshold
        if connection.queries_logged:  # counted like the ORM's (debug toolbar, query-count tests)
            connection.queries_log.append({"sql": sql, "time": f"{time.monotonic() - start:.3f}"})


_SWAPS_SQL = """
SELECT v.ord, lex.w, l.ndoc, v.variant
FROM unnest(%s::int[], %s::text[]) AS v(ord, variant)
CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('{config}', rulings_unaccent(v.variant)))) AS lex(w)
JOIN rulings_lexicon l ON l.word = lex.w
ORDER BY v.ord, l.ndoc DESC
"""


def _swapped(words: dict[int, str]) -> dict[int, tuple[str, int, str]]:
    """Words the corpus lacks, read with two neighbouring letters swapped ("exahustion" ->
    "exhaustion"): trigrams miss a swap (it breaks three of them), one lexicon lookup finds it.
    The likeliest corpus word (lexeme, entries, spelling) for each word that has one, by ordinal."""
    ordinals, variants = [], []
    for ordinal, word in words.items():
        for i in range(len(word) - 1):
            if word[i] != word[i + 1]:
                ordinals.append(ordinal)
                variants.append(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    if not variants:
        return {}
    _, rows = _run(_SWAPS_SQL.format(config=CONFIG), [ordinals, variants])
    found: dict[int, tuple[str, int, str]] = {}
    for ordinal, lexeme, ndoc, variant in rows:
        found.setdefault(ordinal, (lexeme, ndoc, variant))
    return found


def analyse(text: str, operators: bool | None = None) -> Analysis:
    """The query's words in order, stemmed, weighted by rarity, misspellings corrected: one statement
    (the lexicon's trigram index is only asked about words the lexicon does not have; a second,
    small one only when a word is unknown, for swapped letters). `operators`: read the query's
    operators (None: when it is written in operator syntax)."""
    strict = bool(OPERATORS.search(text)) if operators is None else operators
    judge = vocabulary()
    excluded = {fold(m) for m in re.findall(r"(?:^|\s)-(\w[\w'-]*)", text)} if strict else set()
    tokens = TOKEN.findall(judge.rewritten(fold(text)))
    typed = [token for token in tokens if token not in excluded]
    named = {GAME_WORDS[token] for token in typed if token in GAME_WORDS}
    game = named.pop() if len(named) == 1 else ""
    if game and any(token not in GAME_WORDS for token in typed):
        typed = [token for token in typed if token not in GAME_WORDS]  # a filter, not a word to find
    typed = typed[:MAX_WORDS]
    analysis = Analysis(strict=strict, text=text, folded=" ".join(tokens), game=game)
    if not typed:
        return analysis
    # The judge's alternatives ride along after the typed words, to be stemmed and counted too.
    extra = sorted({other for word in typed for other in judge.alternatives.get(word, [])})
    _, rows = _run(_ANALYSE_SQL.format(config=CONFIG), [strict, text, typed + extra])
    if rows:
        analysis.websearch = rows[0][8] or ""
        analysis.total, analysis.facets = max(rows[0][7] or 1, 1), rows[0][9] or {}
    known: dict[str, tuple[str, int]] = {}  # an alternative word -> (its lexeme, its ndoc)
    for ordinal, word, lexeme, ndoc, *_ in rows:
        if ordinal > len(typed) and word not in known:
            known[word] = (lexeme, ndoc or 0)
    unknown = {
        ordinal: word
        for ordinal, word, _, ndoc, *_ in rows
        if ordinal <= len(typed) and ndoc is None and len(word) > 3 and word not in judge.fillers
    }
    swaps = _swapped(unknown) if unknown else {}
    seen_ord, seen_lexemes = set(), set()
    spelled = dict(enumerate(typed, 1))  # the words as the corpus spells them, for title likeness
    for ordinal, word, lexeme, ndoc, nearest, similarity, nearest_ndoc, total, *_ in rows:
        if ordinal > len(typed) or ordinal in seen_ord:  # a hyphenated word: its whole form only
            continue
        seen_ord.add(ordinal)
        filler = word in judge.fillers
        if ndoc is None and filler:
            continue  # a question word the documents never use says nothing
        corrected = False
        if ordinal in swaps:  # one swap away beats the nearest by trigrams
            (lexeme, ndoc, spelled[ordinal]), corrected = swaps[ordinal], True
        elif ndoc is None and nearest and similarity >= SPELLING_MIN:
            lexeme, ndoc, corrected = nearest, nearest_ndoc, True
            spelled[ordinal] = nearest
        if lexeme in seen_lexemes:
            continue
        seen_lexemes.add(lexeme)
        total = max(total or 1, 1)
        df = ndoc or 0
        alternatives = [known[other] for other in judge.alternatives.get(word, []) if other in known]
        alternatives = [(other, n) for other, n in alternatives if other and other != lexeme]
        if alternatives:
            df = max([df, *(n for _, n in alternatives)])
        weight = math.log(1 + total / (df + 0.5)) * (FILLER_FACTOR if filler else 1.0)
        analysis.words.append(
            Word(
                lexeme,
                weight,
                filler or df > COMMON * total,
                word,
                corrected,
                [other for other, _ in alternatives],
                df,
            )
        )
    analysis.folded = " ".join(spelled.values())
    return analysis


# ---------------------------------------------------------------------------------------- search


def _tiers(analysis: Analysis) -> list[tuple[str, float]]:
    """tsqueries from the strictest to the loosest: all the informative words, all but one, any two,
    any one (or, with websearch operators, the query's own boolean meaning), each with the share of
    the corpus it is expected to match (from the lexicon, words taken as independent). Entries
    found by an earlier tier come first among the candidates."""
    total = max(analysis.total, 1)
    if analysis.strict:
        shares = [min(word.ndoc / total, 1.0) for word in analysis.words]
        return [(analysis.websearch, min(shares, default=1.0))] if analysis.websearch else []
    words = analysis.informative
    literals = [_literal(word) for word in words]
    shares = [min(word.ndoc / total, 1.0) for word in words]
    n = len(words)
    tiers = [(" & ".join(literals), math.prod(shares))]
    if n >= 3:
        tiers.append(
            (
                " | ".join("(" + " & ".join(literals[:i] + literals[i + 1 :]) + ")" for i in range(n)),
                min(1.0, sum(math.prod(shares[:i] + shares[i + 1 :]) for i in range(n))),
            )
        )
    if n >= 4:
        tiers.append(
            (
                " | ".join(f"({a} & {b})" for i, a in enumerate(literals) for b in literals[i + 1 :]),
                min(1.0, sum(a * b for i, a in enumerate(shares) for b in shares[i + 1 :])),
            )
        )
    if n >= 2:
        tiers.append((" | ".join(literals), 1 - math.prod(1 - share for share in shares)))
    return tiers


def _near(a: Word, b: Word) -> str:
    """Neighbours in the question close together in the entry (either order, within 3 words)."""
    literal_a, literal_b = _literal(a), _literal(b)
    return " | ".join(
        f"({x} <{n}> {y})" for n in (1, 2, 3) for x, y in ((literal_a, literal_b), (literal_b, literal_a))
    )


def _filter_share(analysis: Analysis, filters: Filters) -> float | None:
    """The share of the corpus the filters leave, from the lexicon's facet counts (None: unknown)."""
    if not _estimable(filters):
        return None
    share = 1.0
    for facet, values in (("game", filters.game), ("kind", filters.kind), ("source", filters.source)):
        if values:
            chosen = sum(analysis.facets.get(f"{facet}:{value}", 0) for value in values.split(","))
            share *= min(chosen / max(analysis.total, 1), 1.0)
    return share


@functools.lru_cache(maxsize=512)
def _filtered(filters: Filters, condition: str, params: tuple) -> tuple[str, tuple]:
    """The ids of the filtered entries meeting a condition on rulings_entry, as SQL (compiled once
    per filters and condition: the ORM's compiler costs more than the search's own SQL)."""
    base = apply_filters(Entry.objects.all(), filters)
    queryset = base.filter(RawSQL(condition, params, output_field=BooleanField()))  # noqa: S611
    sql, params = queryset.values("pk").order_by().query.sql_with_params()
    return sql, tuple(params)


# Model.from_db takes the fields in the model's order; the stored search data stays behind.
_NOT_LOADED = {"search_vector", "search_names", "link_text"}


@functools.lru_cache(maxsize=1)
def _result_fields() -> tuple[list, list]:
    return list(Source._meta.concrete_fields), [
        f for f in Entry._meta.concrete_fields if f.name not in _NOT_LOADED
    ]


def _columns() -> str:
    source_fields, entry_fields = _result_fields()
    return ", ".join([*(f"s.{f.column}" for f in source_fields), *(f"e.{f.column}" for f in entry_fields)])


# One statement answers a query: candidates from the GIN index, tier after tier, under one LIMIT
# (each tier's tsquery reaches the planner as a parameter, so it plans a bitmap scan of the index
# and not a sequential scan cut short by the LIMIT); the candidates scored; the returned page
# given its source and cards; the count capped. The SQL text is the same for every
# query with the same filters (the words travel as arrays), so drivers and PostgreSQL cache it.
_SEARCH_SQL = r"""
WITH hits AS MATERIALIZED (
    SELECT h.pk AS id FROM unnest(%s::tsquery[], %s::bool[]) WITH ORDINALITY AS t(q, seq, ord)
    CROSS JOIN LATERAL (({tier} LIMIT {pool}) UNION ALL ({tier_seq} LIMIT {pool})) h
    LIMIT {pool}
), chosen AS (
    SELECT c.id FROM (SELECT DISTINCT id FROM hits) c JOIN rulings_entry e ON e.id = c.id
    CROSS JOIN LATERAL (
        SELECT sum(CASE WHEN e.search_vector @@ u.q THEN u.w ELSE 0 END) AS held
        FROM unnest(%s::tsquery[], %s::float8[]) AS u(q, w)
    ) m
    ORDER BY m.held DESC, c.id
    LIMIT {candidates}
), scored AS (
    SELECT e.id, e.source_id, e.position,
        (power(m.held / %s, 2) + (0.8 * m.in_a + 0.4 * m.in_b + 0.6 * m.ranks) / %s
         + 0.5 * coalesce(n.near, 0) / %s
         + CASE WHEN m.in_a > 0 THEN 0.8 * greatest(0, word_similarity(%s, e.search_names) - {name_min})
           ELSE 0 END
         + {title_boost} * greatest(0, word_similarity(lower(rulings_unaccent(e.title)), %s) - {title_min})
        ) * CASE e.kind {kind_factors} ELSE 1 END
          * CASE WHEN %s = '' OR s.game = %s THEN 1 ELSE {other_game} END AS score
    FROM chosen c JOIN rulings_entry e ON e.id = c.id JOIN rulings_source s ON s.id = e.source_id
    CROSS JOIN LATERAL (
        SELECT sum(CASE WHEN e.search_vector @@ u.q THEN u.w ELSE 0 END) AS held,
               sum(CASE WHEN e.search_vector @@ u.qa THEN u.w ELSE 0 END) AS in_a,
               sum(CASE WHEN e.search_vector @@ u.qb THEN u.w ELSE 0 END) AS in_b,
               sum(u.w * ts_rank('{weights}', e.search_vector, u.q, 1)) AS ranks
        FROM unnest(%s::tsquery[], %s::tsquery[], %s::tsquery[], %s::float8[]) AS u(q, qa, qb, w)
    ) m
    CROSS JOIN LATERAL (
        SELECT sum(CASE WHEN e.search_vector @@ p.q THEN p.w ELSE 0 END) AS near
        FROM unnest(%s::tsquery[], %s::float8[]) AS p(q, w)
    ) n
    ORDER BY score DESC, e.source_id, e.position
    LIMIT %s
)
SELECT sc.score,
    (SELECT coalesce(json_agg(json_build_array(k.slug, k.name) ORDER BY k.name), '[]')
     FROM rulings_entry_cards ek JOIN cards_card k ON k.id = ek.card_id WHERE ek.entry_id = e.id),
    (SELECT count(*) FROM hits), (SELECT count(DISTINCT id) FROM hits), {capped},
    {columns}
FROM scored sc JOIN rulings_entry e ON e.id = sc.id JOIN rulings_source s ON s.id = e.source_id
ORDER BY sc.score DESC, e.source_id, e.position
"""


def _estimable(filters: Filters) -> bool:
    """Whether the lexicon's facet counts cover the filters (else matches are counted, capped)."""
    return not (filters.card or filters.term or filters.status or filters.as_of)


def estimate(analysis: Analysis, filters: Filters) -> int:
    """Matches of the loosest tier, from the lexicon (words taken as independent; with websearch
    operators, bounded by the rarest word), times the filters' share of the corpus."""
    tiers = _tiers(analysis)
    if not tiers:
        return 0
    return round(tiers[-1][1] * (_filter_share(analysis, filters) or 0.0) * analysis.total)


def _search_sql(analysis: Analysis, filters: Filters, limit: int, counted: bool) -> tuple[str, list]:
    tiers = _tiers(analysis)
    filter_share = _filter_share(analysis, filters)
    sequential = [filter_share is not None and share * filter_share > SEQUENTIAL_SHARE for _, share in tiers]
    words = analysis.words
    total_weight = sum(word.weight for word in words) or 1.0
    pairs = list(zip(words, words[1:], strict=False))
    tier_sql, tier_params = _filtered(filters, "NOT t.seq AND rulings_entry.search_vector @@ t.q", ())
    # coalesce() keeps the index out: the planner could not know the tier is a common one
    seq_sql, seq_params = _filtered(filters, "t.seq AND coalesce(rulings_entry.search_vector, '') @@ t.q", ())
    capped, loose_params = "NULL", []
    if counted:  # the loosest tier, hidden from the planner in a subquery for the same reason
        loose_sql, loose_params = _filtered(
            filters, "rulings_entry.search_vector @@ (SELECT %s::tsquery)", (tiers[-1][0],)
        )
        capped = f"(SELECT count(*) FROM ({loose_sql} LIMIT {int(COUNT_CAP)}) x)"  # noqa: S608
    sql = _SEARCH_SQL.format(
        tier=tier_sql,
        tier_seq=seq_sql,
        columns=_columns(),
        capped=capped,
        candidates=int(CANDIDATES),
        pool=int(POOL),
        name_min=float(NAME_MIN),
        title_boost=float(TITLE_BOOST),
        title_min=float(TITLE_MIN),
        other_game=float(OTHER_GAME),
        kind_factors=" ".join(f"WHEN '{kind}' THEN {float(f)}" for kind, f in KIND_FACTORS.items()),
        weights=WEIGHTS,
    )
    params = [
        [tier for tier, _ in tiers],
        sequential,
        *tier_params,
        *seq_params,
        [_literal(word) for word in words],
        [word.weight for word in words],
        total_weight,
        total_weight,
        sum(a.weight + b.weight for a, b in pairs) or 1.0,
        " ".join(word.typed for word in words),
        analysis.folded,
        analysis.game,
        analysis.game,
        [_literal(word) for word in words],
        [_literal(word, "A") for word in words],
        [_literal(word, "B") for word in words],
        [word.weight for word in words],
        [_near(a, b) for a, b in pairs],
        [a.weight + b.weight for a, b in pairs],
        limit,
        *loose_params,
    ]
    return sql, params


@dataclass
class Found:
    """A query's answer: the count, the entries best first, and the analysis that found them (None
    for a query with no word: the filtered entries in document order)."""

    count: int
    entries: list[Entry]
    analysis: Analysis | None = None


def search(raw_query: str, filters: Filters | None = None, limit: int = 20) -> tuple[int, list[Entry]]:
    """(count, entries) best first; each entry carries .score, .highlight and .card_refs.

    Two statements: the query's words against the lexicon, then the search itself. The count is
    exact when the candidates are all the matches; beyond, it is estimated from the lexicon (or,
    for filters the lexicon does not count, counted up to COUNT_CAP), never more than COUNT_CAP."""
    found = find(raw_query, filters, limit)
    return found.count, found.entries


def find(raw_query: str, filters: Filters | None = None, limit: int = 20) -> Found:
    """``search`` with the analysis it used, for a caller that asks more of the same query (the
    search page's facets) without reading its words again."""
    filters = filters or Filters()
    query_text = clean_query(raw_query)
    if not re.search(r"\w", query_text):
        base = apply_filters(Entry.objects.all(), filters)
        entries = list(
            base.select_related("source").prefetch_related("cards").order_by("source", "position")[:limit]
        )
        for entry in entries:
            entry.score, entry.highlight = 0.0, ""
        return Found((base.count() if entries else 0), entries)
    analysis = analyse(query_text)
    count, entries = _search(analysis, filters, limit)
    if not entries and analysis.strict and not EXCLUSION.search(query_text):
        # a quoted phrase or OR that matches nothing: read it as a plain question (an exclusion
        # is a clear wish, kept: nothing then is the answer)
        analysis = analyse(query_text, operators=False)
        count, entries = _search(analysis, filters, limit)
    return Found(count, entries, analysis)


def _search(analysis: Analysis, filters: Filters, limit: int) -> tuple[int, list[Entry]]:
    if not analysis.words:
        return 0, []
    if analysis.strict and not analysis.websearch:
        return 0, []
    # matches are counted (up to COUNT_CAP) when the lexicon cannot estimate them, or when they are
    # few enough to count at once: an estimate is for large numbers
    counted = not _estimable(filters) or estimate(analysis, filters) <= COUNT_EXACTLY
    sql, params = _search_sql(analysis, filters, limit, counted)
    _, rows = _run(sql, params)
    if not rows:
        return 0, []
    hits, candidates, capped = rows[0][2:5]
    if hits < POOL:  # every tier ran dry: the candidates are all the matches
        count = candidates
    elif capped is not None:
        count = max(candidates, capped)
    else:
        count = max(candidates, min(COUNT_CAP, estimate(analysis, filters)))
    source_fields, entry_fields = _result_fields()
    entry_at = 5 + len(source_fields)
    source_names = [f.attname for f in source_fields]
    entry_names = [f.attname for f in entry_fields]
    entries = []
    sources: dict[int, Source] = {}
    mark = Marker(analysis)
    for row in rows:
        score, cards = row[:2]
        source_values = row[5:entry_at]
        source = sources.get(source_values[0])
        if source is None:
            source = Source.from_db(connection.alias, source_names, source_values)
            sources[source.pk] = source
        entry = Entry.from_db(connection.alias, entry_names, row[entry_at:])
        entry.source = source
        entry.score, entry.highlight = score, mark(entry.question, entry.text)
        entry.card_refs = [{"slug": slug, "name": name} for slug, name in cards]
        entries.append(entry)
    return count, entries


# The facets count the first COUNT_CAP matches of the loosest tier under the filters other than
# game, kind and source, in one statement grouped by all three. The tier is a parameter read through
# a lateral join (as in _SEARCH_SQL), so the prepared statement's generic plan still uses the GIN
# index, or reads sequentially until it has its rows when the tier matches a large share. The
# matches are MATERIALIZED: found once, never re-run inside a join (which a planner misled by
# stale statistics did, for minutes, with a card and a term filter).
_FACETS_SQL = """
WITH hits AS MATERIALIZED (
    SELECT h.pk AS id FROM unnest(%s::tsquery[], %s::bool[]) AS t(q, seq)
    CROSS JOIN LATERAL (({tier} LIMIT {cap}) UNION ALL ({tier_seq} LIMIT {cap})) h
)
SELECT s.game, e.kind, s.slug, count(*)
FROM hits JOIN rulings_entry e ON e.id = hits.id JOIN rulings_source s ON s.id = e.source_id
GROUP BY 1, 2, 3
"""


def facet_counts(analysis: Analysis | None, filters: Filters) -> dict[str, dict[str, int]]:
    """Matches per game, kind and source (the first COUNT_CAP matches of the loosest tier, under the
    filters other than these three), for the search page's facets: one statement."""
    if analysis is None or not analysis.words or (analysis.strict and not analysis.websearch):
        return {}
    tiers = _tiers(analysis)
    if not tiers:
        return {}
    loosest, share = tiers[-1]
    others = dataclasses.replace(filters, game="", kind="", source="")
    others_share = _filter_share(analysis, others)
    sequential = others_share is not None and share * others_share > SEQUENTIAL_SHARE
    tier_sql, tier_params = _filtered(others, "NOT t.seq AND rulings_entry.search_vector @@ t.q", ())
    seq_sql, seq_params = _filtered(others, "t.seq AND coalesce(rulings_entry.search_vector, '') @@ t.q", ())
    sql = _FACETS_SQL.format(tier=tier_sql, tier_seq=seq_sql, cap=int(COUNT_CAP))
    _, rows = _run(sql, [[loosest], [sequential], *tier_params, *seq_params])
    counts: dict[str, dict[str, int]] = {"game": {}, "kind": {}, "source": {}}
    for game, kind, source, n in rows:
        for facet, value in (("game", game), ("kind", kind), ("source", source)):
            counts[facet][value] = counts[facet].get(value, 0) + n
    return counts
