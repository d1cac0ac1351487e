"""The re-ranking of search's first results (rulings.search_rerank), as a judge meets it: a short rule
about the question comes before a long entry mentioning its words in passing; a clear winner of the
SQL stage stays first; the page and the API agree on the first results whatever their size."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings.highlight import Marker
from rulings.lemmas import says_no
from rulings.models import Entry
from rulings.search import search
from rulings.search_query import Analysis, Word
from rulings.search_rerank import DEPTH, density, names, negated_words, negates, rerank
from rulings.services import import_all
from rulings.vocabulary import forget_vocabulary

CORE = "highlander-core-rules"


@pytest.fixture
def corpus(db):
    import_all()
    forget_vocabulary()


def _keys(results, n):
    return [(entry.source.slug, entry.key) for entry in results[:n]]


def test_a_short_rule_about_the_question_comes_before_a_long_faq_that_mentions_its_words(corpus):
    # FAQ 24 (a worked case about Unplanned Situation) holds more of the question's words
    # ("card", "put", "deck", "titled") than the rule that answers it
    _, results = search("how many copies of the same card can i put in my deck")
    assert _keys(results, 1) == [(CORE, "card-anatomy/title")]
    assert "Your deck may contain only 6 cards of the same title" in results[0].text


@pytest.mark.parametrize(
    "question",
    [
        "how many copies of the same card can i put in my deck",
        "can a discarded character come back into play",
        "what is an ally in highlander",
    ],
)
def test_the_first_results_are_the_same_on_a_short_and_a_long_page(corpus, question):
    _, five = search(question, limit=5)
    _, thirty = search(question, limit=30)
    assert [entry.pk for entry in five] == [entry.pk for entry in thirty[:5]]
    assert [entry.score for entry in thirty] == sorted((entry.score for entry in thirty), reverse=True)


def _analysis(*words: str) -> Analysis:
    return Analysis(words=[Word(word, 1.0, False, word) for word in words])


def _entry(pk: int, text: str) -> Entry:
    entry = Entry(pk=pk, kind="rule", text=text)
    entry.score = 1.0  # what the SQL stage sets
    return entry


PADDING = " ".join(["the", "card", "is", "then", "put", "aside", "unless", "told", "otherwise"] * 8)


def test_a_dense_entry_passes_the_sql_winner_only_when_that_winner_is_among_the_least_dense():
    marker = Marker(_analysis("shield", "break"))
    long_first = [
        _entry(1, f"A shield may break. {PADDING}"),
        _entry(2, "Shields break."),
        *(_entry(pk, f"A shield {pk} may break.") for pk in range(3, DEPTH + 1)),
    ]
    assert density(long_first[1], marker) > density(long_first[2], marker) > density(long_first[0], marker)
    ranked = [entry.pk for entry in rerank(long_first, marker)]
    assert ranked[0] == 2 and 1 in ranked[:3]
    # the same SQL winner among entries sparser still: it keeps its place
    dense_first = [
        _entry(1, f"A shield may break. {PADDING}"),
        _entry(2, "A shield can break."),
        *(_entry(pk, f"Nothing of it here. {PADDING} {PADDING}") for pk in range(3, DEPTH + 1)),
    ]
    assert [entry.pk for entry in rerank(dense_first, marker)][:2] == [1, 2]


TEXTS = st.sampled_from(
    [
        "Shield.",
        "A shield may break.",
        PADDING,
        f"Break. {PADDING}",
        "",
        "shields break",
        "No shield may break.",
    ]
)


@given(texts=st.lists(TEXTS, min_size=0, max_size=DEPTH + 8))
def test_re_ranking_keeps_every_entry_orders_by_score_and_leaves_the_tail_alone(texts):
    entries = [_entry(pk, text) for pk, text in enumerate(texts, 1)]
    ranked = rerank(list(entries), Marker(_analysis("shield", "break")))
    assert sorted(entry.pk for entry in ranked) == [entry.pk for entry in entries]
    assert [entry.score for entry in ranked] == sorted((entry.score for entry in ranked), reverse=True)
    assert [entry.pk for entry in ranked[DEPTH:]] == [entry.pk for entry in entries[DEPTH:]]
    if entries:  # the SQL's first stays among the first three
        assert ranked.index(entries[0]) <= 2


@given(texts=st.lists(TEXTS, min_size=0, max_size=DEPTH + 8))
def test_a_negated_word_moves_entries_a_few_places_at_most(texts):
    """With the question negating a word ("no shield"), the entries that negate it gain as if first of
    a fourth order: the SQL's first, if it does not, stays among the first six."""
    entries = [_entry(pk, text) for pk, text in enumerate(texts, 1)]
    ranked = rerank(list(entries), Marker(_analysis("shield", "break")), said="can no shield break")
    assert sorted(entry.pk for entry in ranked) == [entry.pk for entry in entries]
    assert [entry.score for entry in ranked] == sorted((entry.score for entry in ranked), reverse=True)
    if entries:
        assert ranked.index(entries[0]) <= 5


