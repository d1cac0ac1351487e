"""Card names inside ruling text link to the card pages, and show a preview on hover."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.core.management import call_command
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cards.models import Card
from cards.schema import fold, slugify
from cards.selectors import link_card_names


def load_everything():
    call_command("import_sources", verbosity=0)
    call_command("import_cards", str(settings.BASE_DIR / "cards" / "data" / "catalogue.json"), verbosity=0)


@pytest.mark.django_db
def test_names_are_linked_whole_with_case_and_accents_folded():
    nazgul = Card.objects.create(game="meccg", name="Nazgûl Test", slug="nazgul-test", type="Character")
    run = Card.objects.create(game="highlander", name="Run", slug="run-test", type="Event")
    run_down = Card.objects.create(
        game="highlander", name="Run Down Test", slug="run-down-test", type="Attack"
    )

    html = str(
        link_card_names("The NAZGUL TEST is here; a Run Down Test is not a Run.", [nazgul, run, run_down])
    )

    assert f'<a class="card-link" href="{nazgul.get_absolute_url()}"' in html
    assert ">NAZGUL TEST</a>" in html, "the text keeps its own spelling"
    assert html.count(f'href="{run.get_absolute_url()}"') == 1, (
        "the longer name wins: 'Run' inside 'Run Down Test' is not linked"
    )
    assert html.count(f'href="{run_down.get_absolute_url()}"') == 1
    assert str(link_card_names("<script>Run</script>", [run])).startswith("&lt;script&gt;")


@pytest.mark.django_db
def test_an_entry_page_links_the_cards_it_names(client):
    load_everything()
    from rulings.models import Entry

    entry = Entry.objects.get(kind="erratum", card_name="Mysterious Technique")
    named_in_text = [card for card in entry.cards.all() if card.name.lower() in entry.text.lower()]
    assert named_in_text, "the erratum's text names at least one other card (Power Blow)"

    page = client.get(entry.get_absolute_url()).content.decode()

    for card in named_in_text:
        assert f'class="card-link" href="{card.get_absolute_url()}"' in page
        assert f'data-preview="{card.get_absolute_url()}preview/"' in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_hovering_a_card_name_in_a_ruling_shows_the_card(page):
    load_everything()
    from rulings.models import Entry

    # A ruling whose text names an attack card (one with a grid).
    entry, card = next(
        (entry, card)
        for entry in Entry.objects.filter(source__game="highlander").prefetch_related("cards").order_by("pk")
        for card in entry.cards.all()
        if card.grid and card.name.lower() in entry.text.lower()
    )
    page.goto(entry.get_absolute_url())

    link = page.locator(f'article.entry a.card-link[href="{card.get_absolute_url()}"]').first
    link.hover()
    popover = page.locator("#card-popover")
    popover.wait_for(state="visible")
    assert card.name in popover.inner_text()
    assert popover.locator("svg.card-grid").count() == 1, "the attack's grid is drawn"
    page.mouse.move(0, 0)
    popover.wait_for(state="hidden")


@pytest.mark.django_db
def test_a_name_in_a_text_whose_folding_changes_its_length_is_linked_where_it_stands():
    # "ß" folds to two letters, "ﬁ" (a ligature) to two, a combining accent to none: each link
    # still wraps the name as written, not a span shifted by the folding
    nazgul = Card.objects.create(game="meccg", name="Nazgûl Test", slug="nazgul-test", type="Character")
    text = "Straße ﬁrst: the Nazgu\u0302l Test, then NAZGÛL TEST."
    html = str(link_card_names(text, [nazgul]))
    assert html.count('class="card-link"') == 2
    assert ">Nazgu\u0302l Test</a>" in html and ">NAZGÛL TEST</a>" in html
    assert html.startswith("Straße ﬁrst: the <a ") and html.endswith("</a>.")


NAMES = ["Nazgûl Test", "Run", "Run Down Test"]


@hypothesis_settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    pieces=st.lists(
        st.sampled_from(
            [
                "NAZGUL TEST",
                "nazgûl test",
                "Run",
                "run down test",
                "Straße",
                "ﬁ",
                "é",
                "\u0302",
                " ",
                ", ",
                "<b>",
                "&",
                "Runner",
                "x",
            ]
        ),
        max_size=12,
    )
)
@pytest.mark.django_db
def test_linking_names_keeps_the_text_and_links_only_whole_names(pieces):
    cards = [
        Card.objects.get_or_create(
            game="highlander", name=name, slug=slugify(name), defaults={"type": "Event"}
        )[0]
        for name in NAMES
    ]
    text = "".join(pieces)
    html = str(link_card_names(text, cards))
    # the text as written, once the links are taken away and the escaping read back
    assert unescape(re.sub(r"<a [^>]*>|</a>", "", html)) == text
    # each link wraps one card's name, folded alike, as a whole word
    for linked in re.findall(r"<a [^>]*>(.*?)</a>", html):
        assert fold(unescape(linked)) in {fold(name) for name in NAMES}
