"""Reaction windows: the other seat answers a card as the active player plays it (test pool cards: Test
Riposte and Test Dispel, Edges that counter an attack / a Special card as it is played; Test Caltrops, a
Discard to Use Object that counters an attack -- the documents print no such generic card)."""

import json
import random

import pytest
from hlrules_support import POOL, cid, duel_at, find, has, keys, rules_of, step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_properties import check_view, check_zones

import rules
from rules import bots

R_COUNTER = "core/advanced/countering-cards"
R_DTU = "core/advanced/discard-to-use"
R_REACTION = "core/sequence-of-play/golden-rule/reactions"


def test_edge_counters_an_attack_as_the_opponent_plays_it():
    """ "Countering Cards: If a card is countered, it is immediately discarded, and has no effect on play, but is
    still considered to have been played." -- answered in the attacker's turn, by the other player."""
    d = duel_at("attack", hands=(["thrust", "upper-left-attack"], ["test-riposte", "jump-generic"]))
    d, events = step(d, "attack", "thrust")
    assert d.to_move == 1 and d.active == 0 and d.phase == "attack"  # a window: seat 1 decides
    v = d.view(1)
    assert (
        v["to_move"] == 1
        and v["reaction"]["trigger"] == "attack"
        and v["reaction"]["card"]["key"] == "thrust"
    )
    assert d.view(0)["reaction"]["seat"] == 1
    assert {a.type for a in d.legal_actions()} == {"counter", "decline"}
    assert all(a.seat == 1 for a in d.legal_actions())
    d, events = step(d, "counter", "test-riposte")
    assert d.to_move == 0 and d.view(0)["reaction"] is None  # control returns to the active player
    ev = next(e for e in events if e.kind == "counter")
    assert ev.seat == 1 and ev.rule == R_COUNTER and "Player 1" in ev.text
    assert keys(d, 0, "discard") == ["thrust"] and keys(d, 1, "in_play") == ["test-riposte"]
    assert [x.settled for x in d.outgoing] == ["countered"] and d.t_attacks == 1  # no effect, but played:
    assert not has(d, "attack")  # the attack opportunity is used
    assert has(d, "pass")  # and it is the turn's non-Edge card
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    # seat 0 did attack (no defense discard offered for the Jump), and nothing is left to defend:
    assert d.active == 1 and d.phase == "attack" and keys(d, 1, "hand") == ["jump-generic"]
    assert "test-riposte" in keys(d, 1, "discard")  # the Edge is swept as usual


def test_let_it_be_returns_control_with_the_attack_standing():
    d = duel_at("attack", hands=(["thrust"], ["test-riposte"]))
    d, _ = step(d, "attack", "thrust")
    d, events = step(d, "decline")
    assert d.to_move == 0 and [d.cards[s.card] for s in d.outgoing] == ["thrust"]
    assert [(e.kind, e.seat, e.rule) for e in events] == [("reaction", 1, R_REACTION)]
    assert keys(d, 1, "hand") == ["test-riposte"]


def test_no_window_without_a_legal_response():
    """Only a card that can answer opens a window: most plays open none."""
    d = duel_at("attack", hands=(["thrust", "test-taunt"], ["test-dispel", "jump-generic"]))
    d, _ = step(d, "attack", "thrust")  # Test Dispel answers Special cards only
    assert d.to_move == 0 and not d.reaction
    d, _ = step(d, "special", "test-taunt")
    assert d.to_move == 1 and d.reaction.trigger == "special"


def test_countered_special_has_no_effect_but_counts_as_played():
    """A Special card's effect waits for the window: countered, "it has no effect on play", but "is still
    considered to have been played" (the turn's one Special card is spent)."""
    base = duel_at("attack", hands=(["test-taunt", "test-drain", "thrust"], ["test-dispel", "jump-generic"]))
    d, _ = step(base, "special", "test-taunt")
    assert d.players[1].must_do == ()  # not yet
    countered, events = step(d, "counter", "test-dispel")
    assert countered.players[1].must_do == () and "test-taunt" in keys(countered, 0, "discard")
    assert R_COUNTER in rules_of(events) and countered.t_special and not has(countered, "special")
    let, events = step(d, "decline")
    assert let.players[1].must_do == ("discard",) and "test-taunt" in keys(let, 0, "in_play")


def test_a_countered_location_leaves_the_old_location_in_play():
    d = duel_at("attack", hands=(["test-field", "thrust"], ["test-dispel"]), in_play=([], ["test-ruins"]))
    d, _ = step(d, "special", "test-field")
    assert keys(d, 1, "in_play") == ["test-ruins"]  # the replacement waits
    d, _ = step(d, "counter", "test-dispel")
    assert "test-ruins" in keys(d, 1, "in_play") and "test-field" in keys(d, 0, "discard")


