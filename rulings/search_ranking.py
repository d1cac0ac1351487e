"""Candidates and their ranking, as one statement: candidates from the GIN index, tier after tier
(all the informative words, all but one, any two, any one; or the query's own boolean meaning),
those holding most of the query's weight scored in full, the returned page given its source and
cards, the count capped; and the estimate of the matches from the lexicon."""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from rulings.indexing import CHAMPION_MIN, CHAMPION_SIZE, RANK_WEIGHTS
from rulings.lemmas import NEGATOR_PATTERN, says_no
from rulings.models import Entry, Source
from rulings.search_lexicon import LEXICON_VERSION, SOURCES_VERSION
from rulings.search_query import Analysis, Word, literal
from rulings.search_sql import Filters, filtered

WEIGHTS = RANK_WEIGHTS  # D, C, B, A: text, question, term/section/title
# Candidates: the first POOL matches of the strictest tiers, of which the CANDIDATES (or as many as
# the page asks for, if more) holding the most of the query's weight are scored in full (the
# returned page alone is highlighted, in Python).
# Chosen by what they hold, not by where the index lists them (an entry imported last is found).
POOL = 100
# A corpus this small (the five documents are 374 entries) is its own pool: every match is a
# candidate. A tier matching more than POOL entries (a common word alone: "card" is in 198) filled
# the pool in the order its rows lay on disk, so an entry an admin had edited (its row rewritten at
# the table's end) fell out of the candidates, and the same question found other answers.
WHOLE_CORPUS_MAX = 500
CANDIDATES = 30
TITLE_BOOST = 0.8  # an entry whose title the question names ("can a dirty trick be blocked")
TITLE_MIN = 0.5  # ... with at least this trigram word similarity of the title to the question
COUNT_CAP = 1000  # the count says at most this many ("1000" then means "1000 or more")
COUNT_EXACTLY = 300  # matches expected up to this many are counted, more are estimated
NAME_MIN = 0.5  # trigram word similarity of the query to an entry's names that counts
# A tier expected to match more than this share of the (filtered) corpus is read sequentially until
# it has its candidates (a few hundred rows) rather than through the GIN index, whose bitmap of
# every match costs more for a very common word.
SEQUENTIAL_SHARE = 0.15
# Pairs of words are tried among this many of the question's heaviest words (28 pairs at most): a
# lighter word still brings its entries in the last step, alone.
PAIRED = 8
# "All but one" is tried for questions of up to this many informative words: each is a conjunction
# of many words, whose scan costs the posting lists of them all (0.3 ms for seven words at 100,000
# entries); beyond, an entry holding all but one holds one of the three heaviest pairs, tried next.
ALL_BUT_ONE_MAX = 5

# A conjunction of very common words (each in CHAMPION_MIN entries or more, so each has a champion
# list: rulings.indexing) is read from the champion list of its rarest word (the entries where that
# word weighs most, best first) when the list is expected to hold this many pools of its matches
# (the other words taken as independent, under the filters): its candidates are then the entries
# where the question's rarest word weighs most, whatever their import order, and the GIN index's
# bitmap of every entry holding the words (14,000 for "turn & play" at 100,000 entries) is not built.
CHAMPION_MARGIN = 2

# An example illustrates its rule: when both answer, the rule comes first.
KIND_FACTORS = {"example": 0.8}


class Tier(NamedTuple):
    query: str  # a tsquery
    share: float  # of the corpus it is expected to match
    lead: str = ""  # its rarest word, when every word of it has a champion list
    lead_share: float = 1.0  # ... and the share of the corpus that word is in


