"""Search remembers, per process, the words it has read from the lexicon: a question whose words it
has met runs one statement instead of two. It never answers from a lexicon that changed since: the
search statement reports the lexicon's version, and a search whose words were read from another
version reads them again (hypothesis: any sequence of searches, edits and reverts answers exactly as
a search that remembers nothing). The same holds for the words' entries per source and kind, which
estimate a large result's count under a chosen game and the search page's facets."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings import search, search_facets, search_memory, search_ranking
from rulings.indexing import index_entries, refresh_lexicon
from rulings.models import Entry, Source
from rulings.search import Filters, find
from rulings.search_facets import facet_counts
from rulings.search_memory import forget_lexicon
from rulings.services import entry_saved, import_all
from rulings.vocabulary import forget_vocabulary

pytestmark = pytest.mark.django_db


@pytest.fixture
def corpus(db):
    import_all()
    forget_vocabulary()
    forget_lexicon()


@pytest.fixture
def small_corpus(db):
    source, _ = Source.objects.get_or_create(
        slug="tiny",
        defaults={"game": "meccg", "title": "Tiny", "authority": "Test", "format": "meccg-crf-terms"},
    )
    entries = []
    for i, text in enumerate(["Agents may not be attacked.", "Exhaustion: reshuffle the discard pile.", ""]):
        entry, _ = Entry.objects.get_or_create(
            source=source, key=f"tiny-{i}", defaults={"kind": "ruling", "section": "Agent", "text": text}
        )
        entries.append(entry)
    index_entries(Entry.objects.filter(source=source))
    refresh_lexicon()
    forget_vocabulary()
    forget_lexicon()
    return entries


def _answer(query: str) -> tuple[int, list[tuple]]:
    """What a judge sees of a search: the count, and each result with its score and highlight."""
    count, entries = search.search(query)
    return count, [(entry.pk, round(entry.score, 9), entry.highlight) for entry in entries]


def _page(query: str, filters: Filters) -> tuple:
    """What the search page shows beside the results: the count as it says it, and the facets."""
    found = find(query, filters)
    facets = facet_counts(found.analysis, filters)
    return found.count, found.count_is, [entry.pk for entry in found.entries], facets


@pytest.fixture
def estimated(monkeypatch):
    """Every result's count and facets estimated from the lexicon, as those of a large corpus are
    (a question matching more than COUNT_EXACTLY entries), however few the test's entries."""
    monkeypatch.setattr(search, "COUNT_EXACTLY", 0)
    monkeypatch.setattr(search_facets, "COUNT_EXACTLY", 0)
    # and a pool short of the matches: the five documents are their own pool, every count exact
    monkeypatch.setattr(search_ranking, "WHOLE_CORPUS_MAX", 0)


def _edit(entry_id: int, text: str) -> None:
    """As the admin saves an entry: the row changed, then the service that reindexes it."""
    entry = Entry.objects.get(pk=entry_id)
    entry.text = text
    entry.save()
    entry_saved(entry)


def test_a_question_asked_again_runs_one_statement_and_answers_the_same(corpus):
    question = "can I block a power blow with a normal block"
    first = _answer(question)
    with CaptureQueriesContext(connection) as captured:
        again = _answer(question)
    assert again == first and first[0] > 0
    assert len(captured) == 1  # the search itself; its words were remembered
    # a new question made of words met before needs no lexicon statement either
    _answer("power blow")
    with CaptureQueriesContext(connection) as captured:
        _answer("normal power block")
    assert len(captured) == 1
    # nor a query with operators asked before
    first = _answer('"power blow" -block')
    with CaptureQueriesContext(connection) as captured:
        assert _answer('"power blow" -block') == first and first[0] > 0
    assert len(captured) == 1


def test_a_question_asked_again_with_a_game_chosen_makes_no_statement_for_its_estimates(corpus, estimated):
    # the count under a chosen game and the page's facets are estimated from each word's entries
    # per source and kind: a question met before reads them from memory, as it does its words
    meccg = Filters(game="meccg")
    question = "can a wounded ranger in a moving company tap to cancel a hazard creature attack"
    first = _page(question, meccg)
    with CaptureQueriesContext(connection) as captured:
        again = _page(question, meccg)
    assert again == first
    count, count_is, entries, facets = first
    assert count_is == search.ABOUT and count > 0 and entries
    assert facets.estimated and facets.counts["game"]["meccg"] == count
    assert len(captured) == 1, [query["sql"][:80] for query in captured]  # the search alone
    forget_lexicon()
    assert _page(question, meccg) == first  # as a process that remembers nothing


