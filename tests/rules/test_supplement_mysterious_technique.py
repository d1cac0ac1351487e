"""Andre Korda's Mysterious Technique (Attack, Signature 3), sentence by sentence, as positions
(rules/technique.py): "You may play this card face down along with two other attacks. These attacks are
not considered Hidden and none of them may be a Power Blow. Your opponent chooses one of the three cards
and all three are immediately revealed. If he does not choose this card, then the chosen attack cannot be
blocked or dodged, and the other two cards return to their owner's hand. Any Edge or Special cards played
in conjunction with them are discarded. If your opponent chooses this card, then discard the other two
attacks and any cards played in conjunction with them." """

from __future__ import annotations

import json
import random

import pytest
from hlrules_support import cid, duel_at, has, keys, rules_of
from test_rules_properties import check_view, check_zones

import rules
from rules.actions import ActionType as T
from rules.engine import settle
from rules.view import visible_ids

TECHNIQUE = "mysterious-technique"
LONG = 2**41  # check_view looks for the seed in the view's text: a short one would be found by chance
DEFENSES = [
    "upper-left-block",
    "upper-right-block",
    "lower-right-block",
    "duck-generic",
    "upper-center-block",
]


def _korda(hand=(TECHNIQUE, "thrust", "upper-left-attack"), seed=LONG + 3, **kw):
    return duel_at(hands=(list(hand), list(DEFENSES)), seed=seed, **kw)


def _techniques(d):
    return [a for a in d.legal_actions() if a.purpose == "technique"]


def _played(d=None, **kw):
    """The Technique played with a Thrust and an Upper Left Attack: seat 1 to choose."""
    d = d or _korda(**kw)
    (play,) = _techniques(d)
    d, events = d.apply(play)
    return d, events


def _choose(d, key):
    """Seat 1 chooses the face-down attack whose card is `key` (the test knows; the seat does not)."""
    j = next(j for j, s in enumerate(d.outgoing) if d.cards[s.card] == key)
    return d.apply(next(a for a in d.legal_actions() if a.target == j))


def test_it_is_played_face_down_along_with_two_other_attacks_and_never_alone():
    """ "You may play this card face down along with two other attacks." -- two attacks from the hand (two
    copies of one title too), never the Technique on its own (it has no areas of its own to attack) and
    never from an Exertion; the three use one attack opportunity, as one attack is left once chosen."""
    d = _korda(hand=(TECHNIQUE, "thrust", "thrust", "upper-left-attack"))
    pairs = sorted(tuple(sorted(d.cards[e] for e in a.extras)) for a in _techniques(d))
    assert pairs == [("thrust", "thrust"), ("thrust", "upper-left-attack")]
    assert not has(d, T.ATTACK, TECHNIQUE, purpose=None)
    d, _ = _played(_korda())
    assert sorted(keys(d, 0, "in_play")) == sorted([TECHNIQUE, "thrust", "upper-left-attack"])
    assert d.t_attacks == 1 and all(s.hidden for s in d.outgoing) and d.to_move == 1
    alone = _korda(hand=(TECHNIQUE, "thrust"))
    assert _techniques(alone) == []
    top = [TECHNIQUE, "thrust", "thrust", "thrust", "thrust"]
    exerted = duel_at(hands=(["lower-right-block"], ()), endurance=(top * 3, top * 3))
    exerted, _ = exerted.apply(next(a for a in exerted.legal_actions() if a.purpose == "attack"))
    assert {exerted.cards[a.card] for a in exerted.legal_actions() if a.type == T.CHOOSE} == {"thrust"}


def test_only_attacks_go_with_it_never_a_combat_trick_nor_a_power_blow():
    """FAQ: a card "cannot be played in combination with Mysterious Technique because the later uses only
    attacks and not Combat Tricks"; "none of them may be a Power Blow": not Run Down (a Power Blow by its
    text), and no Head Shot is played with them."""
    d = _korda(hand=(TECHNIQUE, "thrust", "superior-tactics", "run-down", "upper-left-attack", "head-shot"))
    named = {d.cards[e] for a in _techniques(d) for e in a.extras}
    assert named == {"thrust", "upper-left-attack"}
    assert all(len(a.extras) == 2 for a in _techniques(d))


