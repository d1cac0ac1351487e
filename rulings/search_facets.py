"""The search page's facets: the matches per game, kind and source, in one statement, from the
analysis the search already made: counted when they are few, estimated from the lexicon when they
are many (as the result count is)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from rulings.search_lexicon import LEXICON_VERSION
from rulings.search_memory import recalled_word_facets, remember_word_facets
from rulings.search_query import Analysis
from rulings.search_ranking import COUNT_CAP, COUNT_EXACTLY, estimable, estimate, loosest, share_of_filters
from rulings.search_sql import Filters, filtered, run


@dataclass(frozen=True)
class Facets:
    """Matches per value of each facet ({"game": {"meccg": 12, ...}, "kind": ..., "source": ...});
    estimated from the words' counts, or counted (among the first COUNT_CAP matches)."""

    counts: dict[str, dict[str, int]]
    estimated: bool = False


# The facets count the first COUNT_CAP matches of the loosest tier under the filters other than
# game, kind and source, in one statement grouped by all three. The tier is a parameter read through
# a lateral join (as in _SEARCH_SQL), so the prepared statement's generic plan still uses the GIN
# index, or reads sequentially until it has its rows when the tier matches a large share. The
# matches are MATERIALIZED: found once, never re-run inside a join (which a planner misled by
# stale statistics did, for minutes, with a card and a term filter). Each match brings its kind and
# source from the row the tier read, so no entry is looked up twice.
_FACETS_SQL = """
WITH hits AS MATERIALIZED (
    SELECT h.kind, h.source_id FROM unnest(%s::tsquery[], %s::bool[]) AS t(q, seq)
    CROSS JOIN LATERAL (({tier} LIMIT {cap}) UNION ALL ({tier_seq} LIMIT {cap})) h
)
SELECT s.game, hits.kind, s.slug, count(*)
FROM hits JOIN rulings_source s ON s.id = hits.source_id
GROUP BY 1, 2, 3
"""
_FIELDS = ("kind", "source_id")
# The loosest tier is read sequentially (until it has COUNT_CAP matches) only when it is expected to
# match more than this share of the entries: the facets need ten times the search's pool, so the
# sequential read gives way to the GIN index much later than for the search (at 100,000 entries,
# a tier of 30% costs 12.8 ms read sequentially, 3.7 ms through the index; 'card', 53%: 7.8, 5.6).
FACETS_SEQUENTIAL_SHARE = 0.6


def facet_counts(analysis: Analysis | None, filters: Filters) -> Facets:
    """Matches per game, kind and source of the loosest tier, under the filters other than these
    three, for the search page's facets: one statement. Each facet counts under the choices made
    in the other two, so a value's count is what choosing it finds (a kind's count under the game
    chosen, not of every game); its own choice is left out, so the facet still offers its other
    values. Matches expected to be many (the words' counts are for the default filters) are
    estimated from each word's entries per source and kind (a single word's counts exact); others
    are counted, the first COUNT_CAP of them."""
    if analysis is None or not analysis.words or (analysis.strict and not analysis.websearch):
        return Facets({})
    query, share = loosest(analysis)
    if not query:
        return Facets({})
    others = dataclasses.replace(filters, game="", kind="", source="")
    if not analysis.strict and estimable(others) and estimate(analysis, others) > COUNT_EXACTLY:
        rows = _estimated(analysis)
        if rows:  # none before the lexicon's first refresh
            return Facets(_chosen_counts(rows, filters), estimated=True)
    others_share = share_of_filters(analysis, others)
    sequential = others_share is not None and share * others_share > FACETS_SEQUENTIAL_SHARE
    tier_sql, tier_params = filtered(others, "NOT t.seq AND rulings_entry.search_vector @@ t.q", (), _FIELDS)
    seq_sql, seq_params = filtered(
        others, "t.seq AND coalesce(rulings_entry.search_vector, '') @@ t.q", (), _FIELDS
    )
    sql = _FACETS_SQL.format(tier=tier_sql, tier_seq=seq_sql, cap=int(COUNT_CAP))
    rows = run(sql, [[query], [sequential], *tier_params, *seq_params])
    return Facets(_chosen_counts(rows, filters))


