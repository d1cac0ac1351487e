"""The knowledge base on the real PostgreSQL: import, links, search, API."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import transaction

from rulings.importers import SourceFormatError
from rulings.models import Entry, Source, Term
from rulings.search import Analysis, Filters, Marker, Word, search
from rulings.services import import_all, import_source

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _imported_once(django_db_setup, django_db_blocker):
    """The five sources imported once for this module, in a transaction rolled back at its end.
    Each test runs in a savepoint inside it (pytest-django's `db`), so what one test changes is
    gone for the next, as with a fresh import, at a twentieth of the cost: importing everything
    for each test was most of `make test-external`'s time."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield import_all()
        transaction.set_rollback(True)


@pytest.fixture
def imported(_imported_once, db):
    return _imported_once


@pytest.fixture
def catalogue(imported):
    """The knowledge base, then the real card catalogue (its card versions cite entries)."""
    call_command("import_cards", str(settings.BASE_DIR / "cards/data/catalogue.json"))
    return imported


def test_import_counts_and_idempotence(imported):
    assert Source.objects.count() == 5
    crf = Entry.objects.filter(source__slug="meccg-crf6-rulings-by-term")
    assert crf.filter(kind="annotation").count() == 20
    assert Term.objects.filter(game="meccg").count() == 49
    assert Entry.objects.filter(source__slug="highlander-mle-rule-supplement-2007", kind="faq").count() == 38
    ids = dict(Entry.objects.values_list("key", "pk").filter(source__slug="meccg-crf6-rulings-by-term"))
    reports = import_all()
    assert all(report.created == 0 and report.updated == 0 for report in reports)
    assert (
        dict(Entry.objects.values_list("key", "pk").filter(source__slug="meccg-crf6-rulings-by-term")) == ids
    )


def test_amendment_linked_to_annotation_24(imported):
    amendment = Entry.objects.get(key="annotation-24-amendment")
    assert amendment.parent.key == "annotation-24"


def test_damaged_file_changes_nothing(imported, tmp_path):
    before = Entry.objects.count()
    bad = tmp_path / "meccg-crf6-rulings-by-term.txt"
    bad.write_bytes(b"\x00\x01binary")
    with pytest.raises(SourceFormatError, match="NUL"):
        import_source(bad)
    assert Entry.objects.count() == before


def test_misspelled_card_name_finds_the_erratum(imported):
    count, results = search("mysterius technique")
    assert count >= 1
    assert results[0].card_name == "Mysterious Technique"


def test_accents_folded(imported):
    count, results = search("nazgul tapped short-event", Filters(game="meccg"))
    assert count >= 1 and "Nazgûl" in results[0].text
    assert "<mark>Nazgûl</mark>" in results[0].highlight  # the folded word highlighted as written
    entry = Entry.objects.get(key="nazgul/ruling-1")
    assert entry.terms.filter(slug="nazgul").exists()


@pytest.mark.parametrize(
    "q",
    [
        '"',
        '""',
        "-",
        "or",
        "&|!",
        "a" * 10_000,
        "\x00\x01",
        "ünïcødé ☃ 漢字",
        "'; drop table x; --",
        "(((",
        "*",
    ],
)
def test_api_never_500(client, imported, q):
    response = client.get("/api/rulings/search/", {"q": q})
    assert response.status_code in (200, 400)
    body = response.json()
    assert ("results" in body) if response.status_code == 200 else ("detail" in body)


def test_api_shape(client, imported):
    body = client.get("/api/rulings/search/", {"q": "power blow", "game": "highlander"}).json()
    assert body["count"] >= 1
    result = body["results"][0]
    assert set(result) == {
        "id", "url", "kind", "game", "source", "section", "number", "question", "text", "cards", "highlight", "score",
        "label", "in_force",
    }  # fmt: skip
    assert result["label"].strip() and result["in_force"] is True  # named as the pages name it; current
    assert set(result["source"]) == {"slug", "title", "authority", "date"}
    detail = client.get(f"/api/rulings/entries/{result['id']}/")
    assert detail.status_code == 200
    listing = client.get(
        "/api/rulings/entries/", {"kind": "faq", "source": "highlander-mle-rule-supplement-2007"}
    )
    assert listing.json()["count"] == 38


def test_search_command_json(imported, capsys):
    call_command("search_rulings", "annotation 24", "--game", "meccg", "--limit", "3", "--json")
    results = json.loads(capsys.readouterr().out)
    assert results and results[0]["number"] == "24"


def test_pages(client, imported):
    entry = Entry.objects.get(key="annotation-24-amendment")
    page = client.get(entry.get_absolute_url())
    assert page.status_code == 200 and b"Annotation 18" in page.content
    assert client.get("/rulings/", {"q": "power blow"}).status_code == 200
    assert client.get(entry.source.get_absolute_url()).status_code == 200
    assert client.get("/rulings/feed/").status_code == 200


def test_highlight_marks_the_stemmed_words_with_their_endings():
    words = [Word("alli", 1.0, False, "ally"), Word("carri", 1.0, False, "carry", alternatives=["bear"])]
    words.append(Word("block", 1.0, False, "blocks"))
    mark = Marker(Analysis(words=words))
    assert mark(
        "Can allies carry?", "An ally's <b>items</b>: carried, bears, blocking & unblocked; player allied"
    ) == (
        "Can <mark>allies</mark> <mark>carry</mark>? An <mark>ally</mark>'s &lt;b&gt;items&lt;/b&gt;: "
        "<mark>carried</mark>, <mark>bears</mark>, <mark>blocking</mark> &amp; unblocked; player <mark>allied</mark>"
    )
    long = "word " * 200 + "the ally blocks here " + "word " * 200
    assert mark("", long).startswith("word word") and "<mark>ally</mark> <mark>blocks</mark>" in mark(
        "", long
    )
    assert len(mark("", long)) < 400


def test_the_sites_connections_never_jit_compile_a_statement(imported):
    """PostgreSQL's default (jit=on, with LLVM in Debian's packages and the official images)
    compiled the search's statements whenever the planner's estimate passed jit_above_cost, as it
    does while an import's tables have no statistics yet: reading a question's words took 600 ms
    instead of 1 ms on Debian's PostgreSQL 15, and `make test-external`'s bundled-data load ran out
    of time. config/env.py turns it off for every connection the site, the worker and the
    commands open."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone() == ("off",)
    assert search("what happens to the gold ring after testing it")[1]  # and search answers
