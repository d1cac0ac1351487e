"""Judge vocabulary rows of the probe rounds (migrations 0045 and after) that rewrite a judge's
phrase for what happens in play as the documents' words ("went away" for no longer existing, "am i
out" for losing, "swung at" for attacked, "gone for good" for the rest of the game). Each test has
a question the row answers first, or in the first five, that it did not before, and quotes the rule
text it finds. The probes are fresh questions written from entries drawn at random
(rulings/data/search_eval.toml [[probe]]); the names of things are in
test_search_vocabulary_probes_names.py."""

from __future__ import annotations

import pytest

from rulings.search import analyse, search
from tests.rulings.conftest import CORE, CRF, INWO, MLE, result_keys, words_by_typed

pytestmark = pytest.mark.django_db

PLOT_BECOMES_ILLEGAL = (
    "untitled-section-the-excerpt-starts-or-resumes-inside-it/if-a-plot-becomes-illegal-before-its-effect"
)
GIVE_RESOURCE = (
    INWO,
    "untitled-section-the-excerpt-starts-or-resumes-inside-it/if-you-give-a-resource-to-another-player",
)


@pytest.mark.parametrize(
    "question",
    ["can i change the order of my attacks after playing them", "can i reorder my attacks"],
)
def test_changing_the_order_of_attacks_is_rearranging_it(corpus, question):
    """Highlander core rules, Multiple Attacks: "You may not rearrange the order of attacks once you
    have played them." Fourth, behind Attack Phase and Multiple Defenses, before migration 0057."""
    _, results = search(question)
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/multiple-attacks")], result_keys(results)


@pytest.mark.parametrize(
    ("question", "faq"),
    [
        (
            "two handed weapon of choice and i am down to one hand",
            "im-using-a-2-handed-weapon-of-choice-and-my-number-of-hands-is-reduced-to-one-what-happens",
        ),
        (
            "two one handed weapons of choice and i lose a hand",
            "im-using-2-1-handed-weapons-of-choice-and-my-number-of-hands-is-reduced-to-one-what-happens",
        ),
    ],
)
def test_losing_a_hand_is_the_number_of_hands_reduced(corpus, question, faq):
    """MLE supplement, FAQ 35: "I'm using a 2-Handed Weapon of Choice, and my number of Hands is
    reduced to one. What happens?"; FAQ 36, the same with "2 1-Handed Weapons of Choice". Fourth and
    third before migration 0059, behind the core rules' Weapons of Choice."""
    _, results = search(question)
    assert result_keys(results, 1) == [(MLE, f"faq/{faq}")], result_keys(results)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # Annotation 7: "If any other active condition for an action does not exist when the action
        # is resolved, the action has no effect; if the action were playing a card from your hand,
        # it is discarded." Sixth before (probe round 73), behind Annotations 27, 5, 24 and 9.
        ("my card's condition is gone by the time it resolves, what happens to the card", "annotation-7"),
        # Annotation 9: "The passive condition must exist when this resulting action is resolved in
        # its own chain of effects, or the action is cancelled." Second before, both.
        ("passive condition is gone by the time the triggered action resolves", "annotation-9"),
        (
            "does an action triggered by a passive condition get cancelled if the condition is gone when it resolves",
            "annotation-9",
        ),
    ],
)
def test_a_condition_gone_is_one_that_no_longer_exists(corpus, question, answer):
    """ "gone" is also the CRF's "exist" (migration 0068; 0032 read it as "lost" alone), and "by the
    time" it resolves is when it resolves ("time" no longer searched)."""
    assert "exist" in words_by_typed(question)["gone"].alternatives
    assert "time" not in words_by_typed(question)
    _, results = search(question)
    assert (CRF, answer) in result_keys(results, 2), result_keys(results)


def test_all_at_once_is_answered_by_the_rule_that_says_one_at_a_time(corpus):
    """MECCG CRF, Discard ruling 3: "Cards discarded from a player's hand must be discarded one at a
    time as seperate actions." Seventh before migration 0074 (probe round 86), behind Multiple
    Attacks: "all at once" was read as "simultaneously" alone."""
    _, results = search("can i discard several cards from my hand all at once")
    assert result_keys(results, 1) == [(CRF, "discard/ruling-3")], result_keys(results)


