"""Queries compiled once per process (`config.compiled.CompiledQuery`): each call must answer
for its own values exactly what the ORM's queryset answers, whoever asked first, and a query
whose values the ORM would fold into its SQL text is refused rather than answered wrongly."""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connection
from django.db.models.sql.compiler import SQLCompiler
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from cards import errata
from cards import selectors as card_selectors
from cards.models import Card
from config.compiled import CompiledQuery, fetch_one_prepared
from rulings import selectors as ruling_selectors
from rulings.models import Entry, Source, Status, Term

pytestmark = pytest.mark.django_db


@pytest.fixture
def source(db):
    return Source.objects.create(
        slug="compiled-test", game="highlander", title="Compiled test", authority="Test", format="test"
    )


def test_around_it_lists_for_every_entry_what_the_orm_finds(source):
    """Entries sharing positions, out of order, some superseded: each entry's neighbours from the
    once-compiled query are the ORM's own, for every entry, asked in a random order."""
    rng = random.Random(7)
    positions = [rng.choice([0, 1, 1, 2, 3, 3, 3, 8, 9]) for _ in range(30)]
    entries = Entry.objects.bulk_create(
        Entry(
            source=source,
            key=f"k{i}",
            kind="ruling",
            position=position,
            text=f"Entry {i}.",
            status=Status.SUPERSEDED if i % 7 == 3 else Status.CURRENT,
        )
        for i, position in enumerate(positions)
    )
    rng.shuffle(entries)
    for entry in entries:
        expected = sorted(
            ruling_selectors._neighbours_query(entry.source_id, entry.position, entry.pk),
            key=lambda other: (other.position, other.pk),
        )
        assert [e.pk for e in ruling_selectors.neighbours(entry)] == [e.pk for e in expected]
        assert len(expected) <= 4


def test_an_entry_comes_with_its_source_and_cards_read_by_the_orm(source, django_assert_num_queries):
    card = Card.objects.create(game="highlander", name="Compiled Card", slug="compiled-card", type="Event")
    entry = Entry.objects.create(source=source, key="one", kind="ruling", position=4, text="About it.")
    entry.cards.add(card)
    other = Entry.objects.create(source=source, key="two", kind="faq", position=5, text="Other.")

    found, around, _ = ruling_selectors.entry_detail(entry.pk)
    with django_assert_num_queries(0):  # joined and prefetched as the queryset says
        assert (found.pk, found.source.slug, [c.slug for c in found.cards.all()]) == (
            entry.pk,
            "compiled-test",
            ["compiled-card"],
        )
    assert [e.pk for e in around] == [other.pk]
    assert ruling_selectors.entry_detail(other.pk)[0].kind == "faq"
    with pytest.raises(Entry.DoesNotExist):
        ruling_selectors.entry_detail(other.pk + 1000)


def test_every_entrys_cards_and_terms_are_the_ones_the_orm_prefetches(source, django_assert_num_queries):
    """Entries with none, one or several cards and terms, asked in a random order: each entry's page
    shows its own cards and terms, in the order prefetch_related gives them, read with no query
    more once the entry is read."""
    rng = random.Random(11)
    cards = [
        Card.objects.create(game="highlander", name=f"Card {i}", slug=f"card-{i}", type="Event")
        for i in range(5)
    ]
    terms = [Term.objects.create(game="highlander", slug=f"term-{i}", name=f"Term {4 - i}") for i in range(4)]
    entries = []
    for i in range(12):
        entry = Entry.objects.create(
            source=source, key=f"e{i}", kind="ruling", position=i, text=f"Entry {i}."
        )
        entry.cards.add(*rng.sample(cards, rng.randint(0, 3)))
        entry.terms.add(*rng.sample(terms, rng.randint(0, 2)))
        entries.append(entry)
    rng.shuffle(entries)
    for entry in entries * 2:
        expected = Entry.objects.prefetch_related("cards", "terms").get(pk=entry.pk)
        found, _, _ = ruling_selectors.entry_detail(entry.pk)
        with django_assert_num_queries(0):
            assert [c.pk for c in found.cards.all()] == [c.pk for c in expected.cards.all()]
            assert [t.pk for t in found.terms.all()] == [t.pk for t in expected.terms.all()]
    assert any(len(entry.cards.all()) > 1 for entry in entries)


def test_each_card_page_shows_its_own_card_and_history(client):
    """Two cards asked in turn: the card and versions queries are compiled once, and each page
    must still show that card's own text and only its own versions."""
    cards = []
    for name, text in (("First Compiled", "Draw a card."), ("Second Compiled", "Lose a turn.")):
        card = Card.objects.create(
            game="highlander", name=name, slug=name.lower().replace(" ", "-"), type="Event"
        )
        errata.add_version(card, kind="printed", text=text)
        cards.append(card)
    for card in (*cards, *cards):
        html = client.get(f"/cards/{card.slug}/").content.decode()
        own, other = card.versions.get().text, next(c for c in cards if c != card).versions.get().text
        assert own in html and other not in html
        assert [v.pk for v in card_selectors.versions_of(card)] == [v.pk for v in card.versions.all()]
    assert client.get("/cards/no-such-card/").status_code == 404
    with pytest.raises(Http404):
        card_selectors.get_card("no-such-card")


