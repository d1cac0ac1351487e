"""Beginning the game and the Sequence of Play: scenario tests citing the rulebook."""

import pytest
from hlrules_support import cid, duel_at, find, has, keys, rules_of, step

import rules

DECKS = rules.starter_decks()


def test_start_ability_and_hand_of_fifteen():
    """ "Both players start the game with an Ability of 15.\" "Each player then draws one card for each point
    of his starting Ability\""""
    for seed in range(30):  # some deals draw an Unexpected card, which leaves the hand at once
        d = rules.new_duel(DECKS[0], DECKS[1], seed=seed)
        for seat in (0, 1):
            v = d.view(seat)["you"]
            # Unexpected cards drawn go into play, and some then to the discard pile or out of the game.
            drawn_unexpected = sum(
                1
                for zone in ("in_play", "discard", "removed")
                for c in v[zone]
                if rules.cardpool()[c["key"]].has("unexpected")
            )
            assert v["ability"] == 15
            assert len(v["hand"]) + drawn_unexpected == 15
            assert v["endurance_count"] == len(DECKS[seat].endurance) - 15


def test_starting_player_comes_from_the_seed():
    """ "Roll a die to determine whom goes first.\" -- the roll uses the duel's seeded RNG."""
    firsts = {rules.new_duel(DECKS[0], DECKS[1], seed=s).to_move for s in range(40)}
    assert firsts == {0, 1}
    assert (
        rules.new_duel(DECKS[0], DECKS[1], seed=5).to_move
        == rules.new_duel(DECKS[0], DECKS[1], seed=5).to_move
    )


def test_golden_rule_only_the_player_whose_turn_it_is_acts():
    """ "A Golden Rule you must remember is that you ordinarily never do anything during your opponents' turn.\""""
    d = duel_at("attack", active=0, hands=(["thrust"], ["thrust"]))
    mine = find(d, "attack", "thrust")
    theirs = rules.Action("attack", card=cid(d, 1, "hand", "thrust"), seat=1)
    before = d.to_json()
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(theirs)
    assert "golden-rule" in str(info.value) and d.to_json() == before
    assert all(a.seat == 0 for a in d.legal_actions()) and mine.seat == 0


def test_sweep_discards_cards_that_do_not_remain_in_play():
    """ "At the beginning of your next turn, you discard any cards still in play that normally do not remain
    in play.\" Situations remain."""
    d = duel_at(
        "draw",
        active=1,
        in_play=(["thrust", "upper-left-block", "foresee-the-unexpected"], []),
        hands=([], ["thrust"] * 15),
    )
    d2, events = d.apply(find(d, "draw", n=0))
    assert d2.to_move == 0
    assert keys(d2, 0, "in_play") == ["foresee-the-unexpected"]
    assert keys(d2, 0, "discard") == ["thrust", "upper-left-block"]
    assert "core/sequence-of-play/sweep-phase" in rules_of(events)


def test_defense_discard_only_when_the_opponent_did_not_attack():
    """ "If your opponent did not attack during his last turn you may discard one defense from your hand during
    this phase.\""""
    d = duel_at("sweep", hands=(["upper-left-block", "thrust"], []))
    assert has(d, "discard_defense", "upper-left-block") and not has(d, "discard_defense", "thrust")
    d2, _ = step(d, "discard_defense", "upper-left-block")
    assert keys(d2, 0, "discard") == ["upper-left-block"] and not has(d2, "discard_defense")
    d = duel_at("sweep", hands=(["upper-left-block"], []), incoming=[("thrust", {})])
    assert not has(d, "discard_defense")


def test_must_do_effects_come_before_may_do():
    """ "If your opponent has played a card that instructs you to perform an action, you must wait until the Sweep
    Phase ... 'Must Do' Effects - These are taken care of first.\""""
    d = duel_at("attack", active=1, hands=(["thrust", "upper-left-block"], ["test-taunt", "thrust"]))
    d, _ = step(d, "special", "test-taunt")
    assert d.players[0].hand and d.players[0].must_do == (
        "discard",
    )  # nothing happens in the opponent's turn
    d, _ = step(d, "pass")  # end attack phase
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 0 and d.phase == "sweep"
    assert {a.type for a in d.legal_actions()} == {"discard"}  # the must-do blocks the may-do
    d, events = step(d, "discard", "thrust")
    assert "core/sequence-of-play/sweep-phase/must-do" in rules_of(events)
    assert has(d, "discard_defense", "upper-left-block")  # now the may-do


