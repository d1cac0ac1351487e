"""Search index maintenance: each entry's stored search vector and folded names, and the lexicon
(each stemmed word of the corpus with the number of entries using it, plus per-facet counts) and
the champion lists (each very common word's best entries) that rulings.search reads. Called explicitly by the writers: the importer after an import
(``index_entries`` then ``refresh_lexicon``), the admin after a save (``entry_saved``). Nothing here
runs from a signal, so a bulk change is indexed once, not once per row."""

from __future__ import annotations

from django.contrib.postgres.search import SearchVector
from django.db import connection, transaction
from django.db.models import F, Func, QuerySet, TextField, Value
from django.db.models.functions import Coalesce, Concat

from rulings.labels import UNTITLED
from rulings.models import Entry
from rulings.spelling import DOCUMENT_TYPO_MAX_NDOC, document_typos

CONFIG = "english"
# The ranking's field weights for ts_rank (D, C, B, A: text, question, term/section/title), read by
# the search's scoring and by the champion lists' impact below.
RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}"
# A word in at least CHAMPION_MIN entries has a champion list: its CHAMPION_SIZE entries of highest
# impact. Below, the GIN index intersects its posting list cheaply (0.5 ms for words of 4,000
# entries at 100,000); above, a conjunction of such words costs a bitmap of every entry holding
# them all (2 ms for "turn & play", 14,000 entries), where the list reads a few hundred rows. The
# five documents (374 entries) have no such word: their search never reads a list.
CHAMPION_MIN = 5000
CHAMPION_SIZE = 1000


class Unaccent(Func):
    function = "rulings_unaccent"  # immutable wrapper created in the migration
    output_field = TextField()


class SpacedSlashes(Func):
    """'Kane/Faith/Nakano' -> 'Kane Faith Nakano': PostgreSQL's parser reads words joined by
    slashes as one file path, so none of the names would be found alone."""

    function = "replace"
    output_field = TextField()

    def __init__(self, expression):
        super().__init__(expression, Value("/"), Value(" / "))


class WithoutPlaceholder(Func):
    """A section the importer could not name ("Untitled section (the excerpt starts...)") is no
    heading: its words ("starts", "excerpt") must not make the entry an answer."""

    function = "regexp_replace"
    output_field = TextField()

    def __init__(self, expression):
        super().__init__(expression, Value(rf"^{UNTITLED}\M.*$"), Value(""))


def _field(name):
    value = Coalesce(F(name), Value(""), output_field=TextField())
    return WithoutPlaceholder(value) if name == "section" else value


def _doc(*fields):
    parts = []
    for name in fields:
        parts += [_field(name), Value(" ")]
    return Unaccent(SpacedSlashes(Concat(*parts, output_field=TextField())))


# The vector's parts: the fields of each weight
WEIGHTED_FIELDS = {
    "A": ("section", "title", "card_name", "card_variant"),
    "B": ("question", "card_type", "card_group"),
    "C": ("text", "change_note"),
}


def index_entries(queryset: QuerySet) -> int:
    """Recompute the stored search vector and trigram names of the given entries."""
    vector = (
        SearchVector(_doc(*WEIGHTED_FIELDS["A"]), weight="A", config=CONFIG)
        + SearchVector(_doc(*WEIGHTED_FIELDS["B"]), weight="B", config=CONFIG)
        + SearchVector(_doc(*WEIGHTED_FIELDS["C"]), weight="C", config=CONFIG)
    )
    names = Func(
        Concat(
            F("title"), Value(" "), F("card_name"), Value(" "), _field("section"), output_field=TextField()
        ),
        function="lower",
        output_field=TextField(),
    )
    updated = queryset.update(search_vector=vector, search_names=Unaccent(names))
    _index_right_spellings(queryset)
    return updated


_RIGHT_SPELLINGS_SQL = f"""
UPDATE rulings_entry e SET search_vector = e.search_vector
    || setweight(to_tsvector('{CONFIG}', f.a), 'A') || setweight(to_tsvector('{CONFIG}', f.b), 'B')
    || setweight(to_tsvector('{CONFIG}', f.c), 'C')
FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::text[]) AS f(id, a, b, c)
WHERE e.id = f.id
"""  # noqa: S608 - CONFIG is a constant