def test_the_search_pages_sources_are_the_orms_in_its_order_and_new_ones_appear(db):
    """The sources the search page lists to browse: what Source.objects.all() reads, in the model's
    order (game, date, slug), and one added since is there (the SQL is compiled once, not the rows)."""
    Source.objects.create(slug="z-last", game="highlander", title="Z", authority="T", format="test")
    Source.objects.create(slug="a-first", game="highlander", title="A", authority="T", format="test")
    assert [s.slug for s in ruling_selectors.all_sources()] == [s.slug for s in Source.objects.all()]
    Source.objects.create(slug="m-middle", game="highlander", title="M", authority="T", format="test")
    slugs = [s.slug for s in ruling_selectors.all_sources()]
    assert slugs == [s.slug for s in Source.objects.all()] and "m-middle" in slugs


def test_a_card_pages_timeline_names_each_versions_source_by_its_title_as_it_is_now(client):
    """A version names its source by slug; the timeline shows the source's title, read by a query
    compiled once: a title changed since, and a source added since, show on the next page."""
    card = Card.objects.create(game="highlander", name="Titled Card", slug="titled-card", type="Event")
    for slug, title in (("faq-one", "First FAQ"), ("faq-two", "Second FAQ")):
        Source.objects.create(slug=slug, game="highlander", title=title, authority="T", format="test")
    errata.add_version(card, kind="printed", text="Draw a card.", source="faq-one")
    errata.add_version(card, kind="erratum", text="Draw two cards.", source="faq-two")
    page = client.get("/cards/titled-card/").content.decode()
    assert "First FAQ" in page and "Second FAQ" in page
    Source.objects.filter(slug="faq-one").update(title="The FAQ, revised")
    Source.objects.create(
        slug="faq-three", game="highlander", title="Third FAQ", authority="T", format="test"
    )
    errata.add_version(card, kind="erratum", text="Draw three cards.", source="faq-three")
    page = client.get("/cards/titled-card/").content.decode()
    assert "The FAQ, revised" in page and "First FAQ" not in page and "Third FAQ" in page
    titles = [item.source_title for item in card_selectors.timeline(card)]
    assert titles == ["The FAQ, revised", "Second FAQ", "Third FAQ"]


def test_the_sql_is_compiled_once_per_process(monkeypatch):
    Card.objects.create(game="highlander", name="Once", slug="once", type="Event")
    query = CompiledQuery(lambda slug: Card.objects.filter(slug=slug))
    compiled = []
    original = SQLCompiler.as_sql

    def counting(self, *args, **kwargs):
        compiled.append(self.query.model)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counting)
    assert [card.name for card in query("once")] == ["Once"]
    compiling = len(compiled)
    assert query("twice") == []
    assert [card.name for card in query("once")] == ["Once"]
    assert len(compiled) == compiling, "compiled again on a later call"


@pytest.mark.parametrize(
    "build, value",
    [
        (lambda text: Card.objects.filter(name__icontains=text), "dirty"),  # bound as '%dirty%'
        (lambda count: Card.objects.order_by("pk")[:count], 3),  # a LIMIT is written into the SQL
    ],
    ids=["transformed", "written-into-the-sql"],
)
def test_a_value_the_orm_does_not_bind_as_it_is_refused(build, value):
    with pytest.raises(ValueError, match="not parameters of the compiled SQL"):
        CompiledQuery(build)(value)


def test_a_constant_of_the_query_equal_to_a_stand_in_is_not_taken_for_a_value():
    """Were the constant 31013 taken for the card's id, every call would also bind it there."""
    with pytest.raises(ValueError, match="depend on the values"):
        CompiledQuery(lambda pk: Card.objects.filter(pk=pk, restriction__lte=31_013))(1)


@pytest.mark.parametrize("value", [1.5, True, None, ["x"]])
def test_values_other_than_whole_numbers_and_strings_are_refused(value):
    with pytest.raises(TypeError, match="whole numbers or strings"):
        CompiledQuery(lambda pk: Card.objects.filter(pk=pk))(value)


@pytest.mark.django_db(transaction=True)
def test_a_query_compiled_on_one_thread_runs_on_another():
    """The site serves requests on several threads, each with its own database connection: a
    query compiled on one must run on the others' connections (it failed every page of the load
    test with "DatabaseWrapper objects created in a thread can only be used in that same thread")."""
    Card.objects.create(game="highlander", name="Threaded", slug="threaded", type="Event")
    query = CompiledQuery(lambda slug: Card.objects.filter(slug=slug))
    assert [card.name for card in query("threaded")] == ["Threaded"]  # compiled on this thread
    answers = []

    def on_another_thread():
        try:
            answers.append([card.name for card in query("threaded")])
        except Exception as exc:  # noqa: BLE001 - the failure is the answer this test checks
            answers.append(exc)
        finally:
            connection.close()

    worker = threading.Thread(target=on_another_thread)
    worker.start()
    worker.join()
    assert answers == [["Threaded"]]


