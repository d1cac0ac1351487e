"""Judge vocabulary rows of the probe rounds (migrations 0045 and after) that read what a judge says
a player does as what the documents call it: "winning" is the opponent losing, "responding" declaring
an action, "fuelling" a plot powering it, "swaying" a character influencing it. Each test has a
question the row answers first, or in the first five, that it did not before, and quotes the rule
text it finds. The probes are fresh questions written from entries drawn at random
(rulings/data/search_eval.toml [[probe]]). Words for things and qualities are in
test_search_vocabulary_probes_alternatives.py."""

from __future__ import annotations

import pytest

from rulings.search import analyse, search
from tests.rulings.conftest import CORE, CRF, INWO, result_keys, words_by_typed

pytestmark = pytest.mark.django_db


def test_winning_is_the_opponent_losing(corpus):
    """Highlander core rules, Head Shots: "If your opponent cannot play a successful defense against
    the attack, or avoid it, they lose the game and their head immediately." The goal of the game
    came first and Head Shots second before migration 0051."""
    assert "lose" in words_by_typed("do i win")["win"].alternatives
    _, results = search("if my head shot isnt blocked do i win the game")
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/head-shots")], result_keys(results)


def test_a_card_that_leaves_play_is_removed_from_play(corpus):
    """Highlander core rules, Events: "Events are removed from play during your next Sweep Phase."
    Not in the first twenty before migration 0052; in the first five since (behind two entries
    that remove events from play too)."""
    assert "remov" in words_by_typed("leave play")["leave"].alternatives
    _, results = search("when do event cards leave play")
    assert (CORE, "constructing-a-deck/events") in result_keys(results, 5), result_keys(results)


def test_changing_a_thing_is_modifying_it(corpus):
    """MECCG CRF, Attack: "Cards only modify attacks if they say they do." Not in the first twenty
    before migration 0061 ("change" read only as "rearrange", 0057); and Multiple Attacks ("You may
    not rearrange the order of attacks"), which a question about the order asks for, still first."""
    _, results = search("can a card change an attack if it doesn't mention attacks")
    assert result_keys(results, 1) == [(CRF, "attack/ruling-2")], result_keys(results)
    _, results = search("can i change the order of my attacks after playing them")
    assert result_keys(results, 1) == [("highlander-core-rules", "advanced-concepts/multiple-attacks")], (
        result_keys(results)
    )


def test_affecting_a_thing_is_acting_on_it(corpus):
    """MECCG CRF, Targets: "A card that acts on a class of entities does not target them." Fifth
    before migration 0062, behind entries that say "affected" ("Minion characters are not affected
    by cards that target agents", which also answers, stays first)."""
    assert "act" in analyse("does a card that affects all characters target them").words[1].alternatives
    _, results = search("does a card that affects all characters target them")
    assert (CRF, "targets/ruling-2") in result_keys(results, 2), result_keys(results)


def test_to_respond_is_to_declare_an_action(corpus):
    """MECCG CRF, Annotation 24: "all of these actions are to be resolved in the card's chain of
    effects uninterrupted ... No actions may be declared to occur between these multiple actions."
    No entry holds "respond": second before migration 0083 (probe round 133), behind Kit O'Brady."""
    assert "declar" in words_by_typed("can i respond")["respond"].alternatives
    _, results = search("card does two things when it resolves, in what order and can i respond in between")
    assert result_keys(results, 1) == [(CRF, "annotation-24")], result_keys(results)


def test_a_card_that_lowers_a_value_reduces_it(corpus):
    """MECCG CRF, Influence ruling 3: "If a card reduces direct influence, making it illegal for a
    follower to be controlled, the follower does need to be controlled until their next
    organization phase." Second before migration 0090 (probe round 174), behind ruling 4 on a
    character removed from control; "lower" alone is a grid's place (the core rules' "Lower Left
    Attack") and reads as itself."""
    assert "reduc" in words_by_typed("a card lowers it")["lowers"].alternatives
    assert not words_by_typed("a lower left attack")["lower"].alternatives
    _, results = search("card lowers my direct influence so i cant control a follower anymore, what happens")
    assert result_keys(results, 1) == [(CRF, "influence/ruling-3")], result_keys(results)


def test_rearranging_links_is_moving_or_changing_them(corpus):
    """INWO rules excerpt: "Other links are temporary, and may be changed. You may move temporary
    links during the Main Phase of your turn." Ninth before migration 0093, behind every Illegal
    Links entry and the core rules' Multiple Attacks, the one entry saying "rearrange" (probe round
    184). Multiple Attacks ("You may not rearrange the order of attacks once you have played them")
    stays first for the attacks' order."""
    temporary = (
        INWO,
        "untitled-section-the-excerpt-starts-or-resumes-inside-it/other-links-are-temporary-and-may-be-changed",
    )
    _, results = search("can i rearrange the links")
    assert result_keys(results, 1) == [temporary], result_keys(results)
    _, results = search("when can i rearrange links in my power structure in illuminati")
    assert temporary in result_keys(results, 2), result_keys(results)
    _, results = search("can i rearrange my attacks after playing them")
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/multiple-attacks")], result_keys(results)