# Of the readings of the documents' typos, those the corpus bears out: the typo is rare (a word
# many entries use is the game's own: "meccg" is no "mecca"), the right word one the corpus uses
# ("connor", a name written in lower case, is no "condor": no ruling speaks of condors).
_BORNE_OUT_SQL = f"""
SELECT typo, meant FROM unnest(%s::text[], %s::text[]) AS p(typo, meant)
WHERE (SELECT count(*) FROM (SELECT FROM rulings_entry e
                             WHERE e.search_vector @@ plainto_tsquery('{CONFIG}', p.typo) AND e.status = 'current'
                             LIMIT %s + 1) used) <= %s
  AND EXISTS (SELECT FROM rulings_entry e
              WHERE e.search_vector @@ plainto_tsquery('{CONFIG}', p.meant) AND e.status = 'current')
"""  # noqa: S608 - CONFIG is a constant


def _index_right_spellings(queryset: QuerySet) -> None:
    """The documents' own typos made findable by their right spelling, in the field's weight: a
    judge asking whether a burglary was "successful" did not match the CRF's "succesful"
    (rulings.spelling.document_typos; 18 entries of the five documents, 17 words). The typo stays indexed.
    Whether the corpus bears a reading out is asked when its entry is indexed: every import (each
    start of the site) indexes every entry again, asking anew."""
    fields = [name for weight in "ABC" for name in WEIGHTED_FIELDS[weight]]
    typos: dict[int, list[list[tuple[str, str]]]] = {}
    for pk, *values in queryset.values_list("pk", *fields).iterator(chunk_size=2000):
        texts = dict(zip(fields, values, strict=True))
        if (texts["section"] or "").startswith(UNTITLED):  # no heading, as WithoutPlaceholder says
            texts["section"] = ""
        found = [
            document_typos(" ".join(texts[name] or "" for name in WEIGHTED_FIELDS[weight]))
            for weight in "ABC"
        ]
        if any(found):
            typos[pk] = found
    pairs = sorted({pair for found in typos.values() for pairs in found for pair in pairs})
    if not pairs:
        return
    with connection.cursor() as cursor:
        typed, meant = zip(*pairs, strict=True)
        cursor.execute(
            _BORNE_OUT_SQL, [list(typed), list(meant), DOCUMENT_TYPO_MAX_NDOC, DOCUMENT_TYPO_MAX_NDOC]
        )
        borne_out = set(cursor.fetchall())
        rows = [
            (pk, *(" ".join(meant for typo, meant in pairs if (typo, meant) in borne_out) for pairs in found))
            for pk, found in typos.items()
        ]
        rows = [row for row in rows if any(row[1:])]
        if rows:
            cursor.execute(_RIGHT_SPELLINGS_SQL, [list(column) for column in zip(*rows, strict=True)])


_FACETS_SQL = """
INSERT INTO rulings_lexicon (word, ndoc)
SELECT '#' || facet, count(*) FROM (
    SELECT unnest(ARRAY['game:' || s.game, 'kind:' || e.kind, 'source:' || s.slug]) AS facet
    FROM rulings_entry e JOIN rulings_source s ON s.id = e.source_id WHERE e.status = 'current'
) f GROUP BY facet
"""

# Each word's current entries per source and kind, and under the empty word each source's and
# kind's current entries: what the search page's facets estimate a large result from
# (rulings.search_facets). All words, in one scan of the entries.
_WORD_FACETS_SQL = """
INSERT INTO rulings_lexicon_facet (word, source_id, kind, ndoc)
SELECT u.word, e.source_id, e.kind, count(*)
FROM rulings_entry e CROSS JOIN LATERAL unnest(tsvector_to_array(e.search_vector) || ''::text) AS u(word)
WHERE e.status = 'current' AND e.search_vector IS NOT NULL
GROUP BY 1, 2, 3
"""
# The given words recounted (an admin's edit), in both tables, from one pass over the entries
# holding them (each word's through the GIN index: a common word's tens of thousands of rows are
# read once, not once per table), and the empty word's counts from a scan of the entries' columns.
# A word no entry holds any more gets no row.
_RECOUNT_WORDS_SQL = """
WITH held AS MATERIALIZED (
    SELECT w, e.source_id, e.kind, e.status = 'current' AS current
    FROM unnest(%s::text[]) AS w JOIN rulings_entry e ON e.search_vector @@ quote_literal(w)::tsquery
), indexed AS MATERIALIZED (
    SELECT source_id, kind, status = 'current' AS current FROM rulings_entry WHERE search_vector IS NOT NULL
), words AS (
    INSERT INTO rulings_lexicon (word, ndoc)
    SELECT w, count(*) FROM held GROUP BY w
    UNION ALL SELECT '', count(*) FROM indexed
)
INSERT INTO rulings_lexicon_facet (word, source_id, kind, ndoc)
SELECT w, source_id, kind, count(*) FROM held WHERE current GROUP BY 1, 2, 3
UNION ALL
SELECT '', source_id, kind, count(*) FROM indexed WHERE current GROUP BY 2, 3
"""


