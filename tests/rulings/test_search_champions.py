"""Champion lists (rulings.indexing): each very common word's entries where it weighs most. A
question of very common words takes its candidates from them, so they are chosen by the weight the
ranking gives the words, whatever the import order, and without the GIN index's bitmap of every
entry holding them. The lists are rebuilt with the lexicon, and an admin's edit keeps them as a
rebuild would make them (hypothesis: any sequence of edits and reverts).

The thresholds are lowered here (a word in 60 entries has a list of 300) so that a corpus of a few
hundred entries has lists; at 100,000 entries benchmarks/search_bench.py times them."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.indexing import index_entries, refresh_lexicon
from rulings.models import Entry, Source
from rulings.search import analyse, search
from rulings.search_memory import forget_lexicon
from rulings.search_ranking import POOL, by_champions, search_sql, share_of_filters, tiers_of
from rulings.search_sql import Filters
from rulings.services import entry_saved
from rulings.vocabulary import forget_vocabulary

pytestmark = pytest.mark.django_db

QUESTION = "can I play a card in your turn"


@pytest.fixture
def lowered(monkeypatch):
    for module in ("rulings.indexing", "rulings.search_ranking"):
        monkeypatch.setattr(f"{module}.CHAMPION_MIN", 60)
        monkeypatch.setattr(f"{module}.CHAMPION_SIZE", 300)
    forget_vocabulary()
    forget_lexicon()
    yield
    forget_lexicon()


def _source(slug: str) -> Source:
    return Source.objects.create(
        slug=slug, game="highlander", title=f"Test {slug}", authority="Test", format="highlander-core"
    )


@pytest.fixture
def crowd(lowered):
    """Four pools of entries holding "play", "card" and "turn" in passing, imported first; then
    one about playing a card in a turn (its heading holds the words), imported last."""
    source = _source("crowd")
    Entry.objects.bulk_create(
        Entry(
            source=source,
            key=f"decoy-{i}",
            kind="ruling",
            position=i,
            text=f"Decoy {i} of a long ruling: some player may play the card at the end of a turn, or not, "
            "depending on the other rules of the game and the other cards in play.",
        )
        for i in range(4 * POOL)
    )
    late = Entry.objects.create(
        source=source,
        key="late",
        kind="rule",
        position=10_000,
        title="Playing a card in your turn",
        text="You may play one card in your turn.",
    )
    index_entries(Entry.objects.filter(source=source))
    refresh_lexicon()
    forget_lexicon()
    return late


def test_a_question_of_common_words_finds_the_best_entry_imported_last(crowd, monkeypatch):
    _, results = search(QUESTION)
    assert results[0].pk == crowd.pk
    # without the lists, the pool is the first entries the index lists (import order): the answer
    # is never a candidate
    monkeypatch.setattr("rulings.search_ranking.CHAMPION_MIN", 10**9)
    forget_lexicon()
    _, results = search(QUESTION)
    assert crowd.pk not in [entry.pk for entry in results]


def test_a_question_of_common_words_reads_no_bitmap_of_their_posting_lists(crowd):
    analysis = analyse(QUESTION)
    filters = Filters()
    tiers = tiers_of(analysis)
    assert [lead for lead, _ in by_champions(tiers, share_of_filters(analysis, filters))][0]
    sql, params = search_sql(analysis, filters, 20, counted=False)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")  # as the search's connection
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)
        (plan,) = cursor.fetchone()
    nodes = list(_nodes(plan[0]["Plan"] if isinstance(plan, list) else json.loads(plan)[0]["Plan"]))
    executed = [node for node in nodes if node.get("Actual Loops", 0) > 0]
    assert not [node for node in executed if node.get("Index Name") == "rulings_entry_search_gin"]
    assert [node for node in executed if node.get("Index Name") == "rulings_champion_best"]


def test_a_list_whose_best_entries_the_filters_leave_out_gives_way_to_the_index(lowered, monkeypatch):
    # the lists of "play", "card" and "turn" begin with the highlander entries naming them in their
    # heading; a search in meccg expects a third of a list to pass, reads its first entries for
    # that, finds none, and takes the meccg entries as the index lists them, as without lists
    monkeypatch.setattr("rulings.search_ranking.CHAMPION_SIZE", 1000)
    monkeypatch.setattr("rulings.indexing.CHAMPION_SIZE", 1000)
    headed, passing = _source("headed"), _source("passing")
    passing.game = "meccg"
    passing.save()
    Entry.objects.bulk_create(
        Entry(
            source=headed,
            key=f"h-{i}",
            kind="rule",
            position=i,
            title="Play a card in your turn",
            text="Yes.",
        )
        for i in range(700)
    )
    Entry.objects.bulk_create(
        Entry(
            source=passing,
            key=f"m-{i}",
            kind="ruling",
            position=i,
            text=f"Ruling {i}: a long text in which a player may play a card, at some point of a turn.",
        )
        for i in range(300)
    )
    index_entries(Entry.objects.all())
    refresh_lexicon()
    forget_lexicon()
    meccg = Filters(game="meccg")
    analysis = analyse(QUESTION)
    assert by_champions(tiers_of(analysis), share_of_filters(analysis, meccg))[0][0]  # a list is read
    count, results = search(QUESTION, meccg)
    assert results and {entry.source.game for entry in results} == {"meccg"}
    monkeypatch.setattr("rulings.search_ranking.CHAMPION_MIN", 10**9)
    forget_lexicon()
    assert search(QUESTION, meccg) == (count, results)


def _nodes(node: dict):
    yield node
    for child in node.get("Plans", []):
        yield from _nodes(child)


def _lists() -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT word, entry_id, impact, lexemes::text FROM rulings_champion ORDER BY 1, 2")
        return cursor.fetchall()


@pytest.fixture
def small(monkeypatch):
    """Eight entries over five words: a word in three entries has a list of two."""
    for module in ("rulings.indexing", "rulings.search_ranking"):
        monkeypatch.setattr(f"{module}.CHAMPION_MIN", 3)
        monkeypatch.setattr(f"{module}.CHAMPION_SIZE", 2)
    source, _ = Source.objects.get_or_create(
        slug="small",
        defaults={"game": "meccg", "title": "Small", "authority": "Test", "format": "meccg-crf-terms"},
    )
    texts = ["agent tap", "agent move", "agent", "tap move site", "site", "move", "tap agent site", "haven"]
    for i, text in enumerate(texts):
        Entry.objects.get_or_create(
            source=source, key=f"small-{i}", defaults={"kind": "ruling", "text": text}
        )
    index_entries(Entry.objects.filter(source=source))
    refresh_lexicon()
    return list(Entry.objects.filter(source=source).order_by("key").values_list("pk", flat=True))


WORDS = ["agent", "tap", "move", "site", "haven"]
EDITS = st.lists(
    st.tuples(
        st.integers(0, 7),
        st.sampled_from(["text", "title"]),
        st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=EDITS, revert=st.booleans())
def test_edits_keep_the_lists_as_a_rebuild_makes_them(small, edits, revert):
    originals = {pk: Entry.objects.values("text", "title").get(pk=pk) for pk in small}
    for index, field, value in edits:
        _edit(small[index], **{field: value})
        after_edit = _lists()
        refresh_lexicon()
        assert after_edit == _lists(), (index, field, value)
    if revert:
        for pk, fields in originals.items():
            _edit(pk, **fields)
        assert _lists() == _rebuilt()


def _edit(entry_id: int, **fields) -> None:
    """As the admin saves an entry: the row changed, then the service that reindexes it."""
    entry = Entry.objects.get(pk=entry_id)
    for name, value in fields.items():
        setattr(entry, name, value)
    entry.save()
    entry_saved(entry)


def _rebuilt() -> list[tuple]:
    refresh_lexicon()
    return _lists()


def test_an_edit_that_names_a_word_in_a_heading_puts_the_entry_first_in_its_list(small):
    last = small[-1]  # "haven": in no list
    _edit(last, title="tap", text="tap")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT entry_id FROM rulings_champion WHERE word = 'tap' ORDER BY impact DESC, entry_id"
        )
        listed = [pk for (pk,) in cursor.fetchall()]
    assert listed[0] == last and len(listed) == 2
