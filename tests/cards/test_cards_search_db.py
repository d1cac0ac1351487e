"""The search language against the catalogue: each operator."""

import pytest

from cards.query import QuerySyntaxError
from cards.search import search

pytestmark = pytest.mark.django_db


def slugs(query):
    return {c.slug for c in search(query).cards}


def test_bare_words_and_phrase(catalogue):
    assert slugs("sideswipe") == {"sideswipe-left", "sideswipe-right"}
    assert slugs('"twist of the blade"') == {
        "twist-of-the-blade-unblockable",
        "twist-of-the-blade-undodgeable",
    }
    assert "the-nazgul-are-abroad" in slugs("nazgul")  # accents folded
    assert "the-nazgul-are-abroad" in slugs("Nazgûl")


def test_fuzzy_name_with_did_you_mean(catalogue):
    result = search("holy grund")
    assert result.fuzzy and result.did_you_mean == "Holy Ground"
    assert result.cards[0].slug == "holy-ground"


def test_text_type_game_sub(catalogue):
    assert slugs('o:"vehicle attack"') == {"run-down", "sideswipe-left", "sideswipe-right"}
    assert "twist" in slugs("t:edge sub:katar")
    assert slugs("game:inwo") == slugs("g:illuminati") and len(slugs("game:inwo")) == 6
    assert slugs('t="Hazard creature"') == {"mumak"}


def test_restriction(catalogue):
    assert "expert-thrust" in slugs("r<=1")
    assert all(c.restriction is not None and c.restriction > 3 for c in search("r>3").cards)
    assert "hans-kershner" in slugs("r=6")
    assert "thrust" in slugs("r:none t:attack")


def test_is_flags(catalogue):
    errata = slugs("is:errata")
    assert {"mysterious-technique", "holy-ground", "run-down"} <= errata and "final-slice" not in errata
    assert "run-down" in slugs("is:special") and "thrust" not in slugs("is:special")
    assert "master-s-advance" in slugs("is:master")
    assert len(slugs("is:basic t:attack")) == 9


def test_grid(catalogue):
    assert slugs("grid:X--/X--/X--") == {"sideswipe-left"}
    assert slugs("grid:ul t:attack") == {"upper-left-attack", "sideswipe-left"}
    assert slugs("grid:upper-left,lower-left") == {"sideswipe-left"}
    assert slugs("grid:???/XXX/???") == {"run-down"}


def test_negation_or_parentheses(catalogue):
    design = slugs("t:attack game:highlander -is:special")
    assert "thrust" in design and "run-down" not in design
    assert slugs("sideswipe or holy") == {"sideswipe-left", "sideswipe-right", "holy-ground"}
    assert slugs("(t:block or t:dodge) grid:ul,mc") == {"upper-left-block"}
    assert "sideswipe-left" not in slugs("sideswipe -grid:ul")


def test_broken_query_raises(catalogue):
    with pytest.raises(QuerySyntaxError):
        search("t:attack or")


def test_a_phones_typographic_quotes_make_a_phrase_as_straight_ones_do(catalogue):
    # iOS and Android type “ ” for '"': “blade twist” was two bare words (“blade and twist”),
    # not the phrase
    assert search("“blade twist”").ast == search('"blade twist"').ast
    assert slugs("„twist of the blade‟") == slugs('"twist of the blade"') != set()
    with pytest.raises(QuerySyntaxError) as refused:  # an unclosed one is named where it was typed
        search("“twist of")
    assert "never closed" in str(refused.value)