def test_the_opponent_sees_three_face_down_attacks_and_not_which_is_which():
    """Before the choice the opponent sees three face-down attacks: no card, id or key; their order in the
    sequence is the duel's dice, so the place of the Technique tells nothing either."""
    d, events = _played()
    view = d.view(1)
    three = view["attacks_this_turn"]
    allowed = {"index", "hidden", "kind", "power_blow", "extras", "was_hidden", "settled"}
    assert all(set(s) <= allowed for s in three)
    assert all(s["hidden"] for s in three) and len(three) == 3
    assert view["reaction"]["card"] is None and view["reaction"]["trigger"] == "technique"
    text = json.dumps(view)
    assert not any(s.card in text for s in d.outgoing) and f'"key": "{TECHNIQUE}"' not in text
    shown = json.dumps([e.for_seat(1) for e in events])
    assert not any(s.card in shown for s in d.outgoing) and "Thrust" not in shown
    check_view(d, 0, LONG + 3)
    check_view(d, 1, LONG + 3)
    places = set()
    for i in range(12):
        other, _ = _played(seed=LONG + i)
        places.add(next(j for j, s in enumerate(other.outgoing) if other.cards[s.card] == TECHNIQUE))
    assert len(places) > 1
    assert not any("Thrust" in a.label or "Upper Left" in a.label for a in d.legal_actions())


def test_the_opponent_chooses_one_and_all_three_are_immediately_revealed():
    """ "Your opponent chooses one of the three cards and all three are immediately revealed." """
    d, _ = _played()
    assert [a.type for a in d.legal_actions()] == [T.CHOOSE] * 3 and all(
        a.seat == 1 for a in d.legal_actions()
    )
    with pytest.raises(rules.IllegalAction, match="Player 1 is choosing one of the three face-down attacks"):
        d.apply(rules.Action(T.PASS, seat=0))
    with pytest.raises(rules.IllegalAction, match="chooses one of the three face-down attacks"):
        d.apply(rules.Action(T.CHOOSE, target=7, seat=1))
    d, events = _choose(d, "thrust")
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.private_to is None and sorted(k for _, k in reveal.cards) == sorted(
        [TECHNIQUE, "thrust", "upper-left-attack"]
    )
    assert d.to_move == 0 and not d.reaction and "card/mysterious-technique" in rules_of(events)


def test_not_choosing_it_the_chosen_attack_cannot_be_blocked_or_dodged_and_the_other_two_go_back_to_the_hand():
    """ "If he does not choose this card, then the chosen attack cannot be blocked or dodged, and the other
    two cards return to their owner's hand." Next turn the opponent holds blocks and a dodge for the
    Thrust's area and may play none of them: it does its 2 damage."""
    d, _ = _played()
    d, _ = _choose(d, "thrust")
    assert [(d.cards[s.card], s.technique, s.hidden) for s in d.outgoing] == [("thrust", "chosen", False)]
    assert sorted(keys(d, 0, "hand")) == [TECHNIQUE, "upper-left-attack"]
    assert keys(d, 0, "in_play") == ["thrust"]
    shown_before = json.dumps([e.to_json() for e in d.log])
    assert not any(c in shown_before for c in d.players[0].hand)  # back in the hand under fresh ids
    top = ["lower-right-block"] * 5  # an Exertion would find only a block for the Thrust's area
    facing = duel_at(
        "defense",
        active=1,
        hands=((), ["lower-right-block", "side-step-generic", "upper-left-block"]),  # all cover a Thrust
        endurance=(top * 4, top * 4),
        incoming=[("thrust", {"technique": "chosen"})],
    )
    assert not any(a.type == T.DEFEND for a in facing.legal_actions())
    facing, events = facing.apply(next(a for a in facing.legal_actions() if a.purpose == "defense"))
    # the five blocks the Exertion finds cover the Thrust and cannot be used: it is successful, 2 damage
    assert any(e.text == "Thrust is successful against Player 1: 2 damage." for e in events)
    assert facing.players[1].ability == 13 and "core/advanced/successful-attacks" in rules_of(events)


