"""The core rulebook (highlander-core-rules.txt), clause by clause: each test quotes its sentence and reads
"this position, this action, this outcome".  rules/COVERAGE.md ("Core rulebook") lists every clause with the
test that checks it, here or in the older files."""

import pytest
from hlrules_support import POOL, cid, draw, duel_at, has, keys, rules_of, step

import rules
from rules.cards import cardpool, make_card, register_pool

# Cards the core rulebook describes a mechanism for but neither document prints.
CORE_POOL = "core-clauses-play"
register_pool(
    CORE_POOL,
    list(cardpool(POOL).values())
    + [
        make_card({"text": "(test card)", **c})
        for c in (
            dict(title="Test Babylon Parry", type="dodge", grid="XXX/---/---", weapon="Sword of Babylon"),
            dict(
                title="Test Reinforcements",
                type="situation",
                on_play=[{"effect": "add-to-endurance", "title": "Thrust"}] * 2,
                text="Add two Thrusts from outside the game to your Endurance.",
            ),
            dict(
                title="Test Beheading",
                type="attack",
                grid="X--/---/---",
                keywords=["head-shot"],
                text="Head Shot.",
            ),
            dict(
                title="Test Killing Edge",
                type="edge",
                conjunction="upper-attack",
                text="Play in conjunction with an upper attack: that attack is a Head Shot.",
            ),
            dict(
                title="Test Second Wind",
                type="event",
                on_play=[{"effect": "gains-ability", "amount": 3}],
                text="You gain 3 Ability.",
            ),
            dict(
                title="Test Shrug",
                type="edge",
                keywords=["ignores-direct-effects"],
                text="Ignore the effects of a card that directly affect you.",
            ),
            dict(
                title="Test Weapon Theft",
                type="event",
                on_play=[{"effect": "opponent-removes", "title": "Sword of Babylon"}],
            ),
        )
    ],
)


def test_draw_one_card_at_a_time_and_stop_at_any_point():
    """ "you may draw one card at a time, stopping at any point as long as you do not exceed your Ability."
    The player sees each card before deciding on the next: a Block drawn first may be enough."""
    d = duel_at(
        "draw", hands=(["thrust"] * 13, []), endurance=(["upper-left-block", "thrust"] + ["thrust"] * 8, [])
    )
    d, events = step(d, "draw", n=1)
    assert [c[1] for e in events for c in e.cards] == ["upper-left-block"]
    assert d.phase == "draw" and d.to_move == 0 and has(d, "draw", n=1)
    d, _ = step(d, "draw", n=0)
    assert (
        d.active == 1 and keys(d, 0, "hand").count("upper-left-block") == 1 and len(d.players[0].hand) == 14
    )


def test_no_draw_above_the_ability():
    """ "as long as you do not exceed your Ability": at the Ability only "Stop drawing" is offered, and a draw is
    refused naming the rule."""
    d = duel_at("draw", hands=(["thrust"] * 14, []))
    d, _ = step(d, "draw", n=1)
    assert d.active == 1  # full: the phase ended by itself
    full = duel_at("draw", hands=(["thrust"] * 15, []))
    assert [a.n for a in full.legal_actions() if a.type == "draw"] in ([], [0])
    with pytest.raises(rules.IllegalAction) as info:
        duel_at("draw", hands=(["thrust"] * 14, [])).apply(rules.Action("draw", n=2))
    assert "draw-discard" in str(info.value)


def test_a_stored_multi_card_draw_replays_as_single_draws_and_a_stop():
    """Moves stored before the one-card draw (`draw` with n=3) still replay: three single draws, then stop."""
    d = duel_at("draw", hands=(["thrust"] * 10, []))
    old, _ = d.apply(rules.Action("draw", n=3))
    new, _ = draw(d, 3)
    assert old == new and old.active == 1 and len(old.players[0].hand) == 13


