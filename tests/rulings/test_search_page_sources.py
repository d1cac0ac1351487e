"""The search page's list of sources (its Source select, its facets' labels, its links to browse)
is this process' copy, kept while the search statement sees the sources unchanged
(rulings.search_lexicon.SOURCES_VERSION): a search page reads no source row of its own, and any
change to a source, however it is made, shows on the next page."""

from __future__ import annotations

import re

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.models import Game, Source
from rulings.services import import_all

pytestmark = pytest.mark.django_db

QUESTION = {"q": "can I block a power blow"}


@pytest.fixture
def corpus(db):
    import_all()


def _page(client, params=QUESTION) -> tuple[str, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        html = client.get("/rulings/", params).content.decode()
    return html, [query["sql"] for query in queries.captured_queries]


def _reads_the_sources(statements: list[str]) -> bool:
    # the list's own statement (the search statement joins the result rows' sources, and reads
    # the sources' version)
    return any(re.match(r'\s*SELECT "rulings_source"\."id"', sql) for sql in statements)


def _source_option(html: str, slug: str) -> str | None:
    found = re.search(rf'<option value="{re.escape(slug)}"[^>]*>([^<]*)</option>', html)
    return found.group(1) if found else None


def test_a_search_page_after_another_reads_no_source_of_its_own(client, corpus):
    first, _ = _page(client)
    assert _source_option(first, "highlander-core-rules") == "Highlander: The Card Game — Rules"
    again, statements = _page(client, {"q": "what is a dodge"})
    assert not _reads_the_sources(statements), statements
    assert _source_option(again, "highlander-core-rules") == "Highlander: The Card Game — Rules"


def test_a_source_renamed_shows_renamed_on_the_next_page(client, corpus):
    _page(client)  # the list kept
    source = Source.objects.get(slug="highlander-core-rules")
    source.title = "Highlander core rules, second printing"
    source.save()  # as the admin saves it
    html, statements = _page(client)
    assert _reads_the_sources(statements)
    assert _source_option(html, "highlander-core-rules") == "Highlander core rules, second printing"
    assert "Highlander core rules, second printing (" in html  # the Source facet's label
    # a change made around the model (QuerySet.update, SQL) writes the row too
    Source.objects.filter(pk=source.pk).update(title="Core rules (updated in bulk)")
    html, _ = _page(client)
    assert _source_option(html, "highlander-core-rules") == "Core rules (updated in bulk)"


def test_a_source_added_or_deleted_shows_on_the_next_page(client, corpus):
    _page(client)
    added = Source.objects.create(
        slug="judges-notes", game=Game.HIGHLANDER, title="Judges' notes", authority="Head judge"
    )
    html, _ = _page(client)
    assert _source_option(html, "judges-notes") == "Judges&#x27; notes"
    added.delete()
    html, _ = _page(client)
    assert _source_option(html, "judges-notes") is None
    assert _source_option(html, "highlander-core-rules")


def test_a_page_whose_question_finds_nothing_still_lists_every_source(client, corpus):
    html, _ = _page(client, {"q": "zzzqqqxxx"})
    assert all(_source_option(html, slug) for slug in Source.objects.values_list("slug", flat=True))


def _options(html: str) -> list[tuple[str, str]]:
    select = re.search(r'<select name="source">(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', select)


def _listed_now() -> list[tuple[str, str]]:
    return [(slug, escape(title)) for slug, title in Source.objects.values_list("slug", "title")]


class _RolledBack(Exception):
    pass


TITLES = st.text(alphabet="abc XYZ'", min_size=1, max_size=12).map(str.strip).filter(bool)
CHANGES = st.lists(
    st.one_of(
        st.tuples(st.just("save"), st.integers(0, 4), TITLES),
        st.tuples(st.just("update"), st.integers(0, 4), TITLES),
        st.tuples(st.just("rolled back"), st.integers(0, 4), TITLES),
        st.tuples(st.just("add"), st.integers(0, 1000), TITLES),
        st.tuples(st.just("delete added"), st.just(0), st.just("")),
        st.tuples(st.just("nothing"), st.just(0), st.just("")),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=CHANGES)
def test_every_page_lists_the_sources_as_they_are_whatever_changed_them(client, corpus, changes):
    """Invariant: the page's Source select is the sources as stored, after any sequence of saves,
    bulk updates, changes rolled back, sources added and deleted, and pages in between."""
    imported = list(Source.objects.filter(entries__isnull=False).distinct().order_by("pk"))
    for change, index, title in changes:
        source = imported[index % len(imported)]
        if change == "save":
            source.refresh_from_db()
            source.title = title
            source.save()
        elif change == "update":
            Source.objects.filter(pk=source.pk).update(title=title)
        elif change == "rolled back":
            with pytest.raises(_RolledBack), transaction.atomic():
                Source.objects.filter(pk=source.pk).update(title=title + " (undone)")
                _page(client)  # seen inside the change, before it is undone
                raise _RolledBack
        elif change == "add":
            Source.objects.create(slug=f"added-{index}-{Source.objects.count()}", game=Game.INWO, title=title)
        elif change == "delete added":
            added = Source.objects.filter(slug__startswith="added-").order_by("-pk").first()
            if added:
                added.delete()
        html, _ = _page(client)
        assert _options(html) == _listed_now(), (change, index, title)