def test_must_play_a_non_edge_card_or_exert():
    """ "During your turn, you must play at least one non-Edge card, or make an Exertion.\""""
    d = duel_at("attack", hands=(["thrust"], []))
    assert not has(d, "pass")
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("pass"))
    assert "must-play" in str(info.value)
    d2, _ = step(d, "exert", purpose="nothing")
    assert d2.phase in ("draw", "sweep") or has(d2, "pass")


def test_ability_adjustment_applies_pending_damage_then_hand_size():
    """ "If a card lowers your Ability, or you have pending damage, make that adjustment now.\" and "if you have
    more cards in your hand than your Ability, you must discard down to your Ability.\""""
    d = duel_at("defense", hands=(["thrust"] * 15, []), incoming=[("upper-left-attack", {})])
    d, _ = step(d, "pass")  # no defense against it
    d, events = step(d, "pass")  # end the defense phase: the attack is successful
    assert d.players[0].pending_damage == 2 and d.players[0].ability == 15
    d, events = step(d, "attack", "thrust")
    d, events = step(d, "pass")
    assert d.players[0].ability == 13 and d.phase == "draw"
    assert {a.type for a in d.legal_actions()} == {"discard"}
    d, _ = step(d, "discard", "thrust")
    assert d.to_move == 1 and len(d.players[0].hand) == 13


def test_draw_up_to_ability_one_card_at_a_time_choice():
    """ "If you have fewer cards in your hand than your Ability, you may draw one card at a time, stopping at any
    point as long as you do not exceed your Ability.\""""
    d = duel_at("draw", hands=(["thrust"] * 10, []))
    assert [(a.n, a.label) for a in d.legal_actions()] == [(1, "Draw a card"), (0, "Stop drawing")]
    for _ in range(3):
        d, _ = step(d, "draw", n=1)
        assert d.phase == "draw" and d.to_move == 0  # each card seen before the next is drawn
    assert len(d.players[0].hand) == 13
    stopped, _ = step(d, "draw", n=0)
    assert len(stopped.players[0].hand) == 13 and stopped.active == 1  # stopping ends the turn
    for _ in range(2):
        d, _ = step(d, "draw", n=1)
    assert len(d.players[0].hand) == 15 and d.active == 1  # at the Ability the drawing ends by itself


def test_losing_at_zero_ability_at_the_start_of_the_attack_phase():
    """ "When a player begins their Attack Phase at zero Ability, their opponent wins the game.\""""
    d = duel_at("defense", ability=(0, 15), hands=(["thrust"], []))
    d2, events = d.apply(find(d, "pass")) if has(d, "pass") else (d, [])
    assert d2.winner == 1 and d2.phase == "over" and d2.legal_actions() == []
    assert "core/goal/zero-ability" in rules_of(events)


def test_illegal_action_leaves_the_duel_unchanged():
    d = duel_at("attack", hands=(["thrust", "upper-left-block"], []))
    before = d.to_json()
    for bad in (
        rules.Action("attack", card=cid(d, 0, "hand", "upper-left-block")),
        rules.Action("defend", card=cid(d, 0, "hand", "upper-left-block"), target=0),
        rules.Action("draw", n=1),
        rules.Action("fly"),
    ):
        with pytest.raises(rules.IllegalAction) as info:
            d.apply(bad)
        assert str(info.value) and "[" in str(info.value)
    assert d.to_json() == before


def test_apply_never_mutates_the_receiver():
    d = rules.new_duel(DECKS[0], DECKS[1], seed=3)
    snapshot = rules.Duel.from_json(d.to_json())
    for _ in range(30):
        if d.phase == "over":
            break
        d2, _ = d.apply(d.legal_actions()[0])
        assert d == snapshot
        d, snapshot = d2, rules.Duel.from_json(d2.to_json())