def test_exerting_for_nothing_in_the_defense_phase_leaves_the_attack_phase_hand_free():
    """ "If you chose to make a "Useless Exertion" it must be made before the end of your Attack Phase." and
    "After you make an Exertion, you may no longer play cards from your hand during your current phase." An
    Exertion for nothing made in the Defense Phase locks only that phase's hand."""
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "lower-right-attack"], []),
        endurance=(["jump-generic"] * 5 + ["thrust"] * 5, ["thrust"] * 10),
        incoming=[("upper-left-attack", {})],
    )
    d, _ = step(d, "defend", "upper-left-block")
    d, events = step(d, "exert", purpose="nothing")
    assert "core/exertions/exerting-for-nothing" in [e.rule for e in events]
    assert keys(d, 0, "discard") == ["jump-generic"] * 5  # the five revealed cards, unused
    assert d.phase == "attack"  # nothing left to do in the Defense Phase: it ended by itself
    assert has(d, "attack", "lower-right-attack")  # the attack phase's hand is free
    assert not has(d, "exert")  # "You may only make one Exertion per turn."


def test_no_useless_exertion_after_the_attack_phase():
    """ "it must be made before the end of your Attack Phase": none is offered in the Draw/Discard Phase."""
    d = duel_at("draw", hands=(["thrust"] * 10, []))
    assert not has(d, "exert")
    nothing_coming = duel_at("defense", hands=(["thrust", "test-extra-attack"], []))
    assert has(nothing_coming, "exert", purpose="nothing")  # "You may Exert in any phase of your turn."
    assert not has(nothing_coming, "exert", purpose="defense")  # no attack coming: none for a defense
    # A Defense Phase with nothing else to do passes by itself; the Useless Exertion waits for the Attack Phase.
    idle = duel_at("defense", hands=(["thrust"], []))
    assert idle.phase == "defense" and [a.label for a in idle.legal_actions()] == ["End the defense phase"]


def test_a_head_shot_played_first_goes_with_the_upper_attack_an_exertion_finds():
    """ "If you have a card that requires an attack to be played in conjunction with it, play the card first, then
    Exert for the attack to play with it." The Head Shot goes with an upper attack from the Exertion, and only
    with one: "Your attack must be able to become a Power Blow to be a Head Shot." """
    d = duel_at(
        "attack",
        hands=(["head-shot", "lower-right-attack"], []),
        endurance=(
            ["thrust", "upper-left-attack", "jump-generic", "jump-generic", "jump-generic"] + ["thrust"] * 5,
            [],
        ),
    )
    d, events = step(d, "exert", purpose="attack", extras=(cid(d, 0, "hand", "head-shot"),))
    assert [e.kind for e in events][0] == "play-first" and keys(d, 0, "in_play") == ["head-shot"]
    chooses = [a for a in d.legal_actions() if a.type == "choose"]
    assert {d.cards[a.card] for a in chooses} == {"upper-left-attack"}  # not the Thrust: not an upper attack
    assert not has(d, "attack")  # the hand is locked by the Exertion
    d, _ = step(d, "choose", "upper-left-attack")
    strike = d.outgoing[0]
    assert strike.head_shot and strike.power_blow and d.cards[strike.extras[0]] == "head-shot"
    for _ in range(10):  # to the end of the opponent's Defense Phase, playing nothing
        if d.phase == "over":
            break
        d, _ = step(d, "pass") if has(d, "pass") else step(d, "draw", n=0)
    assert d.winner == 0


def test_a_head_shot_played_first_with_no_upper_attack_found_has_no_effect():
    """The card played first waits for the attack; when the Exertion finds none to go with it, it stays played
    (the turn's Special card) without effect."""
    d = duel_at("attack", hands=(["head-shot", "thrust"], []), endurance=(["thrust"] * 10, []))
    d, events = step(d, "exert", purpose="attack", extras=(cid(d, 0, "hand", "head-shot"),))
    assert "no-effect" in [e.kind for e in events]  # nothing to choose: the Exertion ended by itself
    assert keys(d, 0, "in_play") == ["head-shot"] and keys(d, 0, "hand") == ["thrust"]
    assert d.phase == "draw" and not d.outgoing  # the hand stayed locked: no attack this turn


def test_no_head_shot_before_an_exertion_once_a_special_card_was_played():
    """A Head Shot is an Event: "You may only play one Special Card per turn." """
    d = duel_at("attack", hands=(["head-shot"], []), t_special=True)
    assert has(d, "exert", purpose="attack") and not has(
        d, "exert", purpose="attack", extras=(cid(d, 0, "hand", "head-shot"),)
    )