def tiers_of(analysis: Analysis) -> list[Tier]:
    """tsqueries from the strictest to the loosest, each with the share of the corpus it is expected
    to match (from the lexicon, words taken as independent), and its rarest word when each of its
    words has a champion list (a very common word without alternatives): all the informative words; each set of
    all but one; each pair (of the PAIRED heaviest words); each word alone. Within a step the
    heaviest come first (the set without the lightest word, the pair of the two rarest...), so when
    a step holds more matches than the pool, the pool takes those holding most of the question's
    weight, not those the index lists first. Each tsquery is a conjunction: the GIN index answers
    one from the posting list of its rarest word, where a disjunction of many conjunctions costs
    it every posting list of every word (30 ms for a long question at 100,000 entries). With
    websearch operators: the query's own boolean meaning, alone."""
    total = max(analysis.total, 1)
    if analysis.strict:
        shares = [min(word.ndoc / total, 1.0) for word in analysis.words]
        return [Tier(analysis.websearch, min(shares, default=1.0))] if analysis.websearch else []
    words = sorted(analysis.informative, key=lambda word: -word.weight)
    share = {id(word): min(word.ndoc / total, 1.0) for word in words}
    literals = {id(word): literal(word) for word in words}  # each word is in many tiers

    def tier(chosen: list[Word]) -> Tier:
        query = " & ".join(literals[id(word)] for word in chosen)
        product = math.prod(share[id(word)] for word in chosen)
        if chosen and all(word.ndoc >= CHAMPION_MIN and not word.alternatives for word in chosen):
            lead = min(chosen, key=lambda word: word.ndoc)
            return Tier(query, product, lead.lexeme, share[id(lead)])
        return Tier(query, product)

    n = len(words)
    tiers = [tier(words)]
    if 3 <= n <= ALL_BUT_ONE_MAX:  # dropping the lightest word first
        tiers += [tier(words[:i] + words[i + 1 :]) for i in reversed(range(n))]
    if n >= 4:
        heaviest = words[:PAIRED]
        pairs = sorted(
            ((a, b) for i, a in enumerate(heaviest) for b in heaviest[i + 1 :]),
            key=lambda pair: -(pair[0].weight + pair[1].weight),
        )
        tiers += [tier(list(pair)) for pair in pairs]
    if n >= 2:
        tiers += [tier([word]) for word in words]
    return tiers


def loosest(analysis: Analysis) -> tuple[str, float]:
    """The loosest reading of the query (any informative word, or the query's boolean meaning) and
    the share of the corpus it is expected to match: what the count and the facets count."""
    if analysis.strict:
        tiers = tiers_of(analysis)
        return (tiers[0].query, tiers[0].share) if tiers else ("", 0.0)
    total = max(analysis.total, 1)
    words = analysis.informative
    return (
        " | ".join(literal(word) for word in words),
        1 - math.prod(1 - min(word.ndoc / total, 1.0) for word in words),
    )


def _near(literal_a: str, literal_b: str) -> str:
    """Neighbours in the question (as tsqueries) close together in the entry (either order, within
    3 words)."""
    return " | ".join(
        f"({x} <{n}> {y})" for n in (1, 2, 3) for x, y in ((literal_a, literal_b), (literal_b, literal_a))
    )


def share_of_filters(analysis: Analysis, filters: Filters) -> float | None:
    """The share of the corpus the filters leave, from the lexicon's facet counts (None: unknown)."""
    if not estimable(filters):
        return None
    share = 1.0
    for facet, values in (("game", filters.game), ("kind", filters.kind), ("source", filters.source)):
        if values:
            chosen = sum(analysis.facets.get(f"{facet}:{value}", 0) for value in values.split(","))
            share *= min(chosen / max(analysis.total, 1), 1.0)
    return share


# Model.from_db takes the fields in the model's order; the stored search data stays behind.
_NOT_LOADED = {"search_vector", "search_names", "link_text"}


@functools.lru_cache(maxsize=1)
def result_fields() -> tuple[list, list]:
    return list(Source._meta.concrete_fields), [
        f for f in Entry._meta.concrete_fields if f.name not in _NOT_LOADED
    ]


def _columns() -> str:
    source_fields, entry_fields = result_fields()
    return ", ".join([*(f"s.{f.column}" for f in source_fields), *(f"e.{f.column}" for f in entry_fields)])