# The impact of a word in an entry: the word's own part of the search's score (rulings.search_ranking,
# _SEARCH_SQL: 0.8 if in the heading, 0.4 if in the question, 0.6 times its field-weighted ts_rank),
# without the word's weight, the same for all its entries. `u` is a row of unnest(e.search_vector).
_IMPACT = (
    "(0.8 * ('A' = ANY(u.weights))::int + 0.4 * ('B' = ANY(u.weights))::int"
    f" + 0.6 * ts_rank('{RANK_WEIGHTS}', e.search_vector, quote_literal(u.lexeme)::tsquery, 1))::real"
)
# The champion lists of the given words: the CHAMPION_SIZE entries of highest impact of each, ties
# to the lower id. Every entry with a vector, whatever its status: search applies its filters.
_CHAMPIONS_SQL = f"""
INSERT INTO rulings_champion (word, entry_id, impact, lexemes)
SELECT word, entry_id, impact, lexemes FROM (
    SELECT u.lexeme AS word, e.id AS entry_id, {_IMPACT} AS impact, strip(e.search_vector) AS lexemes,
           row_number() OVER (PARTITION BY u.lexeme ORDER BY {_IMPACT} DESC, e.id) AS best
    FROM rulings_entry e CROSS JOIN LATERAL unnest(e.search_vector) u
    WHERE e.search_vector IS NOT NULL AND u.lexeme = ANY(%s::text[])
) ranked
WHERE best <= %s
ORDER BY word, impact DESC, entry_id  -- a list's rows together on disk, in the order search reads them
"""  # noqa: S608 - the constants above, no input


def _rebuild_champions(cursor, words: list[str]) -> None:
    """The champion lists of these words, from the entries (each word's postings read once)."""
    cursor.execute("DELETE FROM rulings_champion WHERE word = ANY(%s::text[])", [words])
    if words:
        cursor.execute(_CHAMPIONS_SQL, [words, CHAMPION_SIZE])


def _champion_words(cursor, words: list[str] | None = None) -> list[str]:
    """The words (of those given, else of the corpus) the lexicon counts in CHAMPION_MIN entries or more."""
    cursor.execute(
        "SELECT word FROM rulings_lexicon WHERE ndoc >= %s AND word <> '' AND word NOT LIKE '#%%'"
        " AND (%s::text[] IS NULL OR word = ANY(%s::text[])) ORDER BY word",
        [CHAMPION_MIN, words, words],
    )
    return [word for (word,) in cursor.fetchall()]


def _update_champions(cursor, entry_id: int, words: list[str]) -> None:
    """One entry changed, holding or having held these words: the champion lists as a rebuild would
    make them. The entry's row is added, moved or dropped where that keeps a list exact (the
    entries outside a full list weigh no more than its last); a list the entry leaves while
    others could take its place is rebuilt, as is the list of a word that just became common."""
    listed = _champion_words(cursor, words)
    cursor.execute(  # words no longer common lose their list
        "DELETE FROM rulings_champion WHERE word = ANY(%s::text[]) AND NOT word = ANY(%s::text[])",
        [words, listed],
    )
    if not listed:
        return
    cursor.execute(
        f"SELECT u.lexeme, {_IMPACT} FROM rulings_entry e CROSS JOIN LATERAL unnest(e.search_vector) u"  # noqa: S608
        " WHERE e.id = %s AND u.lexeme = ANY(%s::text[])",
        [entry_id, listed],
    )
    new = dict(cursor.fetchall())
    cursor.execute(  # its words, in every list it stays in
        "UPDATE rulings_champion c SET lexemes = strip(e.search_vector) FROM rulings_entry e"
        " WHERE c.entry_id = %s AND e.id = c.entry_id AND e.search_vector IS NOT NULL",
        [entry_id],
    )
    cursor.execute(
        "SELECT word, count(*) FROM rulings_champion WHERE word = ANY(%s::text[]) GROUP BY word", [listed]
    )
    sizes = dict(cursor.fetchall())
    cursor.execute(
        "SELECT word FROM rulings_champion WHERE word = ANY(%s::text[]) AND entry_id = %s", [listed, entry_id]
    )
    member = {word for (word,) in cursor.fetchall()}
    cursor.execute(
        "SELECT DISTINCT ON (word) word, impact, entry_id FROM rulings_champion"
        " WHERE word = ANY(%s::text[]) ORDER BY word, impact, entry_id DESC",
        [listed],
    )
    last = {word: (impact, -entry) for word, impact, entry in cursor.fetchall()}
    rebuild, upsert, drop = [], [], []
    for word in listed:
        size, impact = sizes.get(word, 0), new.get(word)
        full = size >= CHAMPION_SIZE
        if size == 0:  # no list yet (a word just became common), or every entry left it
            rebuild.append(word)
        elif word in member:
            if impact is None:
                (rebuild if full else drop).append(word)
            elif (impact, -entry_id) >= last[word] or not full:
                upsert.append(word)
            else:  # fell below the list's last: an entry outside may now weigh more
                rebuild.append(word)
        elif impact is not None and (not full or (impact, -entry_id) > last[word]):
            upsert.append(word)
    cursor.execute(
        "DELETE FROM rulings_champion WHERE entry_id = %s AND word = ANY(%s::text[])",
        [entry_id, drop + upsert],
    )
    cursor.executemany(
        "INSERT INTO rulings_champion (word, entry_id, impact, lexemes)"
        " SELECT %s, id, %s, strip(search_vector) FROM rulings_entry WHERE id = %s",
        [(word, new[word], entry_id) for word in upsert],
    )
    cursor.execute(  # a list the entry joined keeps its CHAMPION_SIZE best
        "DELETE FROM rulings_champion c USING ("
        "  SELECT word, entry_id, row_number() OVER (PARTITION BY word ORDER BY impact DESC, entry_id) AS best"
        "  FROM rulings_champion WHERE word = ANY(%s::text[])) r"
        " WHERE c.word = r.word AND c.entry_id = r.entry_id AND r.best > %s",
        [upsert, CHAMPION_SIZE],
    )
    _rebuild_champions(cursor, rebuild)


