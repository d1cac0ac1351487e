"""Cards of one title (Sideswipe left and right, Twist Of The Blade unblockable and undodgeable)
are named with their variant wherever a card is listed: search results, ruling mentions, the
deck builder and the duel board."""

import pytest
from django.template import Context, Template

from cards.models import Card
from cards.selectors import label_for_key, link_card_names

pytestmark = pytest.mark.django_db


def test_search_results_name_each_variant(client, catalogue):
    page = client.get("/cards/", {"q": "twist of the blade"}).content.decode()
    assert "Twist Of The Blade (unblockable)" in page and "Twist Of The Blade (undodgeable)" in page


def test_a_ruling_naming_a_shared_title_links_to_both_cards_not_one(client, catalogue):
    html = str(link_card_names("Can Sideswipe be blocked?"))
    assert "/cards/sideswipe-left/" not in html, "the text does not say which Sideswipe"
    assert 'href="/cards/?q=name%3D%22Sideswipe%22"' in html
    assert "2 cards: Sideswipe (left), Sideswipe (right)" in html
    # one card of its name still links straight to its page, with its preview
    assert 'href="/cards/holy-ground/"' in str(link_card_names("Holy Ground"))
    # and the search the link opens lists exactly the twins
    listed = client.get("/cards/", {"q": 'name="Sideswipe"'}).content.decode()
    assert "2 cards" in listed and "Sideswipe (left)" in listed and "Sideswipe (right)" in listed


def test_a_ruling_page_lists_its_cards_with_their_variants(client, catalogue):
    from rulings.models import Entry, Source

    source = Source.objects.create(
        slug="highlander-mle-rule-supplement-2007",
        game="highlander",
        title="MLE rule supplement",
        authority="MLE team",
        format="mle",
    )
    entry = Entry.objects.create(
        source=source, key="sideswipes", kind="ruling", text="Sideswipe is a Special Attack."
    )
    entry.cards.add(*Card.objects.filter(name="Sideswipe"))
    page = client.get(entry.get_absolute_url()).content.decode()
    cards_listed = page[page.index("<dt>Cards</dt>") :].split("</dd>")[0]
    assert "Sideswipe (left)" in cards_listed and "Sideswipe (right)" in cards_listed


def test_the_board_names_a_card_in_hand_with_its_variant(catalogue):
    template = Template("{% load duel_tags %}{% card_name left %} / {% card_name right %}")
    html = template.render(
        Context(
            {
                "left": {"key": "sideswipe-left", "name": "Sideswipe"},
                "right": {"key": "sideswipe-right", "name": "Sideswipe"},
            }
        )
    )
    assert ">Sideswipe (left)</a> / " in html and ">Sideswipe (right)</a>" in html


def test_a_key_names_its_variant_even_without_the_catalogue():
    assert (
        label_for_key("twist-of-the-blade-undodgeable", "Twist Of The Blade", {})
        == "Twist Of The Blade (undodgeable)"
    )
    assert label_for_key("duck-generic", "Duck", {}) == "Duck (generic)"
    assert label_for_key("holy-ground", "Holy Ground", {}) == "Holy Ground"
    assert (
        label_for_key("master-s-chronicles", "Darius Master's Chronicles", {}) == "Darius Master's Chronicles"
    )