def test_am_i_out_asks_whether_the_game_is_lost(corpus):
    """MECCG CRF, Character ruling 1: "You may continue to play after you have lost all of your
    characters." Sixth before migration 0077 (probe round 100): "am i out" is stop words alone."""
    assert "lose" in words_by_typed("am i out")
    _, results = search("all my characters are dead, am i out")
    assert (CRF, "character/ruling-1") in result_keys(results, 3), result_keys(results)


def test_unclear_is_read_as_not_clear(corpus):
    """MLE supplement, Introduction: "If these explanations are not clear enough, you can ask your
    questions to the designer". Second before migration 0078 (probe round 103): no entry holds
    "unclear", so the question was "who ask mle rules" alone."""
    assert "clear" in words_by_typed("the rules are unclear")
    _, results = search("who do i ask if the mle rules are unclear")
    assert result_keys(results, 1) == [(MLE, "introduction")], result_keys(results)


def test_paying_for_an_action_is_its_cost_and_the_same_turn_is_per_turn(corpus):
    """MECCG CRF, Annotation 6: "If an action requires an entity to be discarded as a condition for
    the action's main effect, that entity must be discarded when the action is declared". Fifth
    before migration 0079 (probe round 111): no entry holds "pay". Highlander core rules, Special
    Cards: "You may only play one Special Card per turn". Sixth before 0079, behind clarifications
    whose text holds "multiple" and "turn": "in the same turn" now reads "per turn"."""
    pay = words_by_typed("pay for it")["pay"]
    assert {"cost", "condit"} <= {pay.lexeme, *pay.alternatives}
    _, results = search(
        "if i have to discard something to pay for an action when does it actually get discarded"
    )
    assert (CRF, "annotation-6") in result_keys(results, 2), result_keys(results)
    _, results = search("can i play two specials in the same turn")
    assert result_keys(results, 1) == [(CORE, "constructing-a-deck/special-cards")], result_keys(results)


def test_a_finished_attack_is_a_resolved_and_concluded_one(corpus):
    """MECCG CRF, Annotation 12: "An attack is considered to be resolved and concluded when the
    final strike, all special actions resulting from the final strike, and the associated body check
    are resolved." Not in the first twenty before migration 0081 (probe round 122): no entry holds
    "finish" in that sense."""
    finish = words_by_typed("when is it finished")["finished"]
    assert {"conclud", "resolv"} <= {finish.lexeme, *finish.alternatives}
    _, results = search("when is an attack finished")
    assert result_keys(results, 1) == [(CRF, "annotation-12")], result_keys(results)


def test_without_ever_being_in_play_is_never_in_play(corpus):
    """INWO rules excerpt: "If you have a duplicate of a Group card that was discarded but was never
    actually in play, you may play it normally." Second before migration 0081 (probe round 122),
    behind the entry on attacking Groups, which holds "Group", "discarded" and "duplicate" more often."""
    assert "never" in words_by_typed("discarded without ever being in play")
    _, results = search(
        "i have a second copy of a group that was discarded without ever being in play, can i play it"
    )
    assert result_keys(results, 1) == [
        (
            INWO,
            "untitled-section-the-excerpt-starts-or-resumes-inside-it/if-you-have-a-duplicate-of-a-group",
        )
    ], result_keys(results)


def test_influence_used_up_is_influence_spent(corpus):
    """MECCG CRF, Ally: "You do not need to spend influence to control an ally." Second before
    migration 0083 (probe round 136), behind "Playing an ally is not an influence attempt"."""
    assert "spend" in words_by_typed("does an ally use up influence")
    _, results = search("does an ally use up influence")
    assert result_keys(results, 1) == [(CRF, "ally/ruling-10")], result_keys(results)


@pytest.mark.parametrize(
    "question, answer",
    [
        # MECCG CRF, Hand Size: "Effects which increase your hand size ... mean you draw up to your new
        # hand size": second before migration 0086 (probe round 158), behind FAQ 20 on drawing up
        ("my hand size went up, do i draw to the new size straight away", (CRF, "hand-size/ruling-1")),
        # the core rules' Card Anatomy: "Let's examine what makes up a Highlander card": fourth before
        # 0086 (probe round 157), behind the Exertions that "make" a Power Block or Blow
        ("what makes up a highlander card", (CORE, "card-anatomy")),
    ],
)
def test_a_phrasal_verb_reads_as_the_documents_word(corpus, question, answer):
    """ "went up" is the documents' "increase", "what makes up a card" their Card Anatomy."""
    _, results = search(question)
    assert result_keys(results, 1) == [answer], result_keys(results)