@pytest.mark.parametrize(
    ("question", "negated"),
    [
        ("am i using a weapon if i have no weapon of choice", ("weapon",)),
        ("I don't have a weapon", ("weapon",)),
        ("link became illegal but not permanently, can i relink", ("permanently",)),
        ("can a wounded ranger tap to cancel an attack", ()),
        ("doesn't a dodge stop a power blow", ()),  # a question, not a negation
        ("power blow, can't i dodge it", ()),
        ("i cannot play any card from my hand, what can i do", ("play",)),
        # every negative contraction search drops as a stop word, typed without its apostrophe
        ("what if my opponent couldnt block", ("block",)),
        ("i mustnt reveal my hand", ("reveal",)),
        ("wouldn't a hidden attack be blockable", ()),
    ],
)
def test_the_words_a_question_negates(question, negated):
    assert negated_words(question) == negated


def test_an_entry_negates_a_word_with_a_negator_a_few_words_before_it():
    entry = Entry(
        text="Any player not using a Weapon of Choice is still considered to be using a one handed weapon"
    )
    assert negates(entry, ("weapon",)) and not negates(entry, ("player",))
    assert not negates(Entry(text="You may use one Weapon of Choice."), ("weapon",))


def test_a_negated_word_with_an_ending_is_negated_without_it():
    """MECCG CRF, Card Effect Limitations: "You may not play the following cards if your opponent is
    a Ringwraith or Sauron" answers "which hazards can't be played against a ringwraith player"."""
    limitation = Entry(
        text="You may not play the following cards if your opponent is a Ringwraith or Sauron."
    )
    assert negates(limitation, ("played",)) and negates(limitation, ("play",))
    assert not negates(Entry(text="This card may be played against a Ringwraith player."), ("played",))
    assert not negates(Entry(text="You may not replay it."), ("played",))  # where a word begins


@pytest.mark.parametrize(
    ("question", "answer", "says"),
    [
        (
            "am i using a weapon if i have no weapon of choice",
            (CORE, "advanced-concepts/weapons-of-choice"),
            "Any player not using a Weapon of Choice is still considered to be using a one handed weapon",
        ),
        (
            "link became illegal but not permanently, can i relink",
            ("inwo-rules-excerpt", "illegal-links/if-the-link-was-not-permanent-the-owner"),
            "If the link was not permanent",
        ),
        (  # the same words, not negated: the other rule
            "does my plot get discarded if its link becomes permanently illegal",
            ("inwo-rules-excerpt", "illegal-links/if-a-link-to-a-plot-becomes-permanently"),
            "becomes permanently illegal",
        ),
    ],
)
def test_a_question_negating_a_word_finds_the_rule_that_negates_it(corpus, question, answer, says):
    """Highlander core rules, Weapons of Choice, and INWO rules, Illegal Links: the rule for the case
    the question negates comes before its twin for the case it does not. Before the negation signal,
    the first question found the deck-building Weapons of Choice first, the second INWO's permanently
    illegal links first and the rule for the link "not permanent" third."""
    _, results = search(question)
    assert _keys(results, 1) == [answer], _keys(results, 3)
    assert says in results[0].text


MLE = "highlander-mle-rule-supplement-2007"


@pytest.mark.parametrize(
    ("question", "key"),
    [
        (
            "connor's duncan lets me make an extra attack even if something stops multiple attacks",
            "connors-duncan",
        ),
        ("connors duncan extra attack", "connors-duncan"),
        ("duncans connor extra attack", "duncans-connor"),
        ("can i play duncan's connor against connor", "duncans-connor"),
    ],
)
def test_of_two_cards_named_with_the_same_words_the_one_named_in_order_comes_first(corpus, question, key):
    """MLE supplement: "Duncan's Connor" (not playable against Connor MacLeod) and "Connor's Duncan"
    (not against Duncan MacLeod) have the same words; the SQL stage reads words, not their order,
    and put Duncan's Connor first for "connor's duncan ..."."""
    _, results = search(question)
    assert _keys(results, 1) == [(MLE, f"clarifications/{key}")], _keys(results, 3)


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("do i have to follow the rules of the card", False),
        ("does a bot follow the rules", False),
        ("a card made my attack unexpected, does it follow the unexpected rules", False),
        ("dont follow the rules", True),
        ("what does don't follow the rules do", True),
    ],
)
def test_a_card_whose_name_says_no_is_named_only_by_a_question_that_says_it(corpus, question, named):
    """MLE supplement, Clarifications: "Don't Follow The Rules" is a card (its combat trick text).
    A question that follows the rules asks the opposite of its name: with the name's words credited
    as a title's, the card came first for any question saying "follow the rules" (probe round 182)."""
    _, results = search(question)
    first = _keys(results, 5)
    card = (MLE, "clarifications/dont-follow-the-rules")
    assert (first[0] == card) is named, first


def test_a_title_with_a_negator_is_named_only_by_a_question_with_one():
    assert names("Don't Follow The Rules", negating=True)
    assert not names("Don't Follow The Rules", negating=False)
    assert not names("Don’t Follow The Rules", negating=False)  # a phone's apostrophe
    assert names("Follow The Leader", negating=False)
    assert says_no("i don't follow") and says_no("no shield") and not says_no("do i follow")