# One statement answers a query: candidates from the GIN index, tier after tier, under one LIMIT
# (each tier's tsquery reaches the planner as a parameter, so it plans a bitmap scan of the index
# and not a sequential scan cut short by the LIMIT); the candidates scored; the returned page
# given its source and cards; the count capped. A title is folded by what rulings_unaccent() wraps:
# the wrapper, immutable over a stable function, is not inlined but run as a statement per row. The
# candidates' weight held is summed once, when they are chosen. The SQL text is the same for every
# query with the same filters (the words travel as arrays), so drivers and PostgreSQL cache it.
_SEARCH_SQL = r"""
WITH hits AS MATERIALIZED (
    SELECT h.pk AS id, h.search_vector, h.impact
    FROM unnest(%s::tsquery[], %s::bool[], %s::text[], %s::int[]) WITH ORDINALITY AS t(q, seq, lead, reads, ord)
    CROSS JOIN LATERAL (
        (
            -- the champion list of the tier's rarest word, best first: those holding the tier's
            -- words (tested on the list's row), each looked up for the filters and its vector
            SELECT x.*, c.impact FROM (
                SELECT entry_id, impact FROM rulings_champion WHERE word = t.lead AND lexemes @@ t.q
                ORDER BY impact DESC, entry_id LIMIT t.reads
            ) c CROSS JOIN LATERAL ({tier_lead}) x
            WHERE t.lead <> '' ORDER BY c.impact DESC, c.entry_id LIMIT {pool}
        )
        -- the tier from the index or read sequentially: when it has no list, or when its list ran
        -- dry under the filters (never read when the list filled the pool)
        UNION ALL (SELECT x.*, NULL::real FROM ({tier}) x LIMIT {pool})
        UNION ALL (SELECT x.*, NULL::real FROM ({tier_seq}) x LIMIT {pool})
    ) h
    LIMIT {pool}
), pool AS MATERIALIZED (
    -- each vector as the tiers read it, detoasted once (not once per word and test below)
    SELECT DISTINCT ON (id) id, impact, search_vector || ''::tsvector AS v FROM hits
    ORDER BY id, impact DESC NULLS LAST
), chosen AS (
    SELECT p.id, p.v, m.held FROM pool p
    CROSS JOIN LATERAL (
        SELECT sum(CASE WHEN p.v @@ u.q THEN u.w ELSE 0 END) AS held
        FROM unnest(%s::tsquery[], %s::float8[]) AS u(q, w)
    ) m
    -- of equal weight held, those where a champion list's word weighs most (then import order)
    ORDER BY m.held DESC, p.impact DESC NULLS LAST, p.id
    LIMIT %s
), scored AS (
    SELECT e.id, e.source_id, e.position,
        (power(c.held / %s, 2)
         + (CASE WHEN t.named THEN 0.8 * m.in_a ELSE 0 END + 0.4 * m.in_b + 0.6 * m.ranks) / %s
         + 0.5 * coalesce(n.near, 0) / %s
         + CASE WHEN m.in_a > 0 AND t.named THEN 0.8 * greatest(0, word_similarity(%s, e.search_names) - {name_min})
           ELSE 0 END
         + CASE WHEN t.named THEN {title_boost} * greatest(0, word_similarity(t.title, %s) - {title_min}) ELSE 0 END
        ) * CASE e.kind {kind_factors} ELSE 1 END AS score
    FROM chosen c JOIN rulings_entry e ON e.id = c.id
    -- a title saying "no" ("Don't Follow The Rules", a card) is not named by a question that never
    -- says it ("does it follow the unexpected rules"): neither its heading's words (weight A) nor its
    -- title's or card name's likeness to the question count
    CROSS JOIN LATERAL (
        SELECT f.title, %s::bool OR translate(f.title, '''’', '') !~ '{negator}' AS named
        FROM (SELECT lower(public.unaccent('public.unaccent'::regdictionary, e.title)) AS title) f
    ) t
    CROSS JOIN LATERAL (
        SELECT sum(CASE WHEN c.v @@ u.qa THEN u.w ELSE 0 END) AS in_a,
               sum(CASE WHEN c.v @@ u.qb THEN u.w ELSE 0 END) AS in_b,
               sum(u.w * ts_rank('{weights}', c.v, u.q, 1)) AS ranks
        FROM unnest(%s::tsquery[], %s::tsquery[], %s::tsquery[], %s::float8[]) AS u(q, qa, qb, w)
    ) m
    CROSS JOIN LATERAL (
        SELECT sum(CASE WHEN c.v @@ p.q THEN p.w ELSE 0 END) AS near
        FROM unnest(%s::tsquery[], %s::float8[]) AS p(q, w)
    ) n
    ORDER BY score DESC, e.source_id, e.position
    LIMIT %s
)
SELECT sc.score,
    (SELECT coalesce(json_agg(json_build_array(k.slug, k.name) ORDER BY k.name), '[]')
     FROM rulings_entry_cards ek JOIN cards_card k ON k.id = ek.card_id WHERE ek.entry_id = e.id),
    -- the words of the questions judges asked that the entry answers (rulings.asked), those that
    -- may be alike enough: the question holds at least ASKED_MIN squared of their weight (the
    -- likeness is the root of that share times the share of the question's weight they hold)
    (SELECT coalesce(json_agg(a.words), '[]') FROM rulings_askedquestion a
     WHERE a.source_id = e.source_id AND a.key = e.key
       AND (SELECT sum((w->>1)::float8) FILTER (WHERE (w->0) ?| %s::text[])
                   - {asked_share} * sum((w->>1)::float8)
            FROM jsonb_array_elements(a.words) w) >= 0),
    (SELECT count(*) FROM hits), (SELECT count(DISTINCT id) FROM hits), {capped}, {lexicon}, {sources},
    {columns}
FROM scored sc JOIN rulings_entry e ON e.id = sc.id JOIN rulings_source s ON s.id = e.source_id
ORDER BY sc.score DESC, e.source_id, e.position
"""