def _chosen_counts(rows, filters: Filters) -> dict[str, dict[str, int]]:
    """The facets' counts from the matches per (game, kind, source), each under the other two's
    choices."""
    chosen = {
        "game": {filters.game} if filters.game else None,
        "kind": set(filters.kind.split(",")) if filters.kind else None,
        "source": {filters.source} if filters.source else None,
    }
    counts: dict[str, dict[str, int]] = {"game": {}, "kind": {}, "source": {}}
    for game, kind, source, n in rows:
        values = {"game": game, "kind": kind, "source": source}
        for facet, value in values.items():
            if all(
                allowed is None or values[other] in allowed
                for other, allowed in chosen.items()
                if other != facet
            ):
                counts[facet][value] = counts[facet].get(value, 0) + n
    return counts


# Each word's (and its alternatives') current entries per source and kind, and under the empty word
# all the current entries of each: served by the table's primary key, a few rows a word; with the
# lexicon's version (the same recounts rewrite both), under which this process remembers them.
_WORD_FACETS_SQL = f"""
SELECT f.word, s.game, f.kind, s.slug, f.ndoc, {LEXICON_VERSION}
FROM rulings_lexicon_facet f JOIN rulings_source s ON s.id = f.source_id
WHERE f.word = ANY(%s::text[])
"""  # noqa: S608 - LEXICON_VERSION is a constant


def expected_matches(analysis: Analysis, filters: Filters) -> int:
    """The loosest tier's matches under filters the lexicon counts (estimable), as the result
    count says them: from the lexicon's totals; or, when the filters choose a game, kind or source
    and the matches are many, as the facets estimate that choice (so choosing a facet value finds
    about the number it showed: from the totals, a word held by one source alone was spread over
    all of them)."""
    expected = estimate(analysis, filters)
    if expected <= COUNT_EXACTLY or analysis.strict or not (filters.game or filters.kind or filters.source):
        return expected
    rows = _estimated(analysis)
    if not rows:  # before the lexicon's first refresh
        return expected
    counts = _chosen_counts(rows, filters)
    chosen = "source" if filters.source else "game" if filters.game else "kind"
    values = set(getattr(filters, chosen).split(","))
    return sum(n for value, n in counts[chosen].items() if value in values)


def _estimated(analysis: Analysis) -> list[tuple[str, str, str, int]]:
    """The loosest tier's matches per (game, kind, source), estimated: in each, the entries holding
    any of its words, the words taken as independent within it (a single word's count is exact).
    Read once per question: the count under a chosen facet value and the page's facets both ask."""
    if analysis.by_source_and_kind is None:
        analysis.by_source_and_kind = _estimate_by_source_and_kind(analysis)
    return analysis.by_source_and_kind


def _estimate_by_source_and_kind(analysis: Analysis) -> list[tuple[str, str, str, int]]:
    lexemes = [
        "",
        *sorted({lexeme for word in analysis.informative for lexeme in (word.lexeme, *word.alternatives)}),
    ]
    # A question met before, from the same lexicon as its words: no statement (0.9 ms at 100,000
    # entries, for a search with a facet chosen or a search page of many matches)
    rows = recalled_word_facets(lexemes, analysis.lexicon)
    if rows is None:
        read = run(_WORD_FACETS_SQL, [lexemes])
        rows = [row[:5] for row in read]
        remember_word_facets(lexemes, rows, read[0][5] if read else None)
    entries: dict[tuple[str, str, str], int] = {}
    holding: dict[tuple[str, str, str], list[int]] = {}
    for word, game, kind, source, ndoc in rows:
        if word:
            holding.setdefault((game, kind, source), []).append(ndoc)
        else:
            entries[(game, kind, source)] = ndoc
    rows = []
    for where, total in entries.items():
        missed = math.prod(1 - min(n / total, 1.0) for n in holding.get(where, ()))
        matches = round(total * (1 - missed))
        if matches:
            rows.append((*where, matches))
    return rows
