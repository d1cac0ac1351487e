"""Card names inside ruling text link to the card pages, and show a preview on hover."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command

from cards.models import Card
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
