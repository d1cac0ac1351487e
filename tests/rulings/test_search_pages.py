"""Pages a judge reads around the search: entries named so they can be told apart, the entries
around one, a source's table of contents, a term's definition, views counted."""

from __future__ import annotations

import re

import pytest

from rulings.models import Entry, EntryViews, Source, Term
from rulings.services import import_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def corpus(db):
    import_all()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_entries_are_named_apart_and_never_untitled(client, corpus):
    source = Source.objects.get(slug="inwo-rules-excerpt")
    html = client.get(source.get_absolute_url()).content.decode()
    contents = _text(
        html[html.index('<nav class="toc"') : html.index("</nav>", html.index('<nav class="toc"'))]
    )
    assert "Untitled section" not in contents
    assert "Each temporary link may be moved once per turn." in contents  # its opening words
    # the five "Illegal Links" entries each show their own first words
    assert contents.count("Illegal Links:") >= 5 and "Illegal Links: If a link to a Plot becomes" in contents
    # the API names results as the pages do, and says whether each is in force
    body = client.get("/api/rulings/search/", {"q": "how often can I move a temporary link"}).json()
    assert body["results"][0]["label"].startswith("Each temporary link may be moved once per turn.")
    assert all(result["label"] and "Untitled" not in result["label"] for result in body["results"])
    assert all(result["in_force"] for result in body["results"])
    # the same title in two chapters, in one list of results: told apart by the chapter
    core = _text(client.get("/rulings/", {"q": "special attacks"}).content.decode())
    assert "Special Attacks (Constructing a Deck)" in core and "Special Attacks (Advanced Concepts)" in core


def test_a_result_whose_title_only_repeats_its_kind_and_number_shows_its_opening_words(client, corpus):
    """MECCG CRF's annotations are titled "Annotation 12": the result line read "Annotation 12:
    Annotation 12", which tells a judge nothing the number did not; it now names the term and the
    annotation's first words, as an untitled ruling's line does."""
    page = _text(client.get("/rulings/", {"q": "when is an attack over"}).content.decode())
    assert "Annotation 12: Annotation 12" not in page
    assert "Annotation 12: Attack: An attack is considered to be resolved and concluded" in page
    # a title saying more than its number stays the title
    page = _text(client.get("/rulings/", {"q": "annotation 11", "game": "meccg"}).content.decode())
    assert "Annotation 11: Annotation 11 (modified from its original version)" in page


def test_the_table_of_contents_links_to_descriptive_anchors(client, corpus):
    source = Source.objects.get(slug="meccg-crf6-rulings-by-term")
    html = client.get(source.get_absolute_url()).content.decode()
    links = re.findall(r'<nav class="toc".*?</nav>', html, re.S)[0]
    anchors = re.findall(r'href="#([^"]+)"', links)
    assert "agent-ruling-5" in anchors and "annotation-24" in anchors
    assert any(re.fullmatch(r"section-\d+-body-check", anchor) for anchor in anchors)
    for anchor in anchors:
        assert f'id="{anchor}"' in html  # every link lands somewhere


def test_a_term_page_gives_the_documents_definition_then_the_rulings(client, corpus):
    term = Term.objects.get(game="highlander", slug="exhaustion")
    html = client.get(term.get_absolute_url()).content.decode()
    definition = html[html.index('class="definition"') : html.index("Rulings under it")]
    assert "When the last card in your Endurance is drawn" in definition
    agent = client.get(Term.objects.get(game="meccg", slug="agent").get_absolute_url()).content.decode()
    assert "give no definition" in agent and "Agents are *not* creatures." in agent


def test_around_it_lists_distinct_neighbours_and_reading_counts(client, corpus):
    entry = Entry.objects.get(source__slug="meccg-crf6-rulings-by-term", key="agent/ruling-5")
    html = client.get(entry.get_absolute_url()).content.decode()
    around = html[html.index("Around it") :]
    names = re.findall(r'<li><a href="/rulings/entries/(\d+)/">([^<]+)</a></li>', around)
    assert len(names) == 4 and len({pk for pk, _ in names}) == 4 and len({name for _, name in names}) == 4
    assert str(entry.pk) not in {pk for pk, _ in names}
    client.get(entry.get_absolute_url())
    assert EntryViews.objects.get(entry=entry).count == 2
    start = _text(client.get("/rulings/").content.decode())
    assert "Most read" in start and "Agents are *not* creatures." in start and "read 2 times" in start


def test_a_result_no_longer_in_force_says_so_and_since_when(client, corpus):
    """A judge who asks for every entry (status=any) sees which results are not in force, why and
    since when; those in force say so; each line names its source, authority and date."""
    import datetime as dt

    from rulings.models import Status

    old = Entry.objects.get(
        source__slug="inwo-rules-excerpt", text__startswith="Each temporary link may be moved"
    )
    Entry.objects.filter(pk=old.pk).update(status=Status.SUPERSEDED, valid_to=dt.date(2007, 1, 16))

    html = client.get(
        "/rulings/", {"q": "how often can I move a temporary link", "status": "any"}
    ).content.decode()

    lines = re.findall(r'<li class="result">.*?</li>', html, re.S)
    mine = next(line for line in lines if f'href="/rulings/entries/{old.pk}/?asked=' in line)
    assert "not in force: superseded since Jan. 16, 2007" in _text(mine)
    others = [line for line in lines if line is not mine]
    assert others and all('<span class="in-force">in force</span>' in line for line in others)
    source = old.source
    assert f">{source.title}</a> · " in mine and source.authority in mine


def test_a_reading_is_counted_in_one_statement_that_does_not_wait_for_the_disk(client, corpus):
    """Every entry page counts its reading: one round trip (no BEGIN, SET and COMMIT of its own),
    whose commit skips the wait for the write-ahead log (a count is not worth an fsync)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from rulings.services import count_view

    entry = Entry.objects.get(source__slug="meccg-crf6-rulings-by-term", key="agent/ruling-5")
    with CaptureQueriesContext(connection) as statements:
        count_view(entry.pk)
        count_view(entry.pk)
    assert len(statements) == 2
    assert EntryViews.objects.get(entry=entry).count == 2
    with connection.cursor() as cursor:  # the test's transaction is the statements' own
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("off",)