def refresh_lexicon() -> None:
    """Recount the corpus' words (after an import or a bulk change), and under '#game:G',
    '#kind:K' and '#source:S' the current entries of each facet (for estimated counts), and each
    word's current entries per source and kind (for estimated facets); rebuild the
    champion lists of the words now in CHAMPION_MIN entries or more; then the planner's
    statistics of the tables."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM rulings_lexicon")
        cursor.execute(
            "INSERT INTO rulings_lexicon (word, ndoc) SELECT word, ndoc FROM ts_stat("
            "'SELECT search_vector FROM rulings_entry WHERE search_vector IS NOT NULL')"
            " UNION ALL SELECT '', count(*) FROM rulings_entry WHERE search_vector IS NOT NULL"
        )
        cursor.execute(_FACETS_SQL)
        cursor.execute("DELETE FROM rulings_lexicon_facet")
        cursor.execute(_WORD_FACETS_SQL)
        cursor.execute("DELETE FROM rulings_champion")
        _rebuild_champions(cursor, _champion_words(cursor))
        # Without statistics (a fresh import, before autovacuum's next round) the planner takes
        # each search tier for a handful of rows and reads them through the status index, every
        # entry once per tier: 19 ms for a long question on the five documents instead of 3.
        cursor.execute("ANALYZE rulings_entry, rulings_lexicon, rulings_lexicon_facet, rulings_champion")


def _lexemes(entry_id: int) -> set[str] | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT tsvector_to_array(search_vector) FROM rulings_entry WHERE id = %s", [entry_id])
        row = cursor.fetchone()
    return None if row is None or row[0] is None else set(row[0])


def reindex_entry(entry_id: int) -> None:
    """One entry changed (an admin's edit): its search data, and in the lexicon the exact counts
    of the words it held before or holds now, and their current entries per source and kind
    (each word recounted through the GIN index), not a recount of the whole corpus; the facet
    counts are recounted (a few rows); the champion lists of those words are kept as a rebuild
    would make them."""
    with transaction.atomic():
        before = _lexemes(entry_id) or set()
        index_entries(Entry.objects.filter(pk=entry_id))
        words = sorted(before | (_lexemes(entry_id) or set()))
        with connection.cursor() as cursor:
            cursor.execute(
                "DELETE FROM rulings_lexicon WHERE word = ANY(%s::text[]) OR word = '' OR word LIKE '#%%'",
                [words],
            )
            cursor.execute(
                "DELETE FROM rulings_lexicon_facet WHERE word = ANY(%s::text[]) OR word = ''", [words]
            )
            cursor.execute(_RECOUNT_WORDS_SQL, [words])
            cursor.execute(_FACETS_SQL)
            _update_champions(cursor, entry_id, words)