def test_going_down_is_being_reduced(corpus):
    """MECCG CRF, Influence: "If a card reduces direct influence, making it illegal for a follower to
    be controlled, the follower does need to be controlled until their next organization phase"
    (migration 0086: "went down" reads "reduced")."""
    assert "reduced" in words_by_typed("my direct influence went down")
    _, results = search("my direct influence went down, can i still control my follower")
    assert result_keys(results, 1) == [(CRF, "influence/ruling-3")], result_keys(results)


def test_how_long_a_card_lasts_is_how_long_it_remains(corpus):
    """The core rules' Situations & Objects: "Both Situations and Objects remain in play after being
    played"; Situations: "They may remain in play over many turns". "how long do situations last"
    put them seventh and ninth before migration 0088 (probe round 162), behind errata holding
    "Special"; "last" alone is not read as "remain", the latest defense being a "last" one too."""
    _, results = search("how long do situations last")
    assert set(result_keys(results, 2)) == {
        (CORE, "advanced-concepts/situations-objects"),
        (CORE, "constructing-a-deck/situations"),
    }, result_keys(results)
    assert "remain" not in words_by_typed("my last defense was a block")


def test_a_condition_that_went_away_no_longer_exists(corpus):
    """MECCG CRF, Annotation 7: "If any other active condition for an action does not exist when the
    action is resolved, the action has no effect; if the action were playing a card from your hand,
    it is discarded." Seventh before migration 0089 (probe round 163), behind the MLE FAQ on Simple
    Mind, which holds "away"; the core rules' Events ("normally swept during your next Sweep Phase")
    second behind the same FAQ for "when does an event go away"."""
    assert "exist" in words_by_typed("the condition went away")
    _, results = search(
        "the card i played needed a condition that went away before it resolved, what happens"
    )
    assert (CRF, "annotation-7") in result_keys(results, 3), result_keys(results)
    _, results = search("when does an event go away")
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/events")], result_keys(results)


@pytest.mark.parametrize(
    "question",
    [
        "cards that MELE says dont affect ringwraith players, is that still true",
        "cards the mele rulebook said don't affect ringwraith players",
    ],
)
def test_what_does_not_affect_a_player_has_no_effect_on_him(corpus, question):
    """MECCG CRF, Card Effect Limitations ruling 3: "The following cards are also listed in the MELE
    Rulesbook as having no effect on a Ringwraith/Sauron player, but this interpretation has been
    modified." Second before migration 0090 (probe round 173), behind the Ringwraiths ruling on
    effects that "affect Nazgul"; "affect" alone still reads as it did."""
    assert "effect" in words_by_typed(question) and "affect" not in words_by_typed(question)
    _, results = search(question)
    assert result_keys(results, 1) == [(CRF, "card-effect-limitations/ruling-3")], result_keys(results)
    assert "affect" in words_by_typed("does detainment affect ringwraiths")


@pytest.mark.parametrize("question", ["how many attacks do i get each turn", "how many attacks every turn"])
def test_each_turn_is_per_turn(corpus, question):
    """The core rules, Multiple Attacks: "Normally, you have only one opportunity to attack per turn."
    Third before migration 0091 (probe round 178), behind two MLE FAQs holding "attack" and "turn"."""
    assert "per" in words_by_typed(question)
    _, results = search(question)
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/multiple-attacks")], result_keys(results)


@pytest.mark.parametrize(
    "question", ["can a link go against a cards text", "a link that goes against the rules"]
)
def test_going_against_a_text_is_contradicting_it(corpus, question):
    """INWO rules, Illegal Links: "A link is illegal if it violates one of the rules in this book or if
    it contradicts the text on one of the linked cards." Third before migration 0092 (probe round
    181), behind the core rules' Text, which holds "card" and "text"."""
    assert "contradict" in words_by_typed(question)
    _, results = search(question)
    assert result_keys(results, 1) == [(INWO, "illegal-links/a-link-is-illegal-if-it-violates-one")], (
        result_keys(results)
    )