def test_choosing_it_the_other_two_attacks_are_discarded_and_it_is_the_attack():
    """ "If your opponent chooses this card, then discard the other two attacks and any cards played in
    conjunction with them." The Technique stays, the attack left; the supplement prints no grid for it, so
    it has no area and any defense covers all of it."""
    d, _ = _played()
    d, _ = _choose(d, TECHNIQUE)
    assert [(d.cards[s.card], s.technique) for s in d.outgoing] == [(TECHNIQUE, "technique")]
    assert sorted(keys(d, 0, "discard")) == ["thrust", "upper-left-attack"]
    assert keys(d, 0, "in_play") == [TECHNIQUE]
    facing = duel_at(
        "defense", active=1, hands=((), list(DEFENSES)), incoming=[(TECHNIQUE, {"technique": "technique"})]
    )
    assert {facing.cards[a.card] for a in facing.legal_actions() if a.type == T.DEFEND} == set(DEFENSES)


def test_none_of_them_may_be_a_power_blow_and_they_are_not_hidden():
    """ "These attacks are not considered Hidden and none of them may be a Power Blow": the attack left is
    revealed and can never be made a Power Blow; a Hidden right is not used up by them."""
    d, _ = _played(hidden_right=False)
    d, _ = _choose(d, "upper-left-attack")
    assert not any(a.purpose == "power-blow" for a in d.legal_actions())
    assert not any(s.hidden or s.was_hidden for s in d.outgoing)
    bob = duel_at(
        hands=([TECHNIQUE, "thrust", "upper-left-attack"], list(DEFENSES)),
        pregame=(["cracker-bob"], ()),
        seed=LONG + 3,
    )
    bob, _ = _played(bob)
    bob, _ = _choose(bob, "thrust")
    assert not any(a.type == T.POWER_BLOW for a in bob.legal_actions())


def test_a_position_in_the_middle_of_the_choice_round_trips():
    """The face-down attacks and the open choice are part of the position (rules/POSITIONS.md)."""
    d, _ = _played()
    position = d.position()
    assert position["reaction"]["trigger"] == "technique"
    assert [s["technique"] for s in position["outgoing"]] == ["face-down"] * 3
    again = rules.Duel.from_position(json.loads(json.dumps(position)))
    assert [a.label for a in again.legal_actions()] == [a.label for a in d.legal_actions()]
    for a, b in zip(d.legal_actions(), again.legal_actions(), strict=True):
        assert d.apply(a)[0].position() == again.apply(b)[0].position()
    assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d


def test_random_play_reaches_the_choice_and_keeps_every_invariant():
    """Random and heuristic bots play the Technique and choose; zones, views and JSON hold at every step."""
    seen = set()
    with_an_edge = 0
    for i in range(30):
        seed = LONG + 100 + i
        rng = random.Random(seed)
        hand = [TECHNIQUE, TWIST] + [
            rng.choice(["thrust", "upper-left-attack", "lower-right-attack"]) for _ in range(5)
        ]
        d = duel_at("sweep", hands=(hand, list(DEFENSES)), seed=seed, pregame=([SWORD], []))
        settle(d, [])
        for _ in range(80):
            if d.phase == "over":
                break
            a = rules.bots.choose(d, ("random", "heuristic")[i % 2], rng)
            seen.add((a.type, a.purpose))
            with_an_edge += a.purpose == "technique" and len(a.extras) == 3
            d, _ = d.apply(a)
            check_zones(d)
            check_view(d, 0, seed)
            check_view(d, 1, seed)
        assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d
    assert {(T.ATTACK, "technique"), (T.CHOOSE, None)} <= seen and with_an_edge