def _prepared_reading_entries() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s AND statement LIKE %s",
            ['%FROM "rulings_entry"%', "%$1%"],
        )
        return cursor.fetchone()[0]


def test_a_compiled_query_is_planned_once_and_still_answers_each_call_for_its_values(source, settings):
    """Prepared on the connection at its first call (PostgreSQL binds the values, so the text is
    the same and is parsed and planned once), and each later call answers for its own values."""
    entries = Entry.objects.bulk_create(
        Entry(source=source, key=f"p{i}", kind="ruling", position=i, text=f"Entry {i}.") for i in range(3)
    )
    by_key = CompiledQuery(lambda key: Entry.objects.filter(source__slug="compiled-test", key=key))
    before = _prepared_reading_entries()
    assert [e.pk for e in by_key("p0")] == [entries[0].pk]
    assert _prepared_reading_entries() == before + 1
    assert [e.pk for e in by_key("p2")] == [entries[2].pk] and by_key("p9") == []
    assert _prepared_reading_entries() == before + 1  # the same statement, other values

    # a query that plans better for each value, and a site whose pooler cannot keep prepared
    # statements (DB_PREPARED_STATEMENTS = False), run as any other query
    unprepared = CompiledQuery(lambda key: Entry.objects.filter(key=key).order_by("position"), prepared=False)
    assert [e.pk for e in unprepared("p1")] == [entries[1].pk]
    settings.DB_PREPARED_STATEMENTS = False
    by_position = CompiledQuery(lambda position: Entry.objects.filter(source=source, position=position))
    assert [e.pk for e in by_position(2)] == [entries[2].pk]
    assert _prepared_reading_entries() == before + 1


def test_the_querys_own_constants_are_written_into_its_text_and_only_its_values_bound(settings):
    """A status bound as $2 left PostgreSQL's generic plan guessing how many duels have it (it
    read them all for the lobby's open challenges); written as a literal, the plan knows it. The
    literal is quoted as PostgreSQL reads it: a constant holding a quote or a % sign is still
    the constant, and the answers are the ORM's own."""
    odd = "it's 100% 'quoted'"
    Card.objects.create(game="highlander", name=odd, slug="odd", type="Event")
    Card.objects.create(game="highlander", name="Plain", slug="plain", type="Event")
    query = CompiledQuery(lambda slug: Card.objects.filter(name=odd, type="Event", slug=slug))
    with CaptureQueriesContext(connection) as ran:
        assert [card.slug for card in query("odd")] == ["odd"]
    assert query("plain") == [] and [card.slug for card in query("odd")] == ["odd"]
    statement = ran.captured_queries[-1]["sql"]
    assert "'it''s 100% ''quoted'''" in statement and "'Event'" in statement, statement
    assert statement.count("$") == 1, statement  # the slug alone is bound

    settings.DB_PREPARED_STATEMENTS = False  # and run as Django runs any other query
    again = CompiledQuery(lambda slug: Card.objects.filter(name=odd, slug=slug))
    assert [card.slug for card in again("odd")] == ["odd"] and again("plain") == []


def _prepared_reading_cards() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ["%FROM cards_card WHERE slug%"],
        )
        return cursor.fetchone()[0]


def test_a_raw_statement_of_a_hot_path_is_prepared_once_and_answers_each_call(settings):
    """fetch_one_prepared (the board's read, a move's, the requester's seat): the statement is
    prepared on the connection at its first run, and each run answers for its own values; the
    query log sees it, and a site that cannot keep prepared statements runs it as any other."""
    Card.objects.create(game="highlander", name="First", slug="first", type="Event")
    Card.objects.create(game="highlander", name="Second", slug="second", type="Event")
    sql = "SELECT name FROM cards_card WHERE slug = %s"
    before = _prepared_reading_cards()
    with CaptureQueriesContext(connection) as ran:
        assert fetch_one_prepared(sql, ["first"]) == ("First",)
    assert ran.captured_queries and _prepared_reading_cards() == before + 1
    assert fetch_one_prepared(sql, ["second"]) == ("Second",) and fetch_one_prepared(sql, ["third"]) is None
    assert _prepared_reading_cards() == before + 1

    settings.DB_PREPARED_STATEMENTS = False
    other = "SELECT name FROM cards_card WHERE slug = %s AND game = %s"
    assert fetch_one_prepared(other, ["second", "highlander"]) == ("Second",)
    assert _prepared_reading_cards() == before + 1