@pytest.mark.parametrize(
    "question",
    [
        "when do i clear away the cards i played last turn highlander",
        "when do i clean up my cards from last turn",
    ],
)
def test_clearing_away_last_turns_cards_is_sweeping_them(corpus, question):
    """Highlander core rules, Sweep Phase: "At the beginning of your next turn, you discard any cards
    still in play that normally do not remain in play." Tenth before migration 0097 (probe round
    189), behind the Attack Phase: no entry holds "clear away"."""
    assert "sweep" in words_by_typed("clear them away")
    _, results = search(question)
    assert result_keys(results, 1) == [(CORE, "the-sequence-of-play/sweep-phase")], result_keys(results)


def test_a_card_taken_out_of_the_game_is_removed_from_it(corpus):
    """Highlander core rules, Removing Cards from the Game: "If a card allowing you to add cards to
    your Endurance is removed, the added card or cards must also be removed." Eleventh before
    migration 0099 (probe round 193); "am i out of the game" is still about losing."""
    assert "removed" in words_by_typed("i take it out of the game")
    assert "removed" not in words_by_typed("all my characters are gone, am i out of the game")
    _, results = search(
        "the card that gave me extra endurance cards got taken out of the game, do those extra ones go too"
    )
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/removing-cards-from-the-game")], result_keys(
        results
    )


def test_a_card_handed_over_is_given_and_a_hand_over_its_limit_is_still_a_hand(corpus):
    """INWO rules: "If you give a Resource to another player, it is linked to his Illuminati" --
    fourteenth for a judge who would "hand it over", the "hand" read as the cards held (probe round
    208; migration 0106). Only with the card named between: a hand "over" a limit is a hand."""
    _, results = search("where does a resource go when i hand it over")
    assert result_keys(results, 1) == [GIVE_RESOURCE], result_keys(results, 5)
    assert "hand" in words_by_typed("is my hand over the limit")


def test_a_character_wiped_out_is_eliminated(corpus):
    """MECCG CRF, Eliminated ruling 2: "When a card is eliminated, all permanent-events on that card
    are discarded" -- fourth for a character "wiped out" (probe round 208; migration 0106)."""
    _, results = search(
        "my character has a couple of permanent events attached and gets wiped out, what happens to those"
    )
    assert result_keys(results, 1) == [(CRF, "eliminated/ruling-2")], result_keys(results, 5)


def test_an_event_aimed_at_a_site_targets_it_and_the_aim_of_the_game_is_still_its_goal(corpus):
    """MECCG CRF, Targets ruling 4: "Events that target sites can only target sites in play used to
    show a company's location or movement" -- tenth for an event that would "aim at" a site (probe
    round 212; migration 0107). The aim "of" the game is still its goal (0026)."""
    _, results = search("which sites can a hazard event aim at")
    assert result_keys(results, 1) == [(CRF, "targets/ruling-4")], result_keys(results, 5)
    _, results = search("what is the aim of the game")
    assert result_keys(results, 1) == [(CORE, "game-concept-and-goal-of-the-game")], result_keys(results, 5)


def test_a_discard_at_the_same_moment_is_simultaneous(corpus):
    """MECCG CRF, Passive Conditions ruling 3: "When something would be discarded by a passive
    condition, that discard is considered simultaneous with the resolution of the the passive
    condition." -- second, behind ruling 2 on the card causing the action, for a judge asking
    whether it happens "at the same moment" (probe round 211; migration 0107, as 0043 reads "at the
    same time")."""
    _, results = search(
        "if a card gets tossed because some passive condition triggers, is that toss happening at the same "
        "moment the condition resolves or afterwards"
    )
    assert result_keys(results, 1) == [(CRF, "passive-conditions/ruling-3")], result_keys(results, 5)


def test_a_plot_that_stopped_being_legal_became_illegal(corpus):
    """INWO rules: "If a Plot becomes illegal before its effect is resolved, the Plot card returns to
    the owner's hand and is exposed." -- fifth for a Plot that "stopped being legal" (probe round
    214; migration 0107)."""
    _, results = search(
        "my opponent's plot stopped being legal before it took effect so does the card go back to their "
        "hand and get revealed"
    )
    assert result_keys(results, 1) == [
        (
            INWO,
            "untitled-section-the-excerpt-starts-or-resumes-inside-it/if-a-plot-becomes-illegal-before-its-effect",
        )
    ], result_keys(results, 5)


