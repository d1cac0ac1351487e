"""In Chromium: search a card with a typo, open it, see its errata timeline and its rulings."""

import pytest

from cards import kb


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_typo_search_then_card_page_with_timeline_and_rulings(page):
    from cards.models import Card
    from tests.catalogue_support import import_catalogue

    import_catalogue()
    if kb.available():
        from rulings.models import Entry, Source

        source = Source.objects.create(
            slug="highlander-mle-rule-supplement-2007",
            game="highlander",
            title="MLE rule supplement",
            authority="MLE team",
            format="mle",
        )
        entry = Entry.objects.create(
            source=source,
            key="faq-holy-ground",
            kind="faq",
            question="If I overturn Holy Ground in an Exertion, do I remove it from the game?",
            text="Yes, you do. Whenever Holy Ground enters the discard pile, it is removed from the game.",
        )
        entry.cards.add(Card.objects.get(slug="holy-ground"))

    page.goto("/cards/")
    page.get_by_label("Search the card catalogue").fill("holy grund")
    page.locator(".did-you-mean").wait_for()  # live results (htmx), no page load
    assert "Holy Ground" in page.locator(".did-you-mean").inner_text()
    assert page.locator(".card-result").count() == 1
    page.locator(".card-results").get_by_role("link", name="Holy Ground").click()
    page.wait_for_url("**/cards/holy-ground/")
    assert page.get_by_role("heading", level=1).inner_text().startswith("Holy Ground")
    assert page.locator(".errata-badge").first.is_visible()
    timeline = page.locator(".timeline")
    assert "Last line of text added" in timeline.inner_text()
    assert "Whenever this card enters your discard pile" in timeline.locator("ins").first.inner_text()
    if kb.available():
        assert "removed from the game" in page.locator(".card-rulings").inner_text()