# An asked question at least this alike to the question lifts its entry (rulings.search_rerank);
# the statement returns only those that may be.
ASKED_MIN = 0.5


def estimable(filters: Filters) -> bool:
    """Whether the lexicon's facet counts cover the filters (else matches are counted, capped)."""
    return not (filters.card or filters.term or filters.status or filters.as_of)


def estimate(analysis: Analysis, filters: Filters) -> int:
    """Matches of the loosest tier, from the lexicon (words taken as independent; with websearch
    operators, bounded by the rarest word), times the filters' share of the corpus."""
    query, share = loosest(analysis)
    if not query:
        return 0
    return round(share * (share_of_filters(analysis, filters) or 0.0) * analysis.total)


_HIT = ("pk", "search_vector")  # a match brings its vector: the pool reads no row twice
_LOOSEST = "the loosest tier's tsquery"  # its place among the count's parameters


def pool_of(analysis: Analysis) -> int:
    """How many matches the search statement reads as candidates for this corpus' size."""
    return WHOLE_CORPUS_MAX if analysis.total <= WHOLE_CORPUS_MAX else POOL


@functools.lru_cache(maxsize=512)
def _statement(tier_sql: str, seq_sql: str, lead_sql: str, capped: str, pool: int) -> str:
    """The search statement's text for the filters' SQL (formatted once: it is 4 KB)."""
    return _SEARCH_SQL.format(
        tier=tier_sql,
        tier_seq=seq_sql,
        tier_lead=lead_sql,
        columns=_columns(),
        capped=capped,
        lexicon=LEXICON_VERSION,
        sources=SOURCES_VERSION,
        pool=int(pool),
        name_min=float(NAME_MIN),
        title_boost=float(TITLE_BOOST),
        title_min=float(TITLE_MIN),
        negator=NEGATOR_PATTERN,
        kind_factors=" ".join(f"WHEN '{kind}' THEN {float(f)}" for kind, f in KIND_FACTORS.items()),
        weights=WEIGHTS,
        asked_share=float(ASKED_MIN**2),
    )