def test_a_resource_handed_to_a_player_is_given_and_a_two_handed_weapon_keeps_its_hands(corpus):
    """INWO rules: "If you give a Resource to another player, it is linked to his Illuminati" --
    thirteenth for a resource "handed" to a friend (probe round 214; migration 0107, as 0106 reads
    "hand it over"). Only with whom or what is handed named after it: a "two handed" weapon is still
    held in hands."""
    _, results = search(
        "i handed my buddy one of my resources as part of a deal, which of his groups holds it and when "
        "can he move it to a different group"
    )
    assert GIVE_RESOURCE in result_keys(results, 5), result_keys(results, 5)
    assert "handed" in words_by_typed("can i use a two handed weapon with a shield")


def test_cards_that_say_i_have_to_are_must_do_effects(corpus):
    """Highlander core rules, Must Do Effects: "If you have multiple 'Must Do' effects to take care
    of, you may handle them in any order you choose" -- sixth for cards that "say i have to" do
    something (probe round 216; migration 0108, as 0011 reads "says must")."""
    _, results = search(
        "at cleanup i have several cards that say i have to do something, do i pick which one resolves "
        "first or is there a set order and can i skip any"
    )
    assert (CORE, "the-sequence-of-play/sweep-phase/must-do-effects") in result_keys(results, 2), result_keys(
        results, 5
    )


def test_a_character_locked_up_is_taken_prisoner(corpus):
    """MECCG CRF, Ally ruling 7: "Allies cannot be targetted to be taken prisoner, and otherwise
    cannot be taken prisoner." -- not in the first twenty for an ally that "gets locked up" by an
    effect that "captures" (probe round 220; migration 0109)."""
    _, results = search(
        "Opponent plays something that captures one of my guys, can he pick my ally as the one that gets "
        "locked up?"
    )
    assert result_keys(results, 1) == [(CRF, "ally/ruling-7")], result_keys(results, 5)


def test_a_character_gone_for_good_is_gone_for_the_rest_of_the_game(corpus):
    """MECCG CRF, Eliminated ruling 1: "An eliminated character may not be played by any player for
    the rest of the game." -- third for a wizard "killed off for good" (probe round 224; migration
    0110)."""
    _, results = search(
        "my opponent's wizard got killed off for good last turn, am i allowed to bring my own copy of him into "
        "play later this game"
    )
    assert result_keys(results, 1) == [(CRF, "eliminated/ruling-1")], result_keys(results, 5)


def test_a_deck_used_up_is_exhausted_and_using_up_is_still_spending(corpus):
    """MECCG CRF, Exhausted ruling 2: "The play deck is exhausted when the last card is drawn." --
    fifteenth for a deck "used up", read as spent (probe round 223; migration 0110). Other things
    used up are still spent (0083)."""
    _, results = search(
        "i just pulled the final card off my play deck, is my deck used up right now or only when i try to draw again"
    )
    assert (CRF, "exhausted/ruling-2") in result_keys(results, 2), result_keys(results, 5)
    assert "spend" in {word.lexeme for word in analyse("can i use up all my influence").words}


def test_an_opponent_who_swung_at_me_attacked(corpus):
    """Highlander core rules, Defense Phase: "You may play one defense against each attack that your
    opponent played in their turn" -- sixth for an opponent who "swung at" me, each "swing" (probe
    round 227; migration 0111)."""
    _, results = search(
        "My opponent swung at me twice last turn, how many blocks can I throw against each swing, and can I "
        "play one if nothing was attacking?"
    )
    assert (CORE, "the-sequence-of-play/defense-phase") in result_keys(results, 4), result_keys(results, 5)


def test_carrying_out_an_effect_is_enacting_it(corpus):
    """MECCG CRF, Character ruling 2: "A character enacting an effect counts as a character in his
    company." -- not in the first twenty for a character "carrying out an effect" (probe round 246;
    migration 0115)."""
    _, results = search(
        "When one of my guys is the one carrying out an effect, is he still counted as one of the characters "
        "in his own group for that card?"
    )
    assert result_keys(results, 1) == [(CRF, "character/ruling-2")], result_keys(results, 5)