def test_discard_to_use_card_used_in_the_opponents_turn():
    """ "You may not use a Discard to Use Card the turn it is put into play. You may only discard it after your
    opponent has played their first card on their next turn." -- the use happens in the opponent's turn."""
    d = duel_at(
        "attack", active=1, hands=(["lower-right-block", "thrust"], ["test-caltrops", "upper-left-attack"])
    )
    d, _ = step(d, "special", "test-caltrops")
    assert not has(d, "use")  # not the turn it is put into play (and it answers only the opponent's attacks)
    d, _ = step(d, "attack", "upper-left-attack")  # seat 0 holds nothing that answers: no window
    assert d.to_move == 1
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.active == 0 and d.players[1].dtu_ready == ()  # seat 0 has not played a card yet
    d, _ = step(d, "pass")  # no defense against the Upper Left Attack
    while d.phase == "defense":
        d, _ = step(d, "pass")
    d, _ = step(d, "attack", "thrust")  # seat 0's first card
    caltrops = cid(d, 1, "in_play", "test-caltrops")
    assert d.players[1].dtu_ready == (caltrops,) and d.to_move == 1
    d, events = step(d, "use", "test-caltrops")
    assert [e.rule for e in events if e.kind == "counter"] == [R_DTU]
    assert "test-caltrops" in keys(d, 1, "discard") and "thrust" in keys(d, 0, "discard")
    assert d.players[1].dtu_ready == () and d.to_move == 0


def test_discard_to_use_ready_after_a_defense_was_the_first_card():
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "lower-right-attack"], []),
        in_play=([], ["test-caltrops"]),
        incoming=[("upper-left-attack", {})],
    )
    assert d.players[1].dtu_ready == ()
    d, _ = step(d, "defend", "upper-left-block")  # the first card played: a defense
    assert d.players[1].dtu_ready and d.to_move == 0  # ready, but a block is nothing to counter
    while d.phase == "defense":
        d, _ = step(d, "pass")
    d, _ = step(d, "attack", "lower-right-attack")
    assert d.to_move == 1 and has(d, "use", "test-caltrops")


@pytest.mark.parametrize("attack", ["thrust", "upper-left-attack"])
def test_a_face_down_attack_opens_the_same_window_whatever_it_is(attack):
    """Whether a window opens depends only on what the reacting player may see: a face-down attack is an
    attack, nothing more."""
    d = duel_at("attack", hands=([attack], ["test-riposte", "test-dispel"]), hidden_right=True)
    d, _ = step(d, "attack", attack, hidden=True)
    secret = d.outgoing[0].card
    assert d.to_move == 1
    v = d.view(1)
    text = json.dumps(v)
    assert secret not in text and attack not in json.dumps(v["reaction"])
    assert v["reaction"]["hidden"] and v["reaction"]["card"] is None
    assert [a.label for a in d.legal_actions()] == [
        "Play Test Riposte to counter a face-down attack (attack 1)",
        "Let it be (a face-down attack (attack 1))",
    ]
    assert d.view(0)["reaction"]["card"]["id"] == secret  # the attacker knows their own card
    d, events = step(d, "counter", "test-riposte")
    assert attack in keys(d, 0, "discard")  # discarded face up: now public


def test_prone_reacting_player_discards_a_card_of_the_same_type():
    """Prone: "you must discard a card from your hand with the same Icon type as any card you play." """
    d = duel_at("attack", hands=(["thrust"], ["test-riposte", "test-lunge", "jump-generic"]))
    d.players[1].prone = True
    d, _ = step(d, "attack", "thrust")
    counters = [a for a in d.legal_actions() if a.type == "counter"]
    assert len(counters) == 1 and [d.cards[e] for e in counters[0].extras] == ["test-lunge"]
    d, _ = d.apply(counters[0])
    assert keys(d, 1, "hand") == ["jump-generic"] and "test-lunge" in keys(d, 1, "discard")
    lone = duel_at("attack", hands=(["thrust"], ["test-riposte", "jump-generic"]))
    lone.players[1].prone = True
    lone, _ = step(lone, "attack", "thrust")
    assert lone.to_move == 0  # no other Edge to discard: no legal response, no window


def test_golden_rule_and_window_turns_are_enforced():
    d = duel_at("attack", hands=(["thrust", "upper-left-attack"], ["test-riposte"]))
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("pass", seat=1))
    assert "golden-rule" in str(info.value)
    d, _ = step(d, "attack", "thrust")
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("pass", seat=0))
    assert info.value.rule == R_REACTION
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("pass", seat=1))
    assert info.value.rule == R_REACTION
    assert d.apply(rules.Action("decline"))[0].to_move == 0  # seat omitted: the seat to move


