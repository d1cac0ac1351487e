"""The judge vocabulary as data the admins edit (rulings.models_search.JudgeWord): a row saved in
the admin takes effect at once, and a "*" gap in a rewrite is read as one to three words, or refused
with the reason when misplaced."""

from __future__ import annotations

import pytest

from rulings.models import JudgeWord
from rulings.search import find, search
from rulings.vocabulary import forget_vocabulary, vocabulary

pytestmark = pytest.mark.django_db


def test_the_judge_vocabulary_is_data_an_admin_edits(corpus, admin_client):
    _, before = search("zombie")
    assert not before
    response = admin_client.post(
        "/admin/rulings/judgeword/add/",
        {"typed": "zombie", "kind": "alternative", "means": "prone", "note": "knocked flat"},
    )
    assert response.status_code == 302
    _, after = search("zombie")  # the admin's save forgot this process' cached vocabulary
    assert after and "prone" in after[0].text.lower()
    assert JudgeWord.objects.filter(typed="deck", kind="alternative", means="endurance").exists()


def test_the_words_inside_a_phrasal_verb_are_kept(corpus, admin_client):
    """A "*" in a rewrite an admin writes stands for one to three words, read after the replacement."""
    response = admin_client.post(
        "/admin/rulings/judgeword/add/",
        {"typed": "pick * up", "kind": "rewrite", "means": "draw", "note": "everyday for drawing"},
    )
    assert response.status_code == 302
    read = vocabulary().rewritten
    assert read("can i pick two cards up now") == "can i draw two cards now"
    assert read("pick it up") == "draw it"
    assert read("pick up") == "pick up"  # no words inside: not this row
    assert read("pick three more cards up") == "draw three more cards"
    assert read("pick all three extra cards up") == "pick all three extra cards up"  # four: too far apart
    assert read("repick it upward") == "repick it upward"  # whole words only


@pytest.mark.parametrize(
    ("typed", "kind", "problem"),
    [
        ("* away", "rewrite", "between two words"),  # would take any word before "away"
        ("throw *", "rewrite", "between two words"),
        ("throw * * away", "rewrite", "once"),
        ("thr*w away", "rewrite", "stands alone"),
        ("throw * away", "alternative", "Only a rewrite"),
    ],
)
def test_a_misplaced_gap_is_refused_and_left_out(corpus, admin_client, typed, kind, problem):
    """The admin's form says what is wrong with a "*" and keeps nothing; a row written around the
    form (a shell, a fixture) is left out of the vocabulary rather than rewriting every question."""
    response = admin_client.post(
        "/admin/rulings/judgeword/add/", {"typed": typed, "kind": kind, "means": "discard", "note": ""}
    )
    assert response.status_code == 200 and problem in response.content.decode()
    assert not JudgeWord.objects.filter(typed=typed, kind=kind).exists()
    JudgeWord.objects.create(typed=typed, kind=kind, means="discard")
    forget_vocabulary()
    assert vocabulary().rewritten("run away and throw it all away") == "run away and discard it all"


def test_an_admin_names_a_source_and_questions_naming_it_search_it(corpus, admin_client):
    """A source's name is a row too: a question naming it searches that source first."""
    response = admin_client.post(
        "/admin/rulings/judgeword/add/",
        {"typed": "insert", "kind": "source", "means": "meccg-against-the-shadow-rules-insert", "note": ""},
    )
    assert response.status_code == 302
    found = find("what does the insert say about under-deeps")
    assert found.named_source == "meccg-against-the-shadow-rules-insert"
    assert {entry.source.slug for entry in found.entries} == {"meccg-against-the-shadow-rules-insert"}


@pytest.mark.parametrize(
    ("typed", "means", "field", "problem"),
    [
        # a phrase: a rewrite reads it as the name
        ("rules insert", "meccg-against-the-shadow-rules-insert", "typed", "one word"),
        ("insert", "no-such-source", "means", "No source has the slug"),
    ],
)
def test_a_source_name_that_names_no_source_is_refused(corpus, admin_client, typed, means, field, problem):
    response = admin_client.post(
        "/admin/rulings/judgeword/add/", {"typed": typed, "kind": "source", "means": means, "note": ""}
    )
    assert response.status_code == 200 and problem in response.content.decode()
    assert not JudgeWord.objects.filter(typed=typed, kind="source").exists()
    # a row written around the form: a phrase is left out; an unknown slug filters nothing in
    JudgeWord.objects.create(typed=typed, kind="source", means=means)
    forget_vocabulary()
    found = find(f"what does the {typed} say about under-deeps")
    assert found.entries and found.named_source == ""
