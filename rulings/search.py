"""Search over the knowledge base (read-only: the index is kept by rulings/indexing.py): PostgreSQL
full text with weighted fields (term/section, question, text), accents folded, misspelled words
corrected against the corpus' own words, the judge vocabulary applied, ranked for a judge's
question, fast on a large corpus.

A query is two statements, each prepared and planned once per connection (their SQL text and
plan do not depend on the words, which travel as arrays); one when every word of it was read before
by this process (its lexicon rows are remembered, and the search statement reports the lexicon's
version: a search whose words came from another version reads them again):

1. Its words (after the judge vocabulary's rewrites: "run out" -> "exhaust") against the lexicon
   (``rulings_lexicon``: each word of the corpus with the number of entries using it, and the
   current entries per game, kind and source), with the vocabulary's alternatives ("deck" also
   finds "endurance"). A word the corpus does not have is read with two neighbouring letters
   swapped ("exahustion") or one letter dropped, added or changed ("swpt", "mysterius"), else as
   two corpus words run together ("combattrick"), else as its nearest corpus word by trigram
   similarity; a real English word the rulings lack ("kind") is not misspelled, and is left out
   (``rulings.spelling``). Each word weighs its rarity (inverse document frequency); words
   found in most entries, and question words ("get", "says"), do not select candidates.
2. One CTE: candidates from the GIN index, tier after tier under one LIMIT, each tier a
   conjunction, heaviest first (all the informative words; all but one, up to five words; the
   pairs of the heaviest words; each word alone; or, when the query is written with operators --
   a quoted phrase, a leading -, an uppercase OR -- its own boolean meaning); a tier of very
   common words is read from the champion list of its rarest word instead (its entries where it
   weighs most, best first: ``rulings_champion``), else a tier expected to match a large share of
   the corpus is read sequentially. Of the first ``POOL`` matches (every match in a corpus of at
   most ``WHOLE_CORPUS_MAX`` entries),
   the ``CANDIDATES`` (at least the page) holding most of the query's weight are scored
   (coverage of the query's weight, words in headings and questions, field-weighted ``ts_rank``
   per word, words adjacent as in the question, a title the question names,
   examples after their rule); the returned page brings its source and cards. The count is exact when the pool holds all the
   matches, else estimated from the lexicon (or counted up to ``COUNT_CAP``). A question naming
   a source or a game searches its entries first, the others only if it has no match.

The statement returns at least the re-ranker's ``DEPTH`` rows; those are ranked again in Python
(``rulings.search_rerank``) before the page is cut. The returned entries are highlighted in Python (``Marker``), from their text and the query's words:
a word of the text is marked when its folded form (case and accents: "Nazgûl" for "nazgul") is
the stem of a query word with a common English ending ("blows", "allies", "using" for "blow",
"alli", "use"), and a long entry shows the ``HEADLINE_CHARS`` around its best match. A word
read otherwise than typed is told to the judge (``Analysis.corrections``: "swpt" searched as
"swept"), a trigram correction spelled as the results spell it.

Where each part lives (each imports only those below it):

- ``rulings.search`` (here): ``search`` and ``find``, the fallback from operators to a plain
  question, the rows of the statement shaped into entries.
- ``rulings.search_facets``: the search page's matches per game, kind and source.
- ``rulings.search_rerank``: the first ``DEPTH`` rows of the statement ranked again in Python (a
  short entry about the question before a long one mentioning its words).
- ``rulings.search_ranking``: the tiers, the candidates and their scores, the estimated count.
- ``rulings.search_query``: the query cleaned, its operators, its words against the lexicon.
- ``rulings.search_memory``: what this process remembers of the lexicon's words.
- ``rulings.search_sql``: the filters compiled to SQL, and statements run prepared.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

from django.db import connection

from rulings.highlight import Marker
from rulings.models import Entry, Source
from rulings.search_facets import expected_matches, facet_counts
from rulings.search_memory import forget_lexicon
from rulings.search_query import (
    EXCLUSION,
    Analysis,
    Correction,
    SearchError,
    Word,
    analyse,
    clean_query,
)
from rulings.search_ranking import (
    COUNT_CAP,
    COUNT_EXACTLY,
    estimable,
    pool_of,
    result_fields,
    search_sql,
)
from rulings.search_rerank import DEPTH as RERANK_DEPTH
from rulings.search_rerank import rerank
from rulings.search_sql import Filters, apply_filters, filtered, run
from rulings.selectors import all_sources
from rulings.vocabulary import game_named

# What callers import from here: the search and the names its answers and errors are made of.
__all__ = [
    "ABOUT",
    "AT_LEAST",
    "EXACT",
    "Analysis",
    "Filters",
    "Found",
    "Marker",
    "SearchError",
    "Word",
    "analyse",
    "apply_filters",
    "clean_query",
    "facet_counts",
    "find",
    "search",
    "statement_rows",
]


# What a count says: what the page writes ("12 entries", "About 700", "1000 or more") and the API returns.
EXACT, ABOUT, AT_LEAST = "exact", "about", "at_least"


@dataclass
class Found:
    """A query's answer: the count, the entries best first, and the analysis that found them (None
    for a query with no word: the filtered entries in document order)."""

    count: int
    entries: list[Entry]
    analysis: Analysis | None = None
    count_is: str = EXACT  # EXACT, ABOUT (estimated from the lexicon) or AT_LEAST (COUNT_CAP or more)
    named_game: str = ""  # the game the question names, whose entries alone were searched
    named_source: str = ""  # the slug of the source the question names, whose entries alone were searched
    # the game or the source's slug the question names but none of whose entries matched: the
    # entries are from all of them, which the judge must be told ("what does meccg stand for")
    unmatched_game: str = ""
    unmatched_source: str = ""
    # the sources' version the search statement saw (search_lexicon.SOURCES_VERSION; None: no
    # statement): the search page's list of sources is this process' copy at that version
    sources_version: str | None = None

    @property
    def corrections(self) -> list[Correction]:
        """The words searched otherwise than typed, for the judge to be told (none without words)."""
        return self.analysis.corrections if self.analysis else []

    @property
    def left_out(self) -> list[str]:
        """The typed words no ruling uses, which were not searched."""
        return self.analysis.left_out if self.analysis else []


def _capped(count: int, counted: str) -> str:
    return AT_LEAST if count >= COUNT_CAP else counted


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
        return _listed(filters, limit)
    found = _answer(query_text, None, filters, limit)
    if not found.entries and found.analysis.strict and not EXCLUSION.search(query_text):
        # a quoted phrase or OR that matches nothing: read it as a plain question (an exclusion
        # is a clear wish, kept: nothing then is the answer)
        found = _answer(query_text, False, filters, limit)
    return found


def _listed(filters: Filters, limit: int, analysis: Analysis | None = None, named_game: str = "") -> Found:
    """The filtered entries in document order: the answer to a query with no word to find. Source
    by source, in the sources' order, each an index range in its order (most often one), its SQL
    compiled once per filters and run prepared, as the search's: ordered by the source's own
    columns, every entry of the sources was read and sorted (53 ms for the MLE's 27,000 at 100,000
    entries), and the ORM compiled three statements a call."""
    _, entry_fields = result_fields()
    columns = tuple(field.attname for field in entry_fields)  # in the model's order, as from_db reads them
    _, entry_names, _ = _loaded_names()  # the same names as a set, as from_db looks each up
    others = dataclasses.replace(filters, game="", source="")
    sources = [
        source
        for source in all_sources()
        if (not filters.game or source.game == filters.game)
        and (not filters.source or source.slug == filters.source)
    ]
    entries: list[Entry] = []
    for source in sources:
        sql, params = filtered(others, "rulings_entry.source_id = %s", (source.pk,), columns)
        for row in run(f"{sql} ORDER BY rulings_entry.position LIMIT %s", [*params, limit - len(entries)]):
            entry = Entry.from_db(connection.alias, entry_names, row)
            entry.source = source
            entries.append(entry)
        if len(entries) >= limit:
            break
    cards: dict[int, list[dict]] = {}  # as the search's rows bring them: by name
    for entry_id, slug, name in run(_CARDS_OF, [[entry.pk for entry in entries]]) if entries else ():
        cards.setdefault(entry_id, []).append({"slug": slug, "name": name})
    for entry in entries:
        entry.score, entry.highlight, entry.card_refs = 0.0, "", cards.get(entry.pk, [])
    # counted up to COUNT_CAP, as a search is (an exact count of the whole corpus costs a scan), on
    # a plan made for the values: a partial index (the current entries') serves only a plan that
    # knows the status asked for, and the generic one read INWO's entries after a scan of the
    # others' (12 ms at 100,000)
    count = len(entries)
    if count >= limit:
        sql, params = filtered(filters, "TRUE", ())
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*) FROM ({sql} LIMIT {COUNT_CAP}) listed", params)  # noqa: S608
            count = cursor.fetchone()[0]
    return Found(count, entries, analysis, _capped(count, EXACT), named_game=named_game)


_CARDS_OF = """
SELECT ek.entry_id, k.slug, k.name FROM rulings_entry_cards ek JOIN cards_card k ON k.id = ek.card_id
WHERE ek.entry_id = ANY(%s) ORDER BY k.name
"""


def _answer(query_text: str, operators: bool | None, filters: Filters, limit: int) -> Found:
    """The query read and searched. Its words may come from this process' memory of the lexicon
    (no statement): when the search statement finds the lexicon changed since (or finds nothing,
    which says nothing of the lexicon), the words are read from the database and searched again."""
    analysis = analyse(query_text, operators)
    found, lexicon = _in_named_scope(analysis, filters, limit)
    if analysis.remembered and lexicon != analysis.lexicon:
        forget_lexicon()
        found, _ = _in_named_scope(analyse(query_text, operators), filters, limit)
    return found


def _in_named_scope(analysis: Analysis, filters: Filters, limit: int) -> tuple[Found, str | None]:
    """The answer, from the entries of the source or game the question names ("what does the crf
    say about hazards", "who goes first in inwo"), as if its facet were chosen, unless one is
    chosen or the named one has no match: a preference in the ranking alone let the candidates
    fill up with another game's entries, which the index lists first ("inwo attack" found 94
    Highlander entries and no INWO one). A named one with no match is searched past, and said."""
    unmatched = {}
    if analysis.source and not filters.source:
        in_source = dataclasses.replace(filters, source=analysis.source)
        if analysis.words:
            found, lexicon = _search(analysis, in_source, limit)
        else:
            # the source named and nothing else to find ("what is the mle"): the source is the
            # answer, its entries in document order (its opening first), not the entries that
            # mention its name (the errata of MLE cards)
            found, lexicon = _listed(in_source, limit, analysis), analysis.lexicon
        if found.entries:
            return dataclasses.replace(found, named_source=analysis.source), lexicon
        unmatched["unmatched_source"] = analysis.source
    if analysis.game and not filters.game:
        in_game = dataclasses.replace(filters, game=analysis.game)
        if not analysis.words:
            # The game named and nothing else to find ("what is inwo", "what is against the shadow
            # for": the rest stop words): its name searched as words in it, else its entries in
            # document order (its documents' openings), not nothing.
            named = analyse(analysis.text, analysis.strict, game_words=True)
            found, lexicon = _search(named, in_game, limit)
            if found.entries:
                return dataclasses.replace(found, named_game=analysis.game, **unmatched), lexicon
            # the game's name is understood, not a word the rulings lack ("inwo")
            understood = dataclasses.replace(
                analysis, left_out=[word for word in analysis.left_out if not game_named(word)]
            )
            found = _listed(in_game, limit, understood, analysis.game)
            return dataclasses.replace(found, **unmatched), analysis.lexicon
        found, lexicon = _search(analysis, in_game, limit)
        if found.entries:
            return dataclasses.replace(found, named_game=analysis.game, **unmatched), lexicon
        unmatched["unmatched_game"] = analysis.game
    found, lexicon = _search(analysis, filters, limit)
    return (dataclasses.replace(found, **unmatched) if unmatched else found), lexicon


# A result row: score, cards, asked questions' words, hits, candidates, capped, the lexicon's and
# the sources' versions; then the source's columns and the entry's.
_SOURCE_AT = 8


@functools.lru_cache(maxsize=1)
def _loaded_names() -> tuple[list[str], frozenset[str], int]:
    """The source's and the entry's columns of a result row, and where the entry's start. The
    entry's as a set: Model.from_db looks each of the model's fields up in them (in a list, 25
    scans of 25 names per row)."""
    source_fields, entry_fields = result_fields()
    return (
        [f.attname for f in source_fields],
        frozenset(f.attname for f in entry_fields),
        _SOURCE_AT + len(source_fields),
    )


def statement_rows(analysis: Analysis, filters: Filters, limit: int) -> tuple[list[tuple], int | None]:
    """The search statement's rows for a query read, at least the re-ranker's DEPTH (so a page of 5
    and one of 30 agree on their first), and the matches the lexicon expects (None: not estimable).
    Also what the load test's search floor runs (loadtest.urls): the statements alone. No rows, and
    no statement, for a query with nothing to search: no word, or operators PostgreSQL reads as none."""
    if not analysis.words or (analysis.strict and not analysis.websearch):
        return [], None
    # matches are counted (up to COUNT_CAP) when the lexicon cannot estimate them, or when they are
    # few enough to count at once: an estimate is for large numbers
    expected = expected_matches(analysis, filters) if estimable(filters) else None
    counted = expected is None or expected <= COUNT_EXACTLY
    sql, params = search_sql(analysis, filters, max(limit, RERANK_DEPTH), counted)
    return run(sql, params), expected


def _search(analysis: Analysis, filters: Filters, limit: int) -> tuple[Found, str | None]:
    """The answer, and the lexicon's version the statement saw (None when it found nothing)."""
    rows, expected = statement_rows(analysis, filters, limit)
    if not rows:
        return Found(0, [], analysis, EXACT), None
    hits, candidates, capped, lexicon, sources_version = rows[0][3:_SOURCE_AT]
    if hits < pool_of(analysis):  # every tier ran dry: the candidates are all the matches
        count, count_is = candidates, EXACT
    elif capped is not None:
        count, count_is = max(candidates, capped), EXACT
    else:
        count, count_is = max(candidates, min(COUNT_CAP, expected)), ABOUT
    source_names, entry_names, entry_at = _loaded_names()
    entries = []
    sources: dict[int, Source] = {}
    mark = Marker(analysis)
    for row in rows:
        score, cards, asked = row[:3]
        source_values = row[_SOURCE_AT:entry_at]
        source = sources.get(source_values[0])
        if source is None:
            source = Source.from_db(connection.alias, source_names, source_values)
            sources[source.pk] = source
        entry = Entry.from_db(connection.alias, entry_names, row[entry_at:])
        entry.source = source
        entry.score = score
        entry.card_refs = [{"slug": slug, "name": name} for slug, name in cards]
        entry.asked = asked
        entries.append(entry)
    entries = rerank(entries, mark, analysis.folded, analysis.text, analysis.words)[:limit]
    for entry in entries:  # only what is returned is highlighted
        entry.highlight = mark(entry.question, entry.text)
    # a word read as a corpus' stem is shown as the results spell it ("castle", not 'castl')
    analysis.corrections = [
        dataclasses.replace(fixed, read_as=mark.spelling(fixed.word, entries) or fixed.read_as)
        if fixed.word >= 0
        else fixed
        for fixed in analysis.corrections
    ]
    found = Found(count, entries, analysis, _capped(count, count_is), sources_version=sources_version)
    return found, lexicon
