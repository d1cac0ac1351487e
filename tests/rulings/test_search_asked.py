"""The questions judges asked (rulings.asked): a new question much like one asked before finds the
entry that answered it first; the held-out half of the evaluation is never among them; the
evaluation never scores a question with its own text among them; an editor adds one in the admin
and cannot lose it to the next import."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings import evaluation
from rulings.asked import analyse_asked, bundled_questions, load_bundled_questions
from rulings.eval_questions import ASKED_FOLDS, EVAL_FILE, load_questions
from rulings.models import AskedOrigin, AskedQuestion, Source
from rulings.search import analyse, find
from rulings.search_query import Word
from rulings.search_ranking import ASKED_MIN
from rulings.search_rerank import asked_likeness
from tests.rulings.conftest import CRF, INWO, assert_read_only_in_the_admin, result_keys

pytestmark = pytest.mark.django_db

# Probe round 195's question (written while the asked questions were built, from CRF Gold Ring Item
# ruling 1, "When a gold ring item is tested, the ring is discarded and its marshalling points are
# lost"), and one a judge asked before (round 145's), in other words: "what happens" and "after
# testing it" are no words of the ruling's, "tested" and "discard" are.
QUESTION = "what happens to the gold ring after testing it"
ASKED_BEFORE = "does the gold ring go to my discard pile when tested"
GOLD_RING = (CRF, "gold-ring-item/ruling-1")


def _ask(text: str, key: str = GOLD_RING[1], source: str = CRF) -> AskedQuestion:
    row = AskedQuestion.objects.create(source=Source.objects.get(slug=source), key=key, text=text)
    analyse_asked([row])
    return row


def test_a_question_like_one_asked_before_finds_its_answer_first(corpus):
    assert result_keys(find(QUESTION).entries)[0] != GOLD_RING  # the ruling's own words: not first
    row = _ask(ASKED_BEFORE)
    assert result_keys(find(QUESTION).entries)[0] == GOLD_RING
    row.delete()
    assert result_keys(find(QUESTION).entries)[0] != GOLD_RING


def test_a_question_unlike_the_asked_ones_is_ranked_as_without_them(corpus):
    before = result_keys(find(QUESTION).entries, 20)
    _ask("how many cards can a deck hold")  # shares no word the question weighs
    assert result_keys(find(QUESTION).entries, 20) == before


# INWO: "If a Plot or special ability is canceled or made illegal, any action(s) or other costs spent
# to power it are lost." The SQL ranks first, by more than twice the second's score, the rule on an
# attacking Group's canceled action ("Any Groups that aided or opposed the attack get their Action
# tokens back"), which holds "action", "canceled" and "back".
PLOT_CANCELED = (
    INWO,
    "untitled-section-the-excerpt-starts-or-resumes-inside-it/if-a-plot-or-special-ability-is-canceled",
)


def test_a_question_asked_before_passes_an_sql_first_that_leads_by_far(corpus):
    """An SQL first scoring twice the second stays above what the density order gives the others,
    not above the entry that answered almost the same question (probe round 262, session 49: the
    two tied, and the SQL order put the attacking Group's rule first)."""
    question = "do i get my actions back if my plot gets cancelled"
    assert result_keys(find(question).entries)[0] != PLOT_CANCELED
    _ask("do i get my actions back if my plot gets canceled", key=PLOT_CANCELED[1], source=INWO)
    assert result_keys(find(question).entries)[0] == PLOT_CANCELED


def _word(lexeme: str, weight: float = 1.0, *alternatives: str) -> Word:
    return Word(lexeme, weight, False, lexeme, alternatives=list(alternatives))


def test_likeness_reads_alternatives_and_both_sides_weights():
    assert asked_likeness([_word("ring"), _word("test")], [[["ring"], 1.0], [["test"], 1.0]]) == 1.0
    assert asked_likeness([_word("ring")], [[["deck"], 1.0]]) == 0.0
    # "keep" also reads "hold" (the judge vocabulary): held through the alternative
    assert asked_likeness([_word("keep", 1.0, "hold")], [[["hold"], 1.0]]) == 1.0
    # half of each side's weight held: sqrt(0.5 * 0.5)
    assert asked_likeness([_word("ring"), _word("test")], [[["ring"], 2.0], [["pile"], 2.0]]) == 0.5
    # an empty side is alike to nothing
    assert asked_likeness([], [[["ring"], 1.0]]) == 0.0
    assert asked_likeness([_word("ring")], []) == 0.0


words = st.lists(
    st.tuples(st.sampled_from("abcdefgh"), st.floats(0.01, 5.0)),
    min_size=1,
    max_size=6,
    unique_by=lambda w: w[0],
)


@given(ours=words, theirs=words)
@settings(max_examples=200, deadline=None)
def test_likeness_is_symmetric_and_between_zero_and_one(ours, theirs):
    as_words = [_word(lexeme, weight) for lexeme, weight in ours]
    stored = [[[lexeme], weight] for lexeme, weight in theirs]
    likeness = asked_likeness(as_words, stored)
    assert 0.0 <= likeness <= 1.0 + 1e-9
    back = asked_likeness([_word(lexeme, weight) for lexeme, weight in theirs], [[[x], w] for x, w in ours])
    assert likeness == pytest.approx(back)
    assert (likeness >= 1.0 - 1e-9) == ({x for x, _ in ours} == {x for x, _ in theirs})


def test_the_held_out_half_is_never_an_asked_question(corpus):
    held_out = {question.ask for question in load_questions() if question.held_out}
    assert len(held_out) >= 110
    loaded = load_bundled_questions()
    texts = set(AskedQuestion.objects.values_list("text", flat=True))
    assert loaded == AskedQuestion.objects.count() == len(bundled_questions()) >= 2500
    assert not texts & held_out
    # each read as search reads it, weighed by the lexicon: no words only for a question naming a
    # source or game and nothing else ("what is the missing link expansion"), answered apart
    wordless = [
        analyse(text) for text in AskedQuestion.objects.filter(words=[]).values_list("text", flat=True)
    ]
    assert len(wordless) <= 5 and all(not read.words and (read.source or read.game) for read in wordless)


def test_the_evaluation_never_scores_a_question_with_its_own_text_asked(corpus, monkeypatch):
    """Each question of the tuning half and the probes is scored with its block of asked questions
    left out, the held-out half with all of them: no score reads a question's own answer."""
    questions = load_questions()
    chosen = [q for q in questions if q.held_out][:3] + [q for q in questions if not q.held_out][::400]
    seen = []
    real_find = find

    def checked_find(text, *args, **kwargs):
        own = AskedQuestion.objects.filter(text=text).exists()
        seen.append((text, own, AskedQuestion.objects.count()))
        return real_find(text, *args, **kwargs)

    monkeypatch.setattr("rulings.search.find", checked_find)
    evaluation.evaluate(chosen)
    assert [text for text, *_ in seen] and sorted(text for text, *_ in seen) == sorted(q.ask for q in chosen)
    assert not [text for text, own, _ in seen if own]
    everything = len(bundled_questions())
    held_out = {q.ask for q in chosen if q.held_out}
    assert all(count == everything for text, _, count in seen if text in held_out)
    assert AskedQuestion.objects.count() == everything  # left as the import leaves it


def test_an_editor_adds_an_asked_question_and_the_import_keeps_it(corpus, admin_client):
    response = admin_client.post(
        "/admin/rulings/askedquestion/add/",
        {"source": Source.objects.get(slug=CRF).pk, "key": GOLD_RING[1], "text": ASKED_BEFORE},
    )
    assert response.status_code == 302
    row = AskedQuestion.objects.get(text=ASKED_BEFORE)
    assert row.origin == AskedOrigin.EDITOR and row.words  # read at the save
    assert result_keys(find(QUESTION).entries)[0] == GOLD_RING
    load_bundled_questions()  # what every import (every start of the site) does
    assert AskedQuestion.objects.filter(pk=row.pk, origin=AskedOrigin.EDITOR).exists()


@pytest.mark.parametrize(
    ("key", "text", "problem"),
    [
        ("gold-ring-item/ruling-99", ASKED_BEFORE, "no current entry with the key"),
        (GOLD_RING[1], "\u200b ?! \u200b", "no words"),
        (GOLD_RING[1], "the of and", "no words"),
        (GOLD_RING[1], "\ufdfa" * 40, "too long"),  # 40 characters, 720 once normalised
    ],
)
def test_an_asked_question_that_cannot_be_read_is_refused_with_the_reason(
    corpus, admin_client, key, text, problem
):
    response = admin_client.post(
        "/admin/rulings/askedquestion/add/",
        {"source": Source.objects.get(slug=CRF).pk, "key": key, "text": text},
    )
    assert response.status_code == 200
    assert problem in response.content.decode()
    assert not AskedQuestion.objects.exists()


def test_an_asked_question_with_a_control_character_is_refused_naming_it(corpus, admin_client):
    response = admin_client.post(
        "/admin/rulings/askedquestion/add/",
        {"source": Source.objects.get(slug=CRF).pk, "key": GOLD_RING[1], "text": "gold ring\x07 tested"},
    )
    assert response.status_code == 400
    assert "control character (U+0007)" in response.content.decode()
    assert not AskedQuestion.objects.exists()


def test_a_bundled_question_is_read_only_to_an_editor(corpus, admin_client):
    load_bundled_questions()
    bundled = AskedQuestion.objects.filter(origin=AskedOrigin.BUNDLED).first()
    assert_read_only_in_the_admin(admin_client, bundled)
    bulk = admin_client.post(
        "/admin/rulings/askedquestion/",
        {"action": "delete_selected", "_selected_action": [bundled.pk], "post": "yes"},
    )
    assert bulk.status_code == 403  # a selection holding a bundled question is refused whole
    assert AskedQuestion.objects.get(pk=bundled.pk).text == bundled.text


def test_the_statement_returns_every_asked_question_alike_enough(corpus):
    """The statement returns only the asked questions that may pass the floor (the question holds
    ASKED_MIN squared of their weight at least): none that passes it is left behind."""
    load_bundled_questions()
    questions = [question.ask for question in load_questions()][::60]
    passing_seen = 0
    for text in questions:
        found = find(text)
        for entry in found.entries:
            returned = [words for words in entry.asked]
            stored = AskedQuestion.objects.filter(source=entry.source, key=entry.key).values_list(
                "words", flat=True
            )
            passing = [words for words in stored if asked_likeness(found.analysis.words, words) > ASKED_MIN]
            assert all(words in returned for words in passing), (text, entry.key)
            assert len(returned) <= len(stored)
            passing_seen += len(passing)
    assert passing_seen >= 10  # the sample meets the floor often enough to mean something


def test_a_vocabulary_change_is_read_into_the_asked_questions_at_once(corpus, admin_client):
    """An asked question's words carry the vocabulary's alternatives: a row an editor adds in the
    admin reaches the asked questions stored before it, not only the next import's."""
    row = _ask("my zombie ring got tested")
    assert not any("prone" in forms for forms, _ in row.words)
    response = admin_client.post(
        "/admin/rulings/judgeword/add/",
        {"typed": "zombie", "kind": "alternative", "means": "prone", "note": "knocked flat"},
    )
    assert response.status_code == 302
    row.refresh_from_db()
    assert any("prone" in forms for forms, _ in row.words), row.words


def test_a_round_added_to_the_evaluation_leaves_every_earlier_question_in_its_block(tmp_path):
    """The evaluation scores each question with its block of asked questions left out. Blocks that
    moved as rounds were added took questions in and out of the first five with no change to
    search (round 230's Connor, 244's swing, 175's agent copies in session 50)."""
    text = EVAL_FILE.read_text(encoding="utf-8")
    before = load_questions()
    round_added = "".join(
        f'\n[[probe]]\nask = "a question of a new round, number {n}"\nanswer = ["crf:agent/ruling-{n % 3 + 1}"]\n'
        for n in range(40)
    )
    longer = tmp_path / "search_eval.toml"
    longer.write_text(text + round_added, encoding="utf-8")
    after = load_questions(longer)
    assert [q.asked_fold for q in after[: len(before)]] == [q.asked_fold for q in before]
    learned = [q for q in before if not q.held_out]
    sizes = Counter(q.asked_fold for q in learned)
    assert sorted(sizes) == list(range(ASKED_FOLDS))  # every block is used...
    assert max(sizes.values()) < 2 * len(learned) / ASKED_FOLDS  # ...about a twentieth each
    pairs = [(a, b) for a, b in itertools.pairwise(learned) if a.answers == b.answers and a.probe and b.probe]
    assert pairs and all(a.asked_fold == b.asked_fold for a, b in pairs)  # a round's two on one entry