def test_cards_hooked_together_are_linked(corpus):
    """INWO rules, Illegal Links: "A link is illegal if it violates one of the rules in this book or
    if it contradicts the text on one of the linked" cards; a judge's cards are "hooked" together,
    their "connection" illegal (probe round 204: not in the first twenty; migration 0105)."""
    _, results = search(
        "my opponent hooked two cards together but the text on one of them says they can't go together, "
        "is that connection legal"
    )
    assert (INWO, "illegal-links/a-link-is-illegal-if-it-violates-one") in result_keys(results, 3), (
        result_keys(results, 5)
    )


def test_cards_cleared_at_the_start_of_a_turn_are_swept(corpus):
    """Highlander core rules, Sweep Phase: "At the beginning of your next turn, you discard any cards
    still in play that normally do not remain in play." -- fourth for played cards that "get
    cleared" (probe round 220; migration 0109, as 0097 reads "clear away")."""
    _, results = search("when do my played cards get cleared")
    assert result_keys(results, 1) == [(CORE, "the-sequence-of-play/sweep-phase")], result_keys(results, 5)


def test_casting_an_event_is_playing_it(corpus):
    """MECCG CRF, Actions ruling 1: "Tapping a resource can only be done at a time when you could
    otherwise play a resource event." -- sixth for a time to "cast" resource events (probe round 230;
    migration 0111)."""
    _, results = search(
        "can i tap one of my resources whenever i feel like it or only at points where i'd be able to cast "
        "resource events anyway"
    )
    assert (CRF, "actions/ruling-1") in result_keys(results, 2), result_keys(results, 5)


def test_fuelling_a_plot_is_powering_it(corpus):
    """INWO rules excerpt: "If an action is used to power a Plot or special ability, and the action is
    canceled or made illegal, the Plot or special ability fails" -- second, behind the rule on a
    canceled Plot, for an action "fueling" a plot (probe round 240; migration 0114)."""
    _, results = search("action fueling a plot gets canceled do i lose it")
    powering = "untitled-section-the-excerpt-starts-or-resumes-inside-it/if-an-action-is-used-to-power-a"
    assert result_keys(results, 1) == [(INWO, powering)], result_keys(results, 5)


def test_raising_a_limit_is_increasing_it(corpus):
    """MECCG CRF, Sideboard ruling 1: "The sideboard is increased to 25 cards." -- tenth for a
    sideboard limit someone may have "raised" (probe round 242; migration 0114)."""
    _, results = search(
        "For a tournament deck, is the sideboard still capped at 20 cards or did they raise the limit?"
    )
    assert result_keys(results, 1) == [(CRF, "sideboard/ruling-1")], result_keys(results, 5)


def test_swaying_an_agent_is_influencing_it(corpus):
    """MECCG CRF, Agent ruling 1: "Agents cannot attack or influence each other." -- not in the
    first twenty when a player asks to "sway" the other agent (probe round 264; migration 0119)."""
    question = (
        "my agent is at the same site as my opponents agent, can i use mine to try to sway or fight theirs"
    )
    assert "influenc" in next(word for word in analyse(question).words if word.typed == "sway").alternatives
    _, results = search(question)
    assert (CRF, "agent/ruling-1") in result_keys(results, 3), result_keys(results, 5)


def test_swinging_is_attacking(corpus):
    """Highlander core rules, Defense Phase: "If there is no attack coming, you cannot play a defense,
    nor make an Exertion for one." -- sixth, under the card Nail Studded Bat Swing For Fences, when
    nothing is "swinging" at the player (probe round 269; migration 0121, as 0111 reads "swing")."""
    question = "can i defend if nothing is swinging at me"
    assert "attack" in [word.lexeme for word in analyse(question).words]
    _, results = search(question)
    assert (CORE, "the-sequence-of-play/defense-phase") in result_keys(results, 4), result_keys(results, 5)


def test_cards_cleaned_up_are_swept(corpus):
    """Highlander core rules, Sweep Phase: "At the beginning of your next turn, you discard any cards
    still in play that normally do not remain in play." -- fifth for the cards a player's turn
    "cleaned up" (probe round 271; migration 0122, as 0097 reads "clean up")."""
    _, results = search("when do cards i played get cleaned up")
    assert result_keys(results, 1) == [(CORE, "the-sequence-of-play/sweep-phase")], result_keys(results, 5)


def test_an_action_triggered_is_caused_by_a_passive_condition(corpus):
    """MECCG CRF, Passive Conditions ruling 2: "A card causing an action as a result of a passive
    condition must be in play when the action resolves, or else the action is cancelled." -- not in
    the first twenty for a "triggered" effect whose source leaves play (probe round 281; migration
    0124)."""
    _, results = search("triggered effect source leaves play before it resolves")
    assert (CRF, "passive-conditions/ruling-2") in result_keys(results, 3), result_keys(results, 5)
