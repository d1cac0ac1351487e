"""The card page and the card search page."""

import pytest

from cards.models import Card
from cards.selectors import link_card_names

pytestmark = pytest.mark.django_db


def test_card_page_shows_text_grid_badge_and_timeline(client, catalogue):
    page = client.get("/cards/run-down/").content.decode()
    assert "Run Down" in page and 'class="badge errata-badge"' in page
    assert '<svg class="card-grid"' in page and "Grid ---/XXX/XXX" in page
    assert "Errata timeline" in page
    assert "<ins> This is considered a Vehicle attack.</ins>" in page
    assert "[Last line of text added]" in page


def test_card_page_compares_any_two_versions(client, catalogue):
    card = Card.objects.get(slug="expert-thrust")
    first, last = card.versions.all()
    page = client.get("/cards/expert-thrust/", {"a": last.pk, "b": first.pk}).content.decode()
    assert "<ins> This attack may not be a power blow.</ins>" in page


def test_card_without_versions(client, catalogue):
    page = client.get("/cards/cunning-foes/").content.decode()
    assert "Cunning Foes" in page and "errata-badge" not in page.split("<article")[1].split("</h1>")[0]


def test_search_page_full_and_htmx_partial(client, catalogue):
    full = client.get("/cards/", {"q": "sideswipe"})
    assert full.status_code == 200
    assert "<form" in full.content.decode() and "Sideswipe (left)" in full.content.decode()
    partial = client.get("/cards/", {"q": "sideswipe"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Sideswipe (right)" in partial and "<form" not in partial


def test_search_page_typo_and_error(client, catalogue):
    page = client.get("/cards/", {"q": "mysterius tecnique"}).content.decode()
    assert "Did you mean" in page and "/cards/mysterious-technique/" in page
    bad = client.get("/cards/", {"q": "o:"})
    assert bad.status_code == 400 and "needs a value" in bad.content.decode() and "^" in bad.content.decode()


def test_preview_and_card_names_linked_in_text(client, catalogue):
    assert "Holy Ground" in client.get("/cards/holy-ground/preview/").content.decode()
    html = str(link_card_names("Will Holy Ground work on <CTs>?"))
    assert 'href="/cards/holy-ground/"' in html and "&lt;CTs&gt;" in html
    assert 'title="Holy Ground — Unexpected Event: ' in html
