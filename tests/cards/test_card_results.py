"""Search results show each card's current text (its errata applied), shortened between words,
and its grid when it has one."""

import re

import pytest
from django.utils.html import strip_tags

from cards.errata import add_version
from cards.models import Card
from cards.templatetags.cards_tags import card_snippet

pytestmark = pytest.mark.django_db


def result_items(page: str) -> dict[str, str]:
    items = re.findall(r'<li class="card-result">(.*?)</li>', page, re.S)
    return {strip_tags(re.search(r'class="card-link">(.*?)</a>', item).group(1)): item for item in items}


def test_a_result_shows_the_current_text_with_errata_and_the_grid(client, catalogue):
    items = result_items(client.get("/cards/", {"q": "run down"}).content.decode())
    run_down = items["Run Down"]
    text = Card.objects.get(slug="run-down").text
    shown = re.search(r'class="card-result-text">(.*?)</p>', run_down, re.S).group(1)
    assert shown.endswith(" …") and text.startswith(shown[:-2])  # the current text, shortened
    assert '<svg class="card-grid"' in run_down and "Grid ---/XXX/XXX" in run_down


def test_an_erratum_changes_what_the_result_list_shows(client, catalogue, editor):
    card = Card.objects.get(slug="holy-ground")
    add_version(card, kind="erratum", text="Errata wording the list must show.", user=editor, reason="test")
    items = result_items(client.get("/cards/", {"q": "holy ground"}).content.decode())
    assert "Errata wording the list must show." in items["Holy Ground"]


def test_a_card_without_a_grid_shows_no_grid_box(client, catalogue):
    items = result_items(client.get("/cards/", {"q": "holy ground"}).content.decode())
    assert "card-grid" not in items["Holy Ground"]


def test_long_text_is_shortened_between_words_with_an_ellipsis():
    sentences = "You may play an additional attack this turn. " * 6
    short = card_snippet(sentences)
    assert short.endswith("this turn. …") and len(short) <= 170
    one_long_sentence = "word " * 80
    short = card_snippet(one_long_sentence)
    assert short.endswith("word …") and len(short) <= 170
    assert card_snippet("Short text.") == "Short text."


def test_a_result_line_shows_every_field_of_the_card_escaped(client, editor):
    card = Card.objects.create(
        game="highlander",
        name="Lunge <i>",
        variant="left",
        slug="lunge-test-left",
        type="Attack",
        subtitle="Sword & Sorcery",
        restriction=2,
        attributes={"grid": "X--/---/---"},
        text="Printed text.",
    )
    add_version(card, kind="erratum", text='Hit & "run" <now>.', user=editor, reason="test")
    item = result_items(client.get("/cards/", {"q": "lunge"}).content.decode())["Lunge &lt;i&gt; (left)"]
    grid = re.search(r'<div class="card-result-grid"><svg class="card-grid" [^>]*aria-label="([^"]*)"', item)
    assert grid and grid.group(1) == "Grid X--/---/---: upper left covered"
    assert re.sub(r"\s+", " ", item[item.index('<div class="card-result-body">') :]).strip() == (
        '<div class="card-result-body"> <p class="card-result-title">'
        '<a href="/cards/lunge-test-left/" class="card-link">Lunge &lt;i&gt; (left)</a> '
        '<span class="badge errata-badge" title="The text shown has its errata applied">errata</span></p> '
        '<p class="card-meta">Highlander: The Card Game · Attack · Sword &amp; Sorcery · R2</p> '
        '<p class="card-result-text">Hit &amp; &quot;run&quot; &lt;now&gt;.</p> </div>'
    )


def test_a_result_line_leaves_out_the_fields_a_card_lacks(client):
    Card.objects.create(game="meccg", name="Bare Test Card", slug="bare-test-card")
    item = result_items(client.get("/cards/", {"q": "bare test card"}).content.decode())["Bare Test Card"]
    assert "card-result-grid" not in item and "errata-badge" not in item and "card-result-text" not in item
    assert re.search(r'<p class="card-meta">([^<]*)</p>', item).group(1) == "Middle-earth CCG"
