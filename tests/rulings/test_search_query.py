"""Reading a question: the words it sets aside ("besides defending") are not searched for."""

from __future__ import annotations

import pytest

from rulings.vocabulary import set_aside


@pytest.mark.parametrize(
    ("question", "aside"),
    [
        ("other reasons to exert besides defending", {"besides", "defending"}),
        (
            "can i play any card other than a block",
            {"other", "than", "a", "block"},
        ),  # stop words weigh nothing
        ("besides defending, can i exert to regain my feet", {"besides", "defending"}),  # to the clause's end
        ("everything except for the persona card and the deck", {"except", "for", "the", "persona", "card"}),
        ("can i exert to regain my feet", set()),
    ],
)
def test_the_words_a_question_sets_aside_end_with_its_clause(question, aside):
    # at most ASIDE_WORDS words after the marker: "and the deck" is the question's again
    assert set_aside(question) == aside