def test_a_question_with_a_word_the_rulings_lack_asked_again_runs_one_statement(corpus):
    # "ranger" is an English word no ruling uses: it is left out, and it run together with its
    # neighbours ("woundedranger", "rangertap") is looked up, in case it was a card's name typed apart
    question = "can a wounded ranger tap to cancel an attack"
    first = find(question)
    assert first.left_out == ["ranger"] and first.entries
    with CaptureQueriesContext(connection) as captured:
        again = find(question)
    assert [entry.pk for entry in again.entries] == [entry.pk for entry in first.entries]
    assert len(captured) == 1, [query["sql"][:80] for query in captured]  # the search alone


def test_the_joined_words_remembered_are_bounded(corpus, monkeypatch):
    # a question of words already remembered, reordered, is new pairs to look up joined: without a
    # bound, a flood of such questions would grow the process' memory without end
    monkeypatch.setattr(search_memory, "REMEMBERED_MAX", 3)
    find("can a wounded ranger tap to cancel an attack")
    for question in ["ranger wounded", "ranger tap", "tap ranger", "ranger cancel", "cancel ranger"]:
        find(question)
        assert 0 < len(search_memory._remembered.joined) <= 3
    # what is remembered still answers as a fresh read does
    remembered = _answer("cancel ranger")
    forget_lexicon()
    assert remembered == _answer("cancel ranger")


def test_a_word_remembered_as_a_misspelling_is_read_again_once_an_entry_uses_it(small_corpus):
    # "exahustion" is not a word of the corpus: it reads as "exhaustion", one swap away
    (count, [(first, *_)]) = _answer("exahustion")
    assert count == 1 and first == small_corpus[1].pk
    _edit(small_corpus[2].pk, "An exahustion card (sic) is spelled so on its print.")
    # the remembered reading ("exhaustion") would still find the first entry: the search finds the
    # lexicon changed and reads the word again, now a word of the corpus, found as typed
    count, results = _answer("exahustion")
    assert [pk for pk, *_ in results] == [small_corpus[2].pk]


QUERIES = st.sampled_from(
    [
        "agents",
        "agnets",
        "exahustion",
        "exhaustion pile",
        "zorblat agents",
        "tapped",
        '"tapped agents" -move',
        "dis card pile",  # "card" left out while no entry uses it, "dis card" read as "discard"
    ]
)
TEXTS = st.sampled_from(
    [
        "A zorblat agent may tap.",
        "Agnets: a misprint on the card.",
        "Tapped agents cannot move.",
        "Exahustion is spelled so here.",
        "Draw a card.",
        "",
    ]
)
STEPS = st.lists(
    st.one_of(st.tuples(st.just("search"), QUERIES), st.tuples(st.integers(0, 2), TEXTS)),
    min_size=1,
    max_size=8,
)


def _everything(query: str) -> tuple:
    """The search as a judge meets it: its results, and the page's estimated count and facets
    under a chosen game."""
    return _answer(query), _page(query, Filters(game="meccg"))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS, revert=st.booleans())
def test_a_remembering_search_answers_as_one_that_remembers_nothing(small_corpus, estimated, steps, revert):
    ids = [entry.pk for entry in small_corpus]
    originals = dict(Entry.objects.filter(pk__in=ids).values_list("pk", "text"))
    asked = []
    for step, value in steps:
        if step == "search":
            asked.append(value)
            remembered = _everything(value)
            forget_lexicon()
            assert remembered == _everything(value), value
        else:
            _edit(ids[step], value)
    if revert:
        for pk, text in originals.items():
            _edit(pk, text)
    for query in asked:  # once more after the reverts, from what this process remembers
        remembered = _everything(query)
        forget_lexicon()
        assert remembered == _everything(query), query
