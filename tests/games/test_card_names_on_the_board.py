"""How the board names a card (``duel_tags.card_name``): a printed card links to its page, a card
the catalogue does not print (the rules engine's stand-ins) says so on hover, a face-down card is
named as nothing more, and whatever a card's name holds reaches the page as text, not markup."""

from __future__ import annotations

import pytest
from django.template import Context, Template

# every test here names cards of the curated catalogue
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def named(card: dict) -> str:
    return Template("{% load duel_tags %}{% card_name card %}").render(Context({"card": card}))


def test_a_printed_card_links_to_its_page():
    assert named({"key": "head-shot", "name": "Head Shot"}) == (
        '<a class="card-link" href="/cards/head-shot/" data-preview="/cards/head-shot/preview/">Head Shot</a>'
    )


def test_a_stand_in_says_it_is_not_a_printed_card():
    assert named({"key": "no-such-printed-card", "name": "Jump"}) == (
        '<span title="Not a printed card: the rules engine&#x27;s stand-in">Jump</span>'
    )


def test_a_face_down_card_is_named_as_nothing_more():
    assert named({"hidden": True, "key": "head-shot", "name": "Head Shot"}) == "a face-down card"


def test_a_name_holding_markup_is_shown_as_text():
    html = named({"key": 'x"><script>', "name": "<b>Bold</b> & co"})
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in html
