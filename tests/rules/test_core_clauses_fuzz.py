"""Random play through the core mechanisms added for the clause-by-clause audit (one-card draws, Useless
Exertions, Head Shots played before an Exertion or by Game Text or by an Edge, Ignoring, cards added to the
Endurance and removed with the card that added them, Ability raised): no exception, every card in exactly one
zone, views leak nothing, JSON and positions round-trip, and a position plays on exactly as the duel did."""

import json
import os
import random

from hlrules_support import duel_at
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_clauses import CORE_POOL
from test_rules_properties import check_view, check_zones

import rules
from rules.engine import settle

EXAMPLES = int(os.environ.get("RULES_CORE_EXAMPLES", "40"))
MECHANISMS = [
    "head-shot",
    "test-killing-edge",
    "test-beheading",
    "test-shrug",
    "test-reinforcements",
    "test-second-wind",
    "test-taunt",
    "test-drain",
    "test-banish",
    "test-extra-attack",
    "test-weapon-theft",
    "test-babylon-parry",
]
BASICS = [
    "upper-left-attack",
    "upper-center-attack",
    "thrust",
    "lower-right-attack",
    "upper-center-block",
    "upper-left-block",
    "lower-left-block",
    "duck-generic",
    "jump-generic",
]


def deal(rng, n, pool):
    return [rng.choice(pool) for _ in range(n)]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(2**40, 2**63), choice_seed=st.integers(0, 2**32))  # long seeds: see check_view
def test_random_play_with_the_core_mechanism_cards(seed, choice_seed):
    rng = random.Random(seed)
    d = duel_at(
        "sweep",
        active=rng.randrange(2),
        hands=tuple(deal(rng, 6, MECHANISMS) + deal(rng, 6, BASICS) for _ in (0, 1)),
        endurance=tuple(deal(rng, 20, BASICS * 2 + MECHANISMS) for _ in (0, 1)),
        pregame=(rng.choice([[], ["sword-of-babylon"]]), rng.choice([[], ["sword-of-babylon"]])),
        ability=(rng.randint(3, 15), rng.randint(3, 15)),
        seed=seed,
        pool=CORE_POOL,
    )
    settle(d, [])
    choice = random.Random(choice_seed)
    for _ in range(300):
        if d.phase == "over":
            break
        action = rules.bots.choose(d, ("random", "heuristic")[choice.randrange(2)], choice)
        replica = rules.Duel.from_position(json.loads(json.dumps(d.position())))
        legal, copied = d.legal_actions(), replica.legal_actions()
        assert [a.label for a in copied] == [a.label for a in legal]
        d, events = d.apply(action)
        assert all(e.rule and e.text for e in events)
        check_zones(d)
        for seat in (0, 1):
            check_view(d, seat, seed)
        assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d
        # the same action (its cards named by the position's ids) from the position leads to the same position
        replica, _ = replica.apply(copied[legal.index(action)])
        assert replica.position() == d.position()