# ---------------------------------------------------------------- Edges played with the three

TWIST = "twist-of-the-blade-unblockable"  # an Edge "in conjunction with any Thrust attack"
SWORD = "sword-of-babylon"  # its Weapon of Choice


def _with_twist():
    """The Technique with a Thrust + Twist Of The Blade and an Upper Left Attack: seat 1 to choose."""
    d = _korda(hand=(TECHNIQUE, "thrust", "upper-left-attack", TWIST), pregame=([SWORD], []))
    plays = {a.label: a for a in _techniques(d)}
    assert sorted(plays) == [
        "Play Mysterious Technique face down with Thrust + Twist Of The Blade and Upper Left Attack",
        "Play Mysterious Technique face down with Thrust and Upper Left Attack",
    ]  # an Edge goes with the attack it may go with (a Twist with the Thrust), or none
    d, _ = d.apply(
        plays["Play Mysterious Technique face down with Thrust + Twist Of The Blade and Upper Left Attack"]
    )
    return d


def test_an_edge_goes_face_down_with_its_attack_and_the_opponent_cannot_see_it():
    """An Edge played in conjunction with one of the three lies face down with it: seen, a Twist would tell
    the opponent that attack is a Thrust, not the Technique."""
    d = _with_twist()
    twist = cid(d, 0, "in_play", TWIST)
    thrust = next(s for s in d.outgoing if d.cards[s.card] == "thrust")
    assert thrust.extras == (twist,) and d.t_twist
    assert twist not in visible_ids(d, 1) and twist in visible_ids(d, 0)
    theirs = d.view(1)
    assert all(s["hidden"] and s["extras"] == [] for s in theirs["attacks_this_turn"])
    assert twist not in json.dumps(theirs)
    assert TWIST in json.dumps(d.view(0))  # its owner sees it


def test_not_choosing_it_the_edges_played_with_the_other_two_are_discarded():
    """ "If he does not choose this card, then ... the other two cards return to their owner's hand. Any Edge
    or Special cards played in conjunction with them are discarded." """
    d, events = _choose(_with_twist(), "upper-left-attack")
    assert keys(d, 0, "discard") == [TWIST]
    assert sorted(keys(d, 0, "hand")) == sorted([TECHNIQUE, "thrust"])
    assert "Player 0 discards Twist Of The Blade" in " ".join(e.text for e in events)


def test_an_edge_played_with_the_chosen_attack_stays_with_it():
    """The sentence discards the Edges played with the two cards going back to the hand: the Twist played
    with the chosen Thrust stays with its attack."""
    d, _ = _choose(_with_twist(), "thrust")
    (attack,) = d.outgoing
    assert d.cards[attack.card] == "thrust" and [d.cards[e] for e in attack.extras] == [TWIST]
    assert keys(d, 0, "discard") == [] and TWIST in keys(d, 0, "in_play")


def test_a_position_with_an_edge_among_the_three_round_trips():
    """The Edge face down with its attack is part of the position (the strike's `extras`)."""
    d = _with_twist()
    again = rules.Duel.from_position(json.loads(json.dumps(d.position())))
    for a, b in zip(d.legal_actions(), again.legal_actions(), strict=True):
        assert d.apply(a)[0].position() == again.apply(b)[0].position()


def test_choosing_it_discards_the_other_two_and_the_cards_played_with_them():
    """ "If your opponent chooses this card, then discard the other two attacks and any cards played in
    conjunction with them." """
    d, _ = _choose(_with_twist(), TECHNIQUE)
    assert sorted(keys(d, 0, "discard")) == sorted(["thrust", "upper-left-attack", TWIST])
    assert keys(d, 0, "in_play") == [TECHNIQUE]
