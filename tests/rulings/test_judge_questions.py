"""A judge's questions, in a judge's words (not the documents'), each answered by the entry that
must come first: from the search service and from the API. Nothing here is special-cased in the
search; the expected entry is named by its source and where it sits, never by an id."""

from __future__ import annotations

import pytest

from rulings.models import Entry
from rulings.search import Filters, search
from rulings.services import import_all
from tests.rulings.conftest import CORE, CRF, INWO, MEAS, MLE

pytestmark = pytest.mark.django_db


# (question, game filter or "", source, lookup of the answering entry)
QUESTIONS = [
    ("can I block a power blow with a normal block", "", CORE, {"title": "Power Blocks"}),
    ("how many pre-game cards can a deck have", "", CORE, {"title": "Pre-Game Cards"}),
    ("what happens when my endurance runs out of cards", "", CORE, {"title": "Exhaustion"}),
    ("can I use a ranged attack without a free hand", "", CORE, {"title": "Ranged Attacks"}),
    ("how many special cards can I play in one turn", "", CORE, {"section__endswith": "› Special Cards"}),
    ("what is the smallest deck I can play with", "", CORE, {"title": "Minimum Endurance Size"}),
    ("can a dirty trick be blocked", "", CORE, {"title": "Dirty Tricks"}),
    ("how many combat tricks can I play each turn", "", MLE, {"title": "Combat Trick Rules"}),
    ("can an attack that does no damage be a head shot", "", MLE, {"kind": "faq", "number": "33"}),
    ("can Kane steal my martial arts card", "", MLE, {"kind": "faq", "number": "26"}),
    ("mysterius technique", "", MLE, {"kind": "erratum", "card_name": "Mysterious Technique"}),
    (
        "can an ally carry an item",
        "meccg",
        CRF,
        {"section": "Ally", "text__startswith": "Allies cannot bear"},
    ),
    ("is an agent a creature", "meccg", CRF, {"section": "Agent", "text__contains": "*not* creatures"}),
    (
        "can I cancel an attack once strikes are assigned",
        "meccg",
        CRF,
        {"kind": "annotation", "number": "13"},
    ),
    ("how many regions can a company move through", "", MEAS, {"title": "Region Movement Limitation"}),
    ("where can I play a hoard item", "", MEAS, {"kind": "rule", "title": "Hoards"}),
    (
        "does my plot get discarded if its link becomes permanently illegal",
        "",
        INWO,
        {"text__startswith": "If a link to a Plot becomes permanently illegal"},
    ),
    (
        "can two players each have the same unique resource in play",
        "inwo",
        INWO,
        {"text__startswith": "If a Resource is Unique"},
    ),
]


@pytest.fixture
def corpus(db):
    import_all()


def test_a_dozen_judges_questions_are_answered_first(corpus, client):
    assert len(QUESTIONS) >= 12
    wrong = []
    for question, game, source, lookup in QUESTIONS:
        expected = Entry.objects.get(source__slug=source, status="current", **lookup)
        count, results = search(question, Filters(game=game))
        if not results or results[0].pk != expected.pk:
            top = [f"{entry.pk} {entry}" for entry in results[:3]]
            wrong.append(f"{question!r}: expected {expected.pk} {expected}, got {top}")
            continue
        body = client.get("/api/rulings/search/", {"q": question, "game": game}).json()
        if body["results"][0]["id"] != expected.pk:
            wrong.append(f"{question!r}: the API answers {body['results'][0]['id']} first")
    assert not wrong, "\n".join(wrong)