def by_champions(tiers: list[Tier], filter_share: float | None) -> list[tuple[str, int]]:
    """For each tier, the word whose champion list selects it ('': the GIN index or a sequential
    read), and how many of the list's entries holding the tier's words are looked up (for the
    filters, the pool's share of them): its rarest word, when every word has a list and the list
    is expected to hold CHAMPION_MARGIN pools of the tier's matches under the filters."""
    chosen = []
    for tier in tiers:
        holding = tier.share / max(tier.lead_share, 1e-9)  # the share of the list holding the words
        passing = filter_share or 0.0
        if tier.lead and holding * passing * CHAMPION_SIZE >= CHAMPION_MARGIN * POOL:
            chosen.append((tier.lead, min(CHAMPION_SIZE, math.ceil(CHAMPION_MARGIN * POOL / passing))))
        else:
            chosen.append(("", 0))
    return chosen


def search_sql(analysis: Analysis, filters: Filters, limit: int, counted: bool) -> tuple[str, list]:
    tiers = tiers_of(analysis)
    filter_share = share_of_filters(analysis, filters)
    leads = by_champions(tiers, filter_share)
    sequential = [filter_share is not None and tier.share * filter_share > SEQUENTIAL_SHARE for tier in tiers]
    words = analysis.words
    literals = [literal(word) for word in words]
    total_weight = sum(word.weight for word in words) or 1.0
    pairs = list(zip(words, words[1:], strict=False))
    tier_sql, tier_params = filtered(filters, "NOT t.seq AND rulings_entry.search_vector @@ t.q", (), _HIT)
    # coalesce() keeps the index out: the planner could not know the tier is a common one
    seq_sql, seq_params = filtered(
        filters, "t.seq AND coalesce(rulings_entry.search_vector, '') @@ t.q", (), _HIT
    )
    # each entry of the list looked up by its id and tested (coalesce() keeps the GIN index out:
    # its bitmap of the whole conjunction is what the list is there to avoid)
    lead_sql, lead_params = filtered(
        filters,
        "rulings_entry.id = c.entry_id AND coalesce(rulings_entry.search_vector, '') @@ t.q",
        (),
        _HIT,
    )
    capped, loose_params = "NULL", []
    if counted:  # the loosest tier, hidden from the planner in a subquery for the same reason
        # compiled once per filters (with a stand-in for the tsquery), not once per question
        loose_sql, loose_params = filtered(
            filters, "rulings_entry.search_vector @@ (SELECT %s::tsquery)", (_LOOSEST,)
        )
        loose_params = [loosest(analysis)[0] if param is _LOOSEST else param for param in loose_params]
        capped = f"(SELECT count(*) FROM ({loose_sql} LIMIT {int(COUNT_CAP)}) x)"  # noqa: S608
    sql = _statement(tier_sql, seq_sql, lead_sql, capped, pool_of(analysis))
    params = [
        [tier.query for tier in tiers],
        sequential,
        [lead for lead, _ in leads],
        [reads for _, reads in leads],
        *tier_params,
        *seq_params,
        *lead_params,
        literals,
        [word.weight for word in words],
        max(CANDIDATES, limit),  # never fewer than the page asks for
        total_weight,
        total_weight,
        sum(a.weight + b.weight for a, b in pairs) or 1.0,
        " ".join(word.typed for word in words),
        analysis.folded,
        says_no(analysis.text),
        literals,
        [literal(word, "A") for word in words],
        [literal(word, "B") for word in words],
        [word.weight for word in words],
        [_near(a, b) for a, b in zip(literals, literals[1:], strict=False)],
        [a.weight + b.weight for a, b in pairs],
        limit,
        sorted({form for word in words for form in (word.lexeme, *word.alternatives)}),
        *loose_params,
    ]
    return sql, params