def test_weapon_specific_cards_cannot_be_used_while_disarmed():
    """ "While Disarmed, you cannot play Weapon Specific Cards relating to that Weapon." (a dodge, which a Disarmed
    player may otherwise play: "If either occurs, you may not play attacks or blocks.")"""
    setup = dict(
        hands=(["test-babylon-parry", "duck-generic"], []),
        pregame=(["sword-of-babylon"], []),
        incoming=[("upper-left-attack", {})],
        pool=CORE_POOL,
    )
    armed = duel_at("defense", **setup)
    assert has(armed, "defend", "test-babylon-parry") and has(armed, "defend", "duck-generic")
    disarmed = duel_at("defense", disarmed=True, **setup)
    assert not has(disarmed, "defend", "test-babylon-parry") and has(disarmed, "defend", "duck-generic")


def test_a_weapon_of_choice_cannot_be_removed_from_the_game():
    """Weapons of Choice: "It cannot be removed from the game." An effect removing it finds nothing to remove."""
    d = duel_at(
        "attack",
        active=1,
        hands=(["thrust"], ["test-weapon-theft", "thrust"]),
        pregame=(["sword-of-babylon"], []),
        pool=CORE_POOL,
    )
    d, _ = step(d, "special", "test-weapon-theft")
    assert d.players[0].must_do == ("remove:Sword of Babylon",)
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0) if d.phase == "draw" else (d, [])
    while d.phase == "sweep" and d.players[0].must_do:
        d, _ = step(d, "resolve") if has(d, "resolve") else step(d, "pass")
    assert keys(d, 0, "pregame") == ["sword-of-babylon"] and keys(d, 0, "removed") == []


def test_several_copies_of_a_situation_in_play():
    """ "You may have multiple copies of the same Situation or Object in play at once." """
    d = duel_at("attack", hands=(["test-extra-attack", "thrust"], []), in_play=(["test-extra-attack"], []))
    d, _ = step(d, "special", "test-extra-attack")
    assert keys(d, 0, "in_play") == ["test-extra-attack", "test-extra-attack"]


def test_edge_cards_are_not_special_cards():
    """ "Edge Cards are not Special Cards. You may play as many Edge Cards per turn as you wish." A Special card
    and an Edge the same turn."""
    d = duel_at("attack", hands=(["test-extra-attack", "thrust", "test-lunge"], []))
    d, _ = step(d, "special", "test-extra-attack")
    lunge = cid(d, 0, "hand", "test-lunge")
    d, _ = step(d, "attack", "thrust", extras=(lunge,))
    assert keys(d, 0, "in_play") == ["test-extra-attack", "test-lunge", "thrust"]


def test_a_special_card_in_the_defense_phase_or_the_attack_phase_not_both():
    """ "You may play a Special Card in this phase, or wait until your Attack Phase." and "If you haven't played a
    Special Card yet, you may do so in this phase. Remember that you may only play one Special Card per turn." """
    d = duel_at(
        "defense",
        hands=(["test-extra-attack", "test-drain", "thrust"], []),
        incoming=[("upper-left-attack", {})],
    )
    assert has(d, "special", "test-extra-attack")
    d, _ = step(d, "special", "test-drain")
    while d.phase == "defense":
        d, _ = step(d, "pass")
    assert d.phase == "attack" and not has(d, "special") and has(d, "attack", "thrust")


def test_attacks_keep_their_order_but_an_exerted_attack_goes_anywhere():
    """ "You may not rearrange the order of attacks once you have played them. If you Exert for an attack however,
    you may insert that attack anywhere along the sequence." """
    d = duel_at(
        "attack",
        hands=(["thrust", "lower-left-attack"], []),
        t_extra=2,
        endurance=(["upper-right-attack"] + ["jump-generic"] * 9, []),
    )
    d, _ = step(d, "attack", "thrust")
    d, _ = step(d, "attack", "lower-left-attack")
    assert [d.cards[s.card] for s in d.outgoing] == ["thrust", "lower-left-attack"]  # in the order played
    assert all(a.target is None for a in d.legal_actions() if a.type == "attack")  # no place to choose
    d, _ = step(d, "exert", purpose="attack")
    assert {a.target for a in d.legal_actions() if a.type == "choose"} == {0, 1, 2}
    d, _ = step(d, "choose", "upper-right-attack", target=0)
    assert [d.cards[s.card] for s in d.outgoing] == ["upper-right-attack", "thrust", "lower-left-attack"]


