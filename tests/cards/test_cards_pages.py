"""The card page and the card search page."""

import re

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


def test_a_card_page_lists_the_rulings_headed_with_the_card_first_each_quoted_where_it_names_it(client):
    """A player on the Head Shot page needs the rule on Head Shots first, not the rulebook's
    introduction (which names Head Shot a long way into its text), and each entry quoted where
    it speaks of the card, not from its start."""
    from django.utils.html import strip_tags

    from tests.cards.test_card_names_in_rulings import load_everything

    load_everything()

    page = client.get("/cards/head-shot/").content.decode().replace("&#x27;", "'")

    listed = re.findall(
        r'<li><a href="[^"]+">([^<]+)</a>(.*?)</li>', page[page.index('id="rulings"') :], re.S
    )
    titles = [title for title, _ in listed]
    assert titles[0] == "Rule: Head Shots", titles
    assert titles.index("Rule: Head Shots") < titles.index("Rule: Game Concept and Goal of the Game")
    for title, body in listed:
        assert "Head Shot" in strip_tags(body), f"{title} is quoted where it names the card"
    introduction = strip_tags(dict(listed)["Rule: Game Concept and Goal of the Game"])
    assert "…" in introduction and "Your goal is to reduce your opponent" in introduction


def test_a_superseded_ruling_comes_after_the_ones_in_force_and_says_so(client, catalogue):
    from rulings.models import Entry, Source

    source = Source.objects.create(
        slug="test-rulings", game="highlander", title="Test rulings", authority="Test", format="mle"
    )
    card = Card.objects.get(slug="run-down")
    old, current = (
        Entry.objects.create(
            source=source, key=key, kind="ruling", text=f"Run Down: {text}", status=status, position=i
        )
        for i, (key, text, status) in enumerate(
            [("old", "the old reading.", "superseded"), ("new", "the reading now.", "current")]
        )
    )
    old.cards.add(card)
    current.cards.add(card)

    page = client.get("/cards/run-down/").content.decode()

    assert page.index("the reading now.") < page.index("the old reading.")
    assert "superseded, no longer in force" in page[page.index("the reading now.") :]


def test_the_errata_timeline_names_each_version_s_source_by_its_title(client):
    from tests.cards.test_card_names_in_rulings import load_everything

    load_everything()

    page = client.get("/cards/holy-ground/").content.decode()

    timeline = page[page.index('id="errata-timeline"') : page.index('id="rulings"')]
    assert "Printed</strong>" in timeline and "Missing Link Expansions Rule Supplement" in timeline
    assert "highlander-mle-rule-supplement-2007" not in timeline
