"""Ramirez' Off Balance (Situation, Signature 3), sentence by sentence, as positions (rules/under.py):
"When this card enters play, you may make an exertion to take 3 cards at random from your opponent's
hand and place them under Off Balance. Your opponent may make an exertion during his turn to return
all cards to his hand and to discard this card. You may only have 1 Off Balance in play." """

from __future__ import annotations

import json
import random

import pytest
from hlrules_support import cid, duel_at, find, has, keys, rules_of, step
from test_rules_properties import check_view, check_zones

import rules
from rules.actions import ActionType as T

RAMIREZ = "juan-sanchez-villa-lobos-ramirez"
OPPONENTS_HAND = ["thrust", "upper-left-block", "lower-right-block", "middle-left-attack", "duck-generic"]
TOP = ["upper-left-attack", "thrust", "lower-right-block", "upper-center-block", "middle-left-attack"]


LONG = 2**41  # check_view looks for the seed in the view's text: a short one would be found by chance


def _ramirez_plays(seed=LONG + 7, hand=OPPONENTS_HAND, **kw):
    return duel_at(
        hands=(["off-balance", "thrust"], hand),
        pregame=([RAMIREZ], ()),
        endurance=(TOP * 4, TOP * 4),
        seed=seed,
        **kw,
    )


def _holding(phase, under=("upper-left-block", "thrust"), **kw):
    """Seat 1's turn; seat 0 (Ramirez) has Off Balance in play with seat 1's cards under it."""
    return duel_at(
        phase,
        active=1,
        hands=(["thrust"], ["thrust"]),
        in_play=(["off-balance"], ()),
        pregame=([RAMIREZ], ()),
        endurance=(TOP * 4, TOP * 4),
        under=list(under),
        **kw,
    )


def test_when_it_enters_play_ramirez_may_exert_to_take_three_cards_at_random_from_the_opponents_hand():
    """ "When this card enters play, you may make an exertion to take 3 cards at random from your opponent's
    hand and place them under Off Balance." The Exertion is his one Exertion of the turn, of the size he
    announces (Ramirez: 3 or 5), and burns that many cards from the top of his Endurance."""
    d = _ramirez_plays()
    offered = [(a.purpose, a.n) for a in d.legal_actions() if a.type == T.SPECIAL]
    assert offered == [(None, None), ("exert", 3), ("exert", 5)]
    d, events = step(d, T.SPECIAL, "off-balance", purpose="exert", n=3)
    assert keys(d, 0, "in_play") == ["off-balance"]
    assert sorted(keys(d, 0, "discard")) == sorted(TOP[:3])  # the 3 exerted cards are discarded
    under = keys(d, 1, "under")
    assert len(under) == 3 and len(keys(d, 1, "hand")) == 2
    assert sorted(under + keys(d, 1, "hand")) == sorted(OPPONENTS_HAND)
    assert d.t_exerted and "card/off-balance" in rules_of(events)


def test_the_exertion_is_optional_and_without_it_nothing_is_taken():
    """ "you may make an exertion": played without one, the opponent keeps his hand and Ramirez keeps his
    Exertion for the turn."""
    d = _ramirez_plays()
    d, events = step(d, T.SPECIAL, "off-balance", purpose=None)
    assert keys(d, 1, "under") == [] and len(keys(d, 1, "hand")) == 5
    assert not d.t_exerted and has(d, T.EXERT, purpose="attack")
    assert any("makes no Exertion" in e.text for e in events)


def test_countered_as_it_is_played_it_makes_no_exertion_and_takes_nothing():
    """ "If a card is countered, it is immediately discarded, and has no effect on play": the Exertion chosen
    with Off Balance is made as it enters play, so a countered Off Balance burns no card and takes none."""
    d = _ramirez_plays(hand=["test-dispel", *OPPONENTS_HAND])
    d, _ = step(d, T.SPECIAL, "off-balance", purpose="exert", n=3)
    assert d.to_move == 1
    d, events = step(d, T.COUNTER, "test-dispel")
    assert "off-balance" in keys(d, 0, "discard") and keys(d, 1, "under") == []
    assert len(keys(d, 1, "hand")) == 5 and len(d.players[0].endurance) == len(TOP) * 4
    assert not d.t_exerted and has(d, T.EXERT, purpose="attack")


def test_no_exertion_is_offered_with_it_once_the_turns_exertion_is_made():
    """ "You may only make one Exertion per turn." """
    d = _ramirez_plays(t_exerted=True)
    assert [(a.purpose, a.n) for a in d.legal_actions() if a.type == T.SPECIAL] == [(None, None)]


def test_the_three_cards_come_from_the_duels_seeded_dice():
    """ "at random": the duel's own seeded dice choose, so the same duel takes the same cards on replay, and
    other seeds take other cards. With fewer than 3 cards in the hand, all of them are taken."""

    def taken(seed):
        d, _ = step(_ramirez_plays(LONG + seed), T.SPECIAL, "off-balance", purpose="exert", n=3)
        return keys(d, 1, "under")

    assert taken(7) == taken(7)
    assert len({tuple(sorted(taken(seed))) for seed in range(12)}) > 1
    d, _ = step(
        _ramirez_plays(hand=["thrust", "duck-generic"]), T.SPECIAL, "off-balance", purpose="exert", n=3
    )
    assert sorted(keys(d, 1, "under")) == ["duck-generic", "thrust"] and keys(d, 1, "hand") == []