def test_no_exertion_for_an_attack_once_the_opportunities_are_used():
    """ "If you are prevented from playing an attack or have lost all of your attack opportunities you cannot play
    a attack, or make an Exertion for one." """
    d = duel_at("attack", hands=(["thrust", "lower-left-attack"], []))
    assert has(d, "exert", purpose="attack")
    d, _ = step(d, "attack", "thrust")
    assert not has(d, "attack") and not has(d, "exert", purpose="attack")
    assert has(d, "exert", purpose="power-blow")  # other Exertions stay open


def test_an_attack_already_a_power_blow_cannot_be_made_one_again():
    """ "If an attack is already a Power Blow, you cannot make it a Power Blow again." """
    d = duel_at(
        "attack",
        hands=(["thrust"], []),
        outgoing=[("upper-left-attack", {"power_blow": True})],
        t_attacks=1,
        t_extra=1,
    )
    assert not has(d, "exert", purpose="power-blow", target=0)
    d, _ = step(d, "attack", "thrust")
    assert has(d, "exert", purpose="power-blow", target=1)


def test_a_power_block_only_against_a_power_blow():
    """ "You can only make a block you play a Power Block against an attack that is a Power Blow." """
    plain = duel_at("defense", hands=(["upper-left-block"], []), incoming=[("upper-left-attack", {})])
    plain, _ = step(plain, "defend", "upper-left-block")
    assert not has(plain, "exert", purpose="power-block")
    blow = duel_at(
        "defense", hands=(["upper-left-block"], []), incoming=[("upper-left-attack", {"power_blow": True})]
    )
    blow, _ = step(blow, "defend", "upper-left-block")
    assert has(blow, "exert", purpose="power-block", card=cid(blow, 0, "in_play", "upper-left-block"))


def test_may_do_effects_in_any_order_or_not_at_all():
    """ "you may accomplish these effects in any order you choose. You may opt not to do any 'May Do' effects at
    all." A Prone and Disarmed player may roll for either first, or for neither."""
    d = duel_at("sweep", hands=(["thrust"], []), prone=True, disarmed=True, seed=3)
    assert has(d, "recover_weapon") and has(d, "regain_feet") and has(d, "pass")
    first_feet, _ = step(d, "regain_feet", purpose=None)
    assert has(first_feet, "recover_weapon")
    first_weapon, _ = step(d, "recover_weapon")
    assert has(first_weapon, "regain_feet", purpose=None)
    skipped, _ = step(d, "pass")
    assert skipped.phase != "sweep" and skipped.players[0].prone and skipped.players[0].disarmed


def test_must_do_effects_in_any_order():
    """ "If you have multiple 'Must Do' effects to take care of, you may handle them in any order you choose, as
    long as you take care of all of the 'Must Do' effects if possible." """
    d = duel_at("sweep", hands=(["thrust", "upper-left-block"], []), must_do=["discard", "remove:Thrust"])
    assert has(d, "discard", "upper-left-block") and has(d, "resolve", purpose="remove:Thrust")
    assert not has(d, "pass")  # all of them, while possible
    d, events = step(d, "resolve", purpose="remove:Thrust")
    assert keys(d, 0, "removed") == ["thrust"] and "core/advanced/removing-cards" in " ".join(
        rules_of(events)
    )
    d, _ = step(d, "discard", "upper-left-block")
    assert d.players[0].must_do == ()


def test_ignoring_an_instruction_or_a_loss_of_ability():
    """ "If enabled to do so, you may only Ignore the effects of a card that directly affect you; either instructing
    you to perform some action ... or affecting your Ability." An Edge that lets you Ignore answers a 'Must Do'
    instruction, and the Ability an opponent's Event makes you lose."""
    d = duel_at(
        "attack", active=1, hands=(["test-shrug", "thrust"], ["test-taunt", "thrust"]), pool=CORE_POOL
    )
    d, _ = step(d, "special", "test-taunt")
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.active == 0 and d.phase == "sweep" and d.players[0].must_do == ("discard",)
    d, events = step(d, "ignore", "test-shrug", purpose="discard")
    assert "core/advanced/ignoring-or-nullifying" in rules_of(events)
    assert d.players[0].must_do == () and keys(d, 0, "hand") == ["thrust"]  # nothing discarded
    assert keys(d, 0, "in_play") == ["test-shrug"]

    d = duel_at(
        "attack", active=1, hands=(["test-shrug", "thrust"], ["test-drain", "thrust"]), pool=CORE_POOL
    )
    d, _ = step(d, "special", "test-drain")
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.players[0].pending_loss == 1 and has(d, "ignore", "test-shrug", purpose="ability-loss")
    d, _ = step(d, "ignore", "test-shrug", purpose="ability-loss")
    while d.active == 0 and d.phase != "draw":
        d, _ = step(d, "pass") if has(d, "pass") else step(d, "attack", "thrust")
    assert d.players[0].ability == 15  # the Ability Adjustment took nothing


