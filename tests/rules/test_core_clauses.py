"""The core rulebook (highlander-core-rules.txt), clause by clause: each test quotes its sentence and reads
"this position, this action, this outcome".  rules/COVERAGE.md ("Core rulebook") lists every clause with the
test that checks it, here or in the older files."""

import pytest
from hlrules_support import cid, draw, duel_at, has, keys, step

import rules


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