def test_the_owner_sees_his_cards_under_it_and_ramirez_only_how_many():
    """The cards were taken at random from a hidden hand and the text does not reveal them: the Off Balance
    player sees how many there are, never which (not in his view, not in the events he is shown); their
    owner, whose cards they are, sees them."""
    d, events = step(_ramirez_plays(), T.SPECIAL, "off-balance", purpose="exert", n=3)
    under_ids = set(d.players[1].under)
    ramirez, owner = d.view(0), d.view(1)
    assert ramirez["opponent"]["under_opponents_card"] == {"count": 3, "cards": None}
    assert {c["id"] for c in owner["you"]["under_opponents_card"]["cards"]} == under_ids
    assert not any(c in json.dumps(ramirez) for c in under_ids)
    shown_to_ramirez = json.dumps([e.for_seat(0) for e in events])
    assert not any(c in shown_to_ramirez for c in under_ids)
    assert "takes 3 card(s) at random" in shown_to_ramirez
    check_view(d, 0, LONG + 7)
    check_view(d, 1, LONG + 7)
    assert d.public_facts(1).key(next(iter(under_ids))) is not None
    assert d.public_facts(0).key(next(iter(under_ids))) is None


@pytest.mark.parametrize("phase", ["sweep", "defense", "attack", "draw"])
def test_the_opponent_may_exert_in_his_turn_to_take_the_cards_back_and_discard_it(phase):
    """ "Your opponent may make an exertion during his turn to return all cards to his hand and to discard
    this card." -- in any phase of his turn that gives him a choice ("You may Exert in any phase of your
    turn")."""
    incoming = [("upper-left-attack", {})] if phase == "defense" else ()
    d = _holding(phase, incoming=incoming)
    host = cid(d, 0, "in_play", "off-balance")
    action = find(d, T.EXERT, purpose="off-balance", card=host)
    assert "return the 2 card(s) under Off Balance" in action.label
    d, events = d.apply(action)
    assert sorted(keys(d, 1, "hand")) == ["thrust", "thrust", "upper-left-block"]
    assert keys(d, 1, "under") == [] and "off-balance" in keys(d, 0, "discard")
    assert "off-balance" not in keys(d, 0, "in_play") and d.t_exerted
    assert "card/off-balance" in rules_of(events)
    check_zones(d)


def test_the_opponents_exertion_is_the_turns_one_exertion_and_only_in_his_turn():
    """Once he has exerted this turn he cannot, and Ramirez is never offered it against his own card."""
    assert not has(_holding("attack", t_exerted=True), T.EXERT, purpose="off-balance")
    own_turn = duel_at(
        hands=(["thrust"], ["thrust"]), in_play=(["off-balance"], ()), pregame=([RAMIREZ], ()), under=[]
    )
    assert not has(own_turn, T.EXERT, purpose="off-balance")
    d = _holding("attack", t_exerted=True)
    host = cid(d, 0, "in_play", "off-balance")
    with pytest.raises(rules.IllegalAction, match="one Exertion per turn"):
        d.apply(rules.Action(T.EXERT, purpose="off-balance", card=host, seat=1))


def test_only_one_off_balance_in_play():
    """ "You may only have 1 Off Balance in play." """
    d = duel_at(
        hands=(["off-balance", "thrust"], ["thrust"]), in_play=(["off-balance"], ()), pregame=([RAMIREZ], ())
    )
    assert not has(d, T.SPECIAL, "off-balance")
    second = cid(d, 0, "hand", "off-balance")
    with pytest.raises(rules.IllegalAction, match="only have 1 Off Balance"):
        d.apply(rules.Action(T.SPECIAL, card=second, seat=0))


def test_if_off_balance_leaves_play_otherwise_the_cards_go_back_to_their_owners_hand():
    """The text sends the cards nowhere but their owner's hand; removed from the game by a card that makes
    Ramirez remove an Off Balance (a 'Must Do' effect), it leaves play and they go back there."""
    d = duel_at(
        "sweep",
        hands=(["thrust"], ["thrust"]),
        in_play=(["off-balance"], ()),
        pregame=([RAMIREZ], ()),
        must_do=["remove:Off Balance"],
    )
    d.edit(1).under = (d.players[1].hand[0],)
    d.edit(1).hand = ()
    d, events = step(d, T.RESOLVE, purpose="remove:Off Balance")
    assert keys(d, 0, "removed") == ["off-balance"] and keys(d, 1, "hand") == ["thrust"]
    assert keys(d, 1, "under") == []
    assert "card/off-balance" in rules_of(events)


def test_a_position_with_cards_under_off_balance_round_trips():
    """`under` is a zone of the position (rules/POSITIONS.md), written only when it holds cards."""
    d = _holding("attack")
    position = d.position()
    assert position["players"][1]["under"] == ["upper-left-block", "thrust"]
    assert "under" not in position["players"][0]
    again = rules.Duel.from_position(json.loads(json.dumps(position)))
    assert again.position() == position
    assert [a.label for a in again.legal_actions()] == [a.label for a in d.legal_actions()]
    assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d


def test_bots_play_it_and_the_heuristic_takes_the_cards_back():
    """Random play reaches both Exertions; the heuristic bot takes its cards back when it can afford it."""
    d = _holding("sweep")
    action = rules.bots.choose(d, "heuristic", random.Random(1))
    assert (action.type, action.purpose) == (T.EXERT, "off-balance")
    seen = set()
    for seed in range(LONG, LONG + 40):
        rng = random.Random(seed)
        d = _ramirez_plays(seed)
        for _ in range(60):
            if d.phase == "over":
                break
            a = rules.bots.choose(d, "random", rng)
            seen.add((a.type, a.purpose))
            d, _ = d.apply(a)
            check_zones(d)
            check_view(d, 0, seed)
            check_view(d, 1, seed)
    assert {(T.SPECIAL, "exert"), (T.EXERT, "off-balance")} <= seen