def test_no_ignoring_a_card_that_does_not_directly_affect_you():
    """ "you may only Ignore the effects of a card that directly affect you": not the opponent's Situation that
    gives them an extra attack, nor a Location that acts on both players."""
    d = duel_at(
        "sweep",
        hands=(["test-shrug", "thrust"], []),
        in_play=([], ["test-extra-attack", "test-beach"]),
        pool=CORE_POOL,
    )
    assert not has(d, "ignore")


def test_removing_a_card_removes_the_cards_it_added():
    """ "If a card allowing you to add cards to your Endurance is removed, the added card or cards must also be
    removed." Two Thrusts added to the Endurance; one is drawn; both go when the card that added them goes."""
    d = duel_at(
        "attack",
        hands=(["test-reinforcements", "lower-left-attack"], []),
        endurance=(["jump-generic"] * 6, []),
        pool=CORE_POOL,
    )
    d, events = step(d, "special", "test-reinforcements")
    assert keys(d, 0, "endurance").count("thrust") == 2 and len(d.players[0].added) == 2
    position = {**d.position(), "phase": "sweep"}  # a later sweep of seat 0, its opponent's card to obey
    seat = position["players"][0]
    seat["endurance"].remove("thrust")  # one added Thrust has been drawn since
    seat["hand"].append("thrust")
    seat["must_do"] = ["remove:Test Reinforcements"]
    seat["added"] = ["thrust#1", "thrust#2"]  # the hand's Thrust, then the Endurance's
    d = rules.Duel.from_position(position)
    d, events = step(d, "resolve", purpose="remove:Test Reinforcements")
    assert "core/advanced/removing-cards/added-cards" in rules_of(events)
    assert keys(d, 0, "removed") == ["test-reinforcements", "thrust", "thrust"]
    assert "thrust" not in keys(d, 0, "hand") + keys(d, 0, "endurance") and d.players[0].added == ()
    assert keys(d, 0, "hand") == ["lower-left-attack"]


def _to_the_end_of_the_opponents_defense(d):
    for _ in range(10):
        if d.phase == "over" or (d.active == 1 and d.phase == "attack"):
            break
        d, _ = step(d, "pass") if has(d, "pass") else step(d, "draw", n=0)
    return d


def test_attacks_that_are_head_shots_by_their_game_text():
    """ "There are cards other than the Head Shot: Event that may modify an attack to become a Head Shot, or attacks
    that by Game Text are Head Shots. The same rules pertaining to the Head Shot: Event also applies to these
    cards." An attack that is a Head Shot by its text is a Power Blow that takes the head."""
    d = duel_at("attack", hands=(["test-beheading"], []), pool=CORE_POOL)
    d, events = step(d, "attack", "test-beheading")
    assert d.outgoing[0].head_shot and d.outgoing[0].power_blow
    assert _to_the_end_of_the_opponents_defense(d).winner == 0
    # the same rules: one Power Blow a turn, and Darius' "You may not play any Head Shot unless ..."
    assert not has(
        duel_at("attack", hands=(["test-beheading"], []), t_power_blow=True, pool=CORE_POOL), "attack"
    )
    darius = duel_at("attack", hands=(["test-beheading"], []), pregame=(["darius"], []), pool=CORE_POOL)
    assert not has(darius, "attack", "test-beheading")