def test_window_survives_json_and_old_states_load():
    d = duel_at("attack", hands=(["thrust"], ["test-riposte"]))
    d, _ = step(d, "attack", "thrust")
    back = rules.Duel.from_json(json.loads(json.dumps(d.to_json())))
    assert back == d and back.to_move == 1 and back.legal_actions() == d.legal_actions()
    old = d.to_json()
    old["reaction"] = []
    del old["reaction"]
    assert rules.Duel.from_json(old).to_move == 0  # a state saved before windows existed


def test_heuristic_counters_power_blows_and_head_shots_only():
    rng = random.Random(1)
    plain = duel_at("attack", hands=(["thrust"], ["test-riposte"]))
    plain, _ = step(plain, "attack", "thrust")
    assert bots.choose(plain, "heuristic", rng).type == "decline"
    shot = duel_at("attack", hands=(["upper-left-attack", "head-shot"], ["test-riposte"]))
    shot, _ = step(shot, "attack", "upper-left-attack", extras=(cid(shot, 0, "hand", "head-shot"),))
    assert shot.view(1)["reaction"]["head_shot"]
    assert bots.choose(shot, "heuristic", rng).type == "counter"
    blow = duel_at("attack", hands=(["run-down"], []), in_play=([], ["test-caltrops"]))
    blow.players[1].dtu_ready = tuple(blow.players[1].in_play)
    blow, _ = step(blow, "attack", "run-down")
    assert blow.view(1)["reaction"]["power_blow"]
    assert bots.choose(blow, "heuristic", rng).type == "use"
    assert find(blow, "decline")


def _reaction_decks():
    """The starter decks, in the test pool, with cards that open reaction windows."""
    out = []
    for deck in rules.starter_decks():
        extra = ("test-riposte",) * 4 + ("test-caltrops",) * 3 + ("test-dispel",) * 2
        out.append(rules.Deck(deck.pregame, deck.endurance + extra, deck.name, POOL))
    return out


def test_reaction_decks_are_legal():
    assert all(rules.check_deck(d) == [] for d in _reaction_decks())


def _play_reaction_duel(seed, choice_seed, check=True):
    """A bot duel with the reaction decks; returns the duel, its actions and window statistics."""
    decks = _reaction_decks()
    rng = random.Random(choice_seed)
    d = rules.new_duel(decks[seed % 2], decks[1 - seed % 2], seed=seed)
    actions, stats = [], {"windows": 0, "hidden": 0, "answered": 0}
    while d.phase != "over":
        kinds = ("random", "heuristic") if choice_seed % 2 else ("heuristic", "random")
        a = bots.choose(d, kinds[d.to_move], rng)
        was_open = bool(d.reaction)
        d, events = d.apply(a)
        actions.append(a)
        assert all(e.rule and e.text for e in events)
        if was_open:
            assert any(e.seat == a.seat and e.kind in ("counter", "reaction") for e in events)
            stats["answered"] += a.type != "decline"
            assert d.to_move == d.active  # control is back with the active player
        if d.reaction:
            w = d.reaction
            stats["windows"] += 1
            assert w.seat == 1 - d.active == d.to_move and d.phase in ("defense", "attack")
            legal = d.legal_actions()
            assert legal[-1].type == "decline" and len(legal) > 1 and all(x.seat == w.seat for x in legal)
            if w.trigger == "attack" and d.outgoing[w.index].hidden:
                stats["hidden"] += 1
                secret = d.outgoing[w.index].card
                name = d.name(secret)
                assert d.public_facts(w.seat).key(secret) is None
                assert not any(name in x.label or secret in json.dumps(x.to_json()) for x in legal)
                assert secret not in json.dumps(d.view(w.seat))
        if check:
            check_zones(d)
            for seat in (0, 1):
                check_view(d, seat, seed)
    assert d.legal_actions() == [] and d.to_move == d.active
    return d, actions, stats


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(2**40, 2**63), choice_seed=st.integers(0, 2**32))
def test_random_duels_with_reaction_windows_keep_every_invariant(seed, choice_seed):
    d, actions, _ = _play_reaction_duel(seed, choice_seed)
    assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d
    decks = _reaction_decks()
    r = rules.new_duel(decks[seed % 2], decks[1 - seed % 2], seed=seed)
    for a in actions:
        r, _ = r.apply(rules.Action.from_json(json.loads(json.dumps(a.to_json()))))
    assert r == d and r.to_json() == d.to_json()


def test_windows_occur_in_random_duels():
    total = {"windows": 0, "hidden": 0, "answered": 0}
    for i in range(30):
        _, _, stats = _play_reaction_duel(2**40 + 104729 * i, i, check=False)
        for k in total:
            total[k] += stats[k]
    assert total["windows"] > 30 and total["answered"] > 5 and total["hidden"] > 0, total
