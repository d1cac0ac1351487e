"""Judge vocabulary rows of probe rounds 287-302 (migrations 0126, 0127): a judge's words for how a
card stands ("not legal" for illegal, "for a moment" for temporarily, "identical" for copies of the
same), for going on ("keep taking" turns for continuing) and for a rules document ("sheet" for
insert). Each test has a question the rows answer first that they did not before (the tests' corpus holds no
asked questions: the words alone find it), and quotes the rule text it finds."""

from __future__ import annotations

import pytest

from rulings.search import analyse, search
from tests.rulings.conftest import CORE, CRF, INWO, MEAS, result_keys

pytestmark = pytest.mark.django_db

TEMPORARILY_ILLEGAL = (INWO, "illegal-links/if-a-link-to-a-plot-or-resource")


def test_a_rules_sheet_is_an_insert(corpus):
    """MEAS insert, Introduction: "This insert provides expansion rules and clarifications for use
    with all Middle-earth Collectible Card Game (MECCG) products." -- sixteenth for the "little rules
    sheet" in the Against the Shadow box (probe round 291); seventeenth for this question (migration
    0126)."""
    question = "does the shadow rules sheet count for my old cards"
    assert "insert" in next(word for word in analyse(question).words if word.typed == "sheet").alternatives
    _, results = search(question)
    assert result_keys(results, 1) == [(MEAS, "introduction")], result_keys(results, 5)


@pytest.mark.parametrize(
    "question",
    [
        "attached card not legal right now, lost?",
        "my group cant hold the resource for a moment, is the resource lost",
        "plot card no good for a moment, do i keep it",
    ],
)
def test_what_is_not_legal_for_a_moment_is_temporarily_illegal(corpus, question):
    """INWO rules excerpt, Illegal Links: "If a link to a Plot or Resource becomes temporarily illegal,
    the Plot or Resource is not lost, but it has no effect until its link becomes legal again." --
    third for a link "not legal" (probe round 283), sixth for a group that "can't legally hold" a
    resource "for a moment" (probe round 292); third, fourth and not in the first twenty for these
    (migration 0126)."""
    _, results = search(question)
    assert result_keys(results, 1) == [TEMPORARILY_ILLEGAL], result_keys(results, 5)


@pytest.mark.parametrize(
    "question",
    ["two identical situations in play at once allowed?", "can i have identical objects on the table"],
)
def test_identical_cards_are_copies_of_the_same(corpus, question):
    """Highlander core rules, Situations & Objects: "You may have multiple copies of the same Situation
    or Object in play at once." -- eleventh for a "second identical" object (probe round 302); fourth
    and second for these (migration 0127)."""
    _, results = search(question)
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/situations-objects")], result_keys(
        results, 5
    )


@pytest.mark.parametrize(
    "question",
    ["lost every character, can i keep taking turns", "my characters all died, do i keep having turns"],
)
def test_to_keep_taking_turns_is_to_continue(corpus, question):
    """MECCG CRF, Character ruling 1: "You may continue to play after you have lost all of your
    characters." -- tenth for a player whose characters were killed asking to "keep taking" turns
    (probe round 300); third and fourth for these (migration 0127)."""
    _, results = search(question)
    assert result_keys(results, 1) == [(CRF, "character/ruling-1")], result_keys(results, 5)
