"""Bots: deterministic for a given rng, and blind to what view() hides."""

import random

import pytest

import rules
from rules import bots

DECKS = rules.starter_decks()


def run(kinds, seed, choice_seed):
    rng = random.Random(choice_seed)
    d = rules.new_duel(DECKS[0], DECKS[1], seed=seed)
    trail = []
    while d.phase != "over":
        a = bots.choose(d, kinds[d.to_move], rng)
        trail.append(a)
        d, _ = d.apply(a)
    return d, trail


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_are_deterministic_for_a_given_rng(kind):
    assert run((kind, kind), 11, 3)[1] == run((kind, kind), 11, 3)[1]


def test_heuristic_beats_random_most_of_the_time():
    wins = sum(run(("heuristic", "random"), s, s)[0].winner == 0 for s in range(40))
    assert wins >= 28


def test_heuristic_defends_when_it_can():
    """The heuristic bot plays a covering defense rather than taking the hit."""
    from hlrules_support import duel_at

    d = duel_at("defense", hands=(["upper-left-block", "thrust"], []), incoming=[("upper-left-attack", {})])
    assert bots.choose(d, "heuristic", random.Random(0)).type == "defend"


def test_bots_ignore_hidden_information():
    """Changing only what seat 0 cannot see (the endurance orders, the opponent's hand order) does not change its choice."""
    rng = random.Random(5)
    d = rules.new_duel(DECKS[0], DECKS[1], seed=2024)
    for _ in range(60):
        if d.phase == "over":
            break
        seat = d.to_move
        other = rules.Duel.from_json(d.to_json())
        other.players = tuple(p.clone() for p in other.players)
        for p in other.players:
            p.endurance = tuple(reversed(p.endurance))
        opp = other.players[1 - seat]
        opp.hand = tuple(reversed(opp.hand))
        for kind in ("heuristic", "random"):
            assert bots.choose(d, kind, random.Random(9)) == bots.choose(other, kind, random.Random(9))
        d, _ = d.apply(bots.choose(d, "heuristic", rng))


def test_unknown_bot_kind():
    d = rules.new_duel(DECKS[0], DECKS[1], seed=1)
    with pytest.raises(ValueError):
        bots.choose(d, "genius", random.Random(0))
