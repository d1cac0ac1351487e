"""The rule behind each choice, as a judge reads it: the engine's rule ids resolved to the
rulebook's own section (quoted, linked) and a card's own text, from the bundled sources."""

from __future__ import annotations

import pytest
from django.core.management import call_command

import rules
from rulings.models import Entry
from sandbox.rule_texts import rule_texts

pytestmark = pytest.mark.django_db


@pytest.fixture
def rulebooks():
    call_command("import_sources", verbosity=0)


# An engine rule id -> the rulebook section (entry key) a judge should land on.
SECTIONS = {
    "core/advanced/power-blows": "advanced-concepts/exertions/power-blows",
    # the sentence on it is in the sweep's May Do section, under the one the id names
    "core/sequence-of-play/sweep-phase/defense-discard": "the-sequence-of-play/sweep-phase/may-do-effects",
    "core/sequence-of-play/draw-discard": "the-sequence-of-play/draw-discard-phase",
    "core/advanced/exertions/hand-locked": "advanced-concepts/exertions",
    "core/constructing/special-cards": "constructing-a-deck/special-cards",
    "core/goal/zero-ability": "game-concept-and-goal-of-the-game",
    "mle/combat-tricks": "in-game-cards/combat-tricks",
    "mle/faction-personas/declare": "pre-game-cards/faction-personas",
}


def test_an_engine_rule_id_links_to_its_rulebook_section(rulebooks):
    cited = rule_texts(SECTIONS)
    landed = {rule: Entry.objects.get(pk=cited[rule].url.split("/")[-2]).key for rule in SECTIONS}
    assert landed == SECTIONS
    assert all(cited[rule].text for rule in SECTIONS)  # the engine's quote, else the section's opening


def test_the_engine_s_own_quote_comes_first_and_a_section_without_one_is_quoted_from_the_book(rulebooks):
    cited = rule_texts(["core/advanced/guard", "core/exhaustion"])
    assert (
        cited["core/advanced/guard"].text
        == "You must remove your Guard from play in order to play a new defense."
    )
    exhaustion = Entry.objects.get(key="advanced-concepts/exhaustion", status="current")
    quoted = cited["core/exhaustion"].text.removesuffix(" …")
    assert quoted in " ".join(exhaustion.text.split()) and "xhaust" in quoted
    # Of a section's sentences, the one on what the id names: discarding a defense in the sweep.
    sweep = rule_texts(["core/sequence-of-play/sweep-phase/defense-discard"])
    assert "discard one defense" in next(iter(sweep.values())).text


def test_a_card_rule_quotes_the_card_and_an_unknown_rule_is_shown_as_it_is(db):
    cited = rule_texts(["card/foresee-the-unexpected", "engine/turn-limit"])
    assert (
        cited["card/foresee-the-unexpected"].text.split()[:5]
        == rules.cardpool()["foresee-the-unexpected"].text.split()[:5]
    )
    assert cited["engine/turn-limit"].text == "" and cited["engine/turn-limit"].url == ""
