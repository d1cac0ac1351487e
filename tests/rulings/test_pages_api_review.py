"""The issue's pages and API, checked once more: search page facets and highlights, entries around
a permalink, the source page's anchors, term pages, the Atom feed newest first, the API's shapes,
the command's JSON, and malformed queries answered with results or a clear 400."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from django.core.management import call_command
from django.utils.html import escape
from django.utils.text import Truncator
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulings.labels import label_all
from rulings.models import Entry, Source, Term
from rulings.search import Filters, SearchError, search
from rulings.services import import_all

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
RESULT_KEYS = {"id", "url", "kind", "label", "in_force", "game", "source", "section", "number", "question", "text", "cards", "highlight", "score"}  # fmt: skip


@pytest.fixture
def corpus(db):
    import_all()


# what the search API answers, whatever the question
SEARCH_ANSWER_KEYS = {
    "count",
    "count_is",
    "corrections",
    "left_out",
    "named_game",
    "named_source",
    "unmatched_game",
    "unmatched_source",
    "results",
}


def test_search_page_has_facets_with_counts_and_highlights(client, corpus):
    html = client.get("/rulings/", {"q": "power blow"}).content.decode()
    assert 'class="facets"' in html and "<mark>" in html
    facet_links = re.findall(r'<a href="\?([^"]+)">([^<]+) \((\d+)\)</a>', html)
    games = {label: int(n) for query, label, n in facet_links if "game=" in query}
    assert games.get("Highlander: The Card Game", 0) >= 1
    # a facet link narrows the results to it, and is then shown selected
    link = next(query for query, label, _ in facet_links if label == "Highlander: The Card Game")
    narrowed = client.get("/rulings/?" + link.replace("&amp;", "&")).content.decode()
    assert 'aria-current="true"' in narrowed
    ids = [int(pk) for pk in re.findall(r'<a class="result-title" href="/rulings/entries/(\d+)/', narrowed)]
    assert ids and set(Entry.objects.filter(pk__in=ids).values_list("source__game", flat=True)) == {
        "highlander"
    }
    # live results (htmx) carry the facets too
    partial = client.get("/rulings/", {"q": "power blow"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'class="facets"' in partial and "<html" not in partial


def _facet_counts(html: str, params: dict) -> dict[str, dict[str, int]]:
    """The facets' counts by value, read from the page's links (a selected value's link clears it)."""
    counts: dict[str, dict[str, int]] = {}
    for name, links in re.findall(r"<p><strong>(\w+)</strong>: (.*?)</p>", html):
        facet = name.lower()
        for query, n in re.findall(r'<a href="\?([^"]*)"[^>]*>[^<]+ \((\d+)\)</a>', links):
            pairs = dict(pair.split("=", 1) for pair in query.replace("&amp;", "&").split("&"))
            counts.setdefault(facet, {})[pairs.get(facet, params.get(facet))] = int(n)
    return counts


@pytest.mark.parametrize(
    "params",
    [{"q": "power blow", "game": "highlander"}, {"q": "attack", "kind": "rule"}, {"q": "inwo attack"}],
)
def test_a_facets_count_is_what_choosing_it_finds(client, corpus, params):
    # each facet counted every game's matches whatever was chosen: with Highlander chosen the kind
    # facet said "Rule (36)" for "inwo attack" (3 entries, all INWO rules); a count must be what
    # the link finds, under the choices made in the other facets and the game the question names
    counts = _facet_counts(client.get("/rulings/", params).content.decode(), params)
    assert counts.get("kind") and counts.get("game")
    for facet, values in counts.items():
        for value, n in values.items():
            narrowed = client.get("/api/rulings/search/", {**params, facet: value}).json()
            assert (narrowed["count"], narrowed["count_is"]) == (n, "exact"), (facet, value)


def test_permalink_shows_the_entries_around_it(client, corpus):
    entry = Entry.objects.get(source__slug="highlander-core-rules", title="Power Blocks")
    html = client.get(entry.get_absolute_url()).content.decode()
    around = Entry.objects.filter(source=entry.source, position__in=[entry.position - 1, entry.position + 1])
    assert "Around it" in html
    label_all(list(around))
    for other in around:  # each a link named by its kind and its label, cut at 100 characters
        line = f'<li><a href="{other.get_absolute_url()}">{other.get_kind_display()}: {escape(Truncator(other.label).chars(100))}</a></li>'
        assert line in html


def test_source_page_renders_the_whole_document_with_anchors(client, corpus):
    source = Source.objects.get(slug="meccg-crf6-rulings-by-term")
    html = client.get(source.get_absolute_url()).content.decode()
    for pk in source.entries.filter(status="current").values_list("pk", flat=True):
        assert f'id="entry-{pk}"' in html
    entry = source.entries.get(key="annotation-24")
    assert (
        f'href="{source.get_absolute_url()}#entry-{entry.pk}"'
        in client.get(entry.get_absolute_url()).content.decode()
    )


def test_term_page_lists_its_entries(client, corpus):
    term = Term.objects.get(game="meccg", slug="agent")
    html = client.get(term.get_absolute_url()).content.decode()
    assert "<h1>Agent</h1>" in html
    for entry in term.entries.filter(status="current"):
        assert f'href="{entry.get_absolute_url()}"' in html
    assert client.get("/rulings/terms/meccg/no-such-term/").status_code == 404


def test_atom_feed_newest_first(client, corpus):
    response = client.get("/rulings/feed/")
    assert response.status_code == 200 and "atom" in response["Content-Type"]
    feed = ET.fromstring(response.content)  # noqa: S314 - our own feed
    entries = feed.findall(f"{ATOM}entry")
    assert entries
    published = [entry.find(f"{ATOM}published").text for entry in entries]
    assert published == sorted(published, reverse=True)
    newest = Entry.objects.filter(status="current").order_by("-valid_from").first()
    assert published[0].startswith(newest.valid_from.isoformat())
    assert entries[0].find(f"{ATOM}link").get("href").startswith("http")


def test_api_search_shape_exactly(client, corpus):
    body = client.get("/api/rulings/search/", {"q": "nazgul", "game": "meccg"}).json()
    assert set(body) == SEARCH_ANSWER_KEYS
    assert body["count_is"] == "exact"
    assert body["count"] >= len(body["results"]) >= 1
    for result in body["results"]:
        assert set(result) == RESULT_KEYS
        assert set(result["source"]) == {"slug", "title", "authority", "date"}
        assert all(set(card) == {"slug", "name"} for card in result["cards"])
        assert result["url"].startswith("http") and result["game"] == "meccg"
    entries = client.get("/api/rulings/entries/", {"game": "meccg", "kind": "annotation"}).json()
    assert entries["count"] == 20 and {"count", "next", "previous", "results"} <= set(entries)


def test_search_command_prints_the_results_list(corpus, capsys):
    call_command("search_rulings", "power blow", "--game", "highlander", "--limit", "2", "--json")
    results = json.loads(capsys.readouterr().out)
    assert isinstance(results, list) and 1 <= len(results) <= 2
    assert all(set(result) == RESULT_KEYS for result in results)


@pytest.mark.parametrize(
    "params",
    [
        {"q": '"unterminated'},
        {"q": "a & b | !c"},
        {"q": "power <-> blow"},
        {"q": "\\"},
        {"q": "':*"},
        {"q": "nazgûl:*A"},
        {"q": "%s %(x)s {} []"},
        {"q": "-power -blow"},
        {"q": "power OR"},
        {"q": "İstanbul ß ﬁ"},
        {"q": "\u200d\u202e\ufeff"},
        {"q": " ".join(f"word{i}" for i in range(80))},
        {"q": "power blow", "kind": "nonsense"},
        {"q": "power blow", "status": "any"},
        {"q": "power blow", "game": "x" * 300},
        {"q": "power blow", "card": "no-such-card", "term": "no-such-term"},
        {"q": "power blow", "limit": "abc"},
        {"q": "power blow", "limit": "-5"},
        {"q": "power blow", "as_of": "2000-13-45"},
        {"q": "x" * 501},
        {"q": "a 5-1 attack"},  # PostgreSQL reads '-1', a lexeme with its sign, which the highlight missed
    ],
)
def test_malformed_queries_answer_200_or_a_clear_400(client, corpus, params):
    response = client.get("/api/rulings/search/", params)
    assert response.status_code in (200, 400)
    body = response.json()
    if response.status_code == 400:
        assert body["detail"]
    else:
        assert set(body) == SEARCH_ANSWER_KEYS
    page = client.get("/rulings/", params)
    assert page.status_code in (200, 400)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.text(max_size=120))
@example(query="0-1")  # found by this test: a 500 (the highlight took a signed number for no word)
def test_any_text_searches_or_is_refused_clearly(corpus, query):
    try:
        count, results = search(query, Filters())
    except SearchError as exc:
        assert str(exc)
        return
    assert count >= len(results)