def test_an_edge_that_makes_an_upper_attack_a_head_shot_is_not_a_special_card():
    """ "cards other than the Head Shot: Event that may modify an attack to become a Head Shot" -- an Edge that does
    so may follow the turn's Special card ("Edge Cards are not Special Cards"), and may be played before an
    Exertion for the attack."""
    d = duel_at(
        "attack", hands=(["test-killing-edge", "upper-left-attack"], []), t_special=True, pool=CORE_POOL
    )
    edge = cid(d, 0, "hand", "test-killing-edge")
    d2, _ = step(d, "attack", "upper-left-attack", extras=(edge,))
    assert d2.outgoing[0].head_shot and d2.outgoing[0].power_blow
    d3, events = step(d, "exert", purpose="attack", extras=(edge,))
    assert "play-first" in [e.kind for e in events]


def test_a_card_that_raises_your_ability_at_the_ability_adjustment():
    """ "If a card lowers your Ability, or you have pending damage, make that adjustment now. If a card raises your
    Ability, make that adjustment now." -- the loss first, then the gain, up to the starting Ability "(also known
    as Maximum Ability)"."""
    d = duel_at(
        "attack",
        hands=(["test-second-wind", "thrust"], []),
        ability=(10, 15),
        pending_damage=2,
        pool=CORE_POOL,
    )
    d, _ = step(d, "special", "test-second-wind")
    assert d.players[0].ability == 10  # nothing yet: "make that adjustment now" is the Ability Adjustment
    d, _ = step(d, "attack", "thrust")
    d, events = step(d, "pass")
    assert [e.text for e in events if e.kind == "ability"] == [
        "Player 0 loses 2 Ability (2 damage): now 8.",
        "Player 0 gains 3 Ability: now 11.",
    ]
    near_max = duel_at("attack", hands=(["test-second-wind", "thrust"], []), ability=(14, 15), pool=CORE_POOL)
    near_max, _ = step(near_max, "special", "test-second-wind")
    near_max, _ = step(near_max, "attack", "thrust")
    near_max, _ = step(near_max, "pass")
    assert near_max.players[0].ability == 15


def test_a_useless_exertion_in_the_sweep_phase_too():
    """ "You may Exert in any phase of your turn." -- a Sweep Phase with a choice to make offers an Exertion for
    nothing; one with nothing to decide still passes by itself."""
    d = duel_at("sweep", hands=(["upper-left-block", "thrust"], []))  # the opponent did not attack
    assert has(d, "discard_defense") and has(d, "exert", purpose="nothing")
    d, _ = step(d, "exert", purpose="nothing")
    assert keys(d, 0, "discard") == [
        "lower-right-block",
        "middle-left-attack",
        "thrust",
        "upper-center-block",
        "upper-left-attack",
    ]
    assert has(d, "discard_defense")  # discarding is not playing a card: the may-do stays open
    idle = duel_at("sweep", hands=(["thrust"], []))
    assert [a.label for a in idle.legal_actions()] == ["End the sweep phase"]


def test_an_added_card_shuffled_back_under_a_new_id_still_goes_with_the_card_that_added_it():
    """ "If a card allowing you to add cards to your Endurance is removed, the added card or cards must also be
    removed": an added Thrust discarded and shuffled back into the Endurance (every reshuffled card gets a fresh
    id) is still one of the added cards."""
    import copy

    from rules.zones import reshuffle_discard

    d = duel_at(
        "attack",
        hands=(["test-reinforcements", "lower-left-attack"], []),
        endurance=(["jump-generic"] * 6, []),
        pool=CORE_POOL,
    )
    d, events = step(d, "special", "test-reinforcements")
    position = {**d.position(), "phase": "sweep"}
    seat = position["players"][0]
    seat["endurance"].remove("thrust")  # one added Thrust has been discarded since
    seat["discard"].append("thrust")
    seat["added"] = ["thrust#1", "thrust#2"]  # the discard pile's Thrust, then the Endurance's
    seat["must_do"] = ["remove:Test Reinforcements"]
    d = copy.deepcopy(rules.Duel.from_position(position))
    reshuffle_discard(d, 0, [], "core/sequence-of-play")
    assert keys(d, 0, "endurance").count("thrust") == 2 and len(d.players[0].added) == 2
    d, events = step(d, "resolve", purpose="remove:Test Reinforcements")
    assert keys(d, 0, "removed") == ["test-reinforcements", "thrust", "thrust"]
    assert "thrust" not in keys(d, 0, "endurance") and d.players[0].added == ()
