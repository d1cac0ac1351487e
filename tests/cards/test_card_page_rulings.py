"""A card page lists first the rulings ABOUT the card (its errata, clarifications, the rules and
questions on it), then, under their own heading, the rulings naming it in passing; never another
card's erratum under "about"."""

import re

import pytest
from django.utils.html import strip_tags

from cards import kb
from cards.models import Card
from cards.schema import fold
from tests.cards.test_card_names_in_rulings import load_everything

pytestmark = pytest.mark.django_db


def listed(page: str, section_id: str) -> list[str]:
    start = page.index(f'id="{section_id}"')
    section = page[start : page.index("</section>", start)]
    return [strip_tags(title) for title in re.findall(r'<li><a href="[^"]+">([^<]+)</a>', section)]


def test_darius_lists_his_own_rulings_then_other_cards_errata_as_mentions(client):
    load_everything()
    page = client.get("/cards/darius/").content.decode().replace("&#x27;", "'")

    about = listed(page, "rulings")
    assert about[0] == "Erratum: Darius", about
    assert any(title.startswith("FAQ") for title in about), "the questions on Darius are about him"
    for other in ("Darius Combination", "Darius Master's Chronicles", "Darius' Duck"):
        assert not any(other in title for title in about), f"{other}'s ruling is not about Darius"
        assert any(other in title for title in listed(page, "rulings-mentioning"))
    assert "Other rulings that mention Darius" in page


def test_one_variants_erratum_is_not_about_its_twin(client):
    load_everything()
    left = listed(client.get("/cards/sideswipe-left/").content.decode(), "rulings")
    assert left == ["Erratum: Sideswipe"]
    left_erratum = (
        Card.objects.get(slug="sideswipe-left").versions.exclude(source_entry=None).get().source_entry
    )
    about, mentions = kb.rulings_about(Card.objects.get(slug="sideswipe-right"))
    assert left_erratum not in about and left_erratum in mentions


def test_no_card_has_another_cards_erratum_or_clarification_about_it():
    load_everything()
    for card in Card.objects.all():
        about, _ = kb.rulings_about(card)
        own = set(card.versions.values_list("source_entry", flat=True))  # its text versions' sources
        for entry in about:
            if entry.kind in ("erratum", "clarification") and entry.card_name:
                assert entry.pk in own or fold(entry.card_name) == fold(card.name), (
                    card.slug,
                    entry.card_name,
                )