def test_an_attack_that_counts_as_going_through_is_successful(corpus):
    """Highlander core rules, Successful Attacks: "An attack becomes successful if your opponent did
    not play a defense or use an effect that will block or avoid the attack, or if the attack does at
    least one damage." -- ninth for an attack that "counts as going through" (probe round 265;
    migration 0120, after 0021's attack that "goes through"). A company going through regions is
    not rewritten."""
    _, results = search("when does an attack count as going through")
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/successful-attacks")], result_keys(
        results, 5
    )
    assert "success" not in [
        word.lexeme for word in analyse("my company is going through four regions").words
    ]


@pytest.mark.parametrize("gone", ["wasnt there anymore", "wasn't there anymore", "was no longer there"])
def test_a_thing_not_there_anymore_does_not_exist(corpus, gone):
    """MECCG CRF, Annotation 7: "If any other active condition for an action does not exist when the
    action is resolved, the action has no effect; if the action were playing a card from your hand,
    it is discarded." -- seventh for the thing a card needed that "wasnt there anymore" (probe round
    269; migration 0121)."""
    question = (
        f"i played a card from hand but by the time it resolved the thing it needed {gone}, does it do "
        "nothing and go to the discard pile"
    )
    assert "exist" in [word.lexeme for word in analyse(question).words]
    _, results = search(question)
    assert (CRF, "annotation-7") in result_keys(results, 4), result_keys(results, 5)


def test_a_plot_not_allowed_anymore_is_illegal(corpus):
    """INWO rules: "If a Plot becomes illegal before its effect is resolved, the Plot card returns to
    the owner's hand and is exposed." -- seventh for a plot that "wasn't allowed anymore" (probe
    round 259; migration 0122, as 0107 reads "not legal anymore")."""
    question = (
        "I played a plot card but by the time it was going to happen it wasn't allowed anymore, where does "
        "the card go and does everyone get to see it?"
    )
    assert "illeg" in [word.lexeme for word in analyse(question).words]
    _, results = search(question)
    assert (INWO, PLOT_BECOMES_ILLEGAL) in result_keys(results, 5), result_keys(results, 5)


def test_an_attack_that_worked_is_successful(corpus):
    """Highlander core rules, Successful Attacks: "An attack becomes successful if your opponent did
    not play a defense or use an effect that will block or avoid the attack" -- eleventh for an
    attack that counts as "having worked" (probe round 282; migration 0124, as 0120 reads one
    "going through")."""
    _, results = search("when does an attack count as having worked")
    assert result_keys(results, 1) == [(CORE, "advanced-concepts/successful-attacks")], result_keys(
        results, 5
    )


@pytest.mark.parametrize(
    "question",
    [
        "when my agent gets turned back over to hidden, do the permanent events and stuff attached to him get "
        "flipped over too",
        "my agent just got flipped back over so its hidden again, what happens to the items and stuff i put "
        "on it, do those get hidden too",
    ],
)
def test_an_agent_turned_back_over_turns_face_down(corpus, question):
    """MECCG CRF, Agent ruling 17: "Cards played on an agent remain face up when the agent turns face
    down." -- not in the first twenty for an agent "turned back over" or "flipped back over", which
    read as revealed ("flip" alone still does; probe rounds 281 and 249; migration 0124)."""
    _, results = search(question)
    assert result_keys(results, 1) == [(CRF, "agent/ruling-17")], result_keys(results, 5)
    assert "reveal" in [alt for word in analyse("can i flip my agent").words for alt in word.alternatives]


def test_a_site_not_flipped_yet_is_unrevealed(corpus):
    """MECCG CRF, Annotation 4: "An action may not target a face-down card nor any element of a face
    down card. Face down cards include unrevealed new site cards and on-guard cards." -- sixth for a
    new site that "hasnt been flipped yet" (probe round 282; migration 0125)."""
    _, results = search(
        "my opponent put down a new site that hasnt been flipped yet, can i aim an action at it or at something "
        "placed on it"
    )
    assert (CRF, "annotation-4") in result_keys(results, 2), result_keys(results, 5)
