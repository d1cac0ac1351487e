"""Search index maintenance: each entry's stored search vector and folded names, and the lexicon
(each stemmed word of the corpus with the number of entries using it, plus per-facet counts) that
rulings.search reads. Called explicitly by the writers: the importer after an import
(``index_entries`` then ``refresh_lexicon``), the admin after a save (``entry_saved``). Nothing here
runs from a signal, so a bulk change is indexed once, not once per row."""

from __future__ import annotations

from django.contrib.postgres.search import SearchVector
from django.db import connection, transaction
from django.db.models import F, Func, QuerySet, TextField, Value
from django.db.models.functions import Coalesce, Concat

CONFIG = "english"


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
        super().__init__(expression, Value(r"^Untitled section\M.*$"), Value(""))


def _field(name):
    value = Coalesce(F(name), Value(""), output_field=TextField())
    return WithoutPlaceholder(value) if name == "section" else value


def _doc(*fields):
    parts = []
    for name in fields:
        parts += [_field(name), Value(" ")]
    return Unaccent(SpacedSlashes(Concat(*parts, output_field=TextField())))


def index_entries(queryset: QuerySet) -> int:
    """Recompute the stored search vector and trigram names of the given entries."""
    vector = (
        SearchVector(_doc("section", "title", "card_name"), weight="A", config=CONFIG)
        + SearchVector(_doc("question", "card_type", "card_group"), weight="B", config=CONFIG)
        + SearchVector(_doc("text", "change_note"), weight="C", config=CONFIG)
    )
    names = Func(
        Concat(
            F("title"), Value(" "), F("card_name"), Value(" "), _field("section"), output_field=TextField()
        ),
        function="lower",
        output_field=TextField(),
    )
    return queryset.update(search_vector=vector, search_names=Unaccent(names))


_FACETS_SQL = """
INSERT INTO rulings_lexicon (word, ndoc)
SELECT '#' || facet, count(*) FROM (
    SELECT unnest(ARRAY['game:' || s.game, 'kind:' || e.kind, 'source:' || s.slug]) AS facet
    FROM rulings_entry e JOIN rulings_source s ON s.id = e.source_id WHERE e.status = 'current'
) f GROUP BY facet
"""


def refresh_lexicon() -> None:
    """Recount the corpus' words (after an import or a bulk change), and under '#game:G',
    '#kind:K' and '#source:S' the current entries of each facet (for estimated counts); then the
    planner's statistics of both tables."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM rulings_lexicon")
        cursor.execute(
            "INSERT INTO rulings_lexicon (word, ndoc) SELECT word, ndoc FROM ts_stat("
            "'SELECT search_vector FROM rulings_entry WHERE search_vector IS NOT NULL')"
            " UNION ALL SELECT '', count(*) FROM rulings_entry WHERE search_vector IS NOT NULL"
        )
        cursor.execute(_FACETS_SQL)
        # Without statistics (a fresh import, before autovacuum's next round) the planner takes
        # each search tier for a handful of rows and reads them through the status index, every
        # entry once per tier: 19 ms for a long question on the five documents instead of 3.
        cursor.execute("ANALYZE rulings_entry, rulings_lexicon")


def _lexemes(entry_id: int) -> set[str] | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT tsvector_to_array(search_vector) FROM rulings_entry WHERE id = %s", [entry_id])
        row = cursor.fetchone()
    return None if row is None or row[0] is None else set(row[0])


def reindex_entry(entry_id: int) -> None:
    """One entry changed (an admin's edit): its search data, and in the lexicon the exact counts
    of the words it held before or holds now (each recounted through the GIN index), not a
    recount of the whole corpus; the facet counts are recounted (a few rows)."""
    from rulings.models import Entry

    with transaction.atomic():
        before = _lexemes(entry_id) or set()
        index_entries(Entry.objects.filter(pk=entry_id))
        words = sorted(before | (_lexemes(entry_id) or set()))
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO rulings_lexicon (word, ndoc)"
                " SELECT w, (SELECT count(*) FROM rulings_entry e"
                "            WHERE e.search_vector @@ quote_literal(w)::tsquery)"
                " FROM unnest(%s::text[]) AS w"
                " UNION ALL SELECT '', count(*) FROM rulings_entry WHERE search_vector IS NOT NULL"
                " ON CONFLICT (word) DO UPDATE SET ndoc = excluded.ndoc",
                [words],
            )
            cursor.execute("DELETE FROM rulings_lexicon WHERE ndoc <= 0 AND word <> ''")
            cursor.execute("DELETE FROM rulings_lexicon WHERE word LIKE '#%%'")
            cursor.execute(_FACETS_SQL)
