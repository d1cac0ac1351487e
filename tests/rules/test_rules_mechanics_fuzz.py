"""Random play through the test pool's mechanism cards (countering, Discard to Use, Unexpected cards of every
type, Places, Factions, Hand Icons, removal, loss of Ability, Off Balance, Mysterious Technique): no exception,
every card in exactly one zone, views leak nothing, JSON round-trips and bots always find an action."""

import json
import os
import random

from hlrules_support import duel_at
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_properties import check_view, check_zones

import rules

EXAMPLES = int(os.environ.get("RULES_MECHANICS_EXAMPLES", "60"))
MECHANISMS = [
    "test-resolve",
    "test-disengage",
    "test-smoke-bomb",
    "test-armor",
    "test-drain",
    "test-banish",
    "test-exile",
    "test-guard",
    "test-pistol",
    "test-shield",
    "test-lunge",
    "test-taunt",
    "test-transportation",
    "test-trip",
    "test-beach",
    "test-duncan-slash",
    "test-disarming-strike",
    "test-ma-kick",
    "test-ma-dirty-block",
    "test-dirty-trick",
    "unplanned-situation",
    "foresee-the-unexpected",
    "superior-tactics",
    "test-focus",
    "test-riposte",
    "test-dispel",
    "test-caltrops",
    "expert-thrust",  # a Reserved card for Faith to take
    "master-s-chronicles",  # answers Master / Signature cards, discards Master cards in play
    "pleasure-of-the-hunt",  # answers Master cards (and a Reserved card for Faith to take)
    "test-master-strike",
    "combination",  # a Signature Edge played on its own
    "off-balance",  # cards kept under it, the opponent's Exertion (rules/under.py)
    "mysterious-technique",  # the opponent's choice among three face-down attacks (rules/technique.py)
]
UNEXPECTED = [
    "test-ambush",
    "test-quake",
    "test-sudden-strike",
    "test-sudden-feint",
    "holy-ground",
    "unplanned-situation",
]
BASICS = [
    "upper-left-attack",
    "thrust",
    "lower-right-attack",
    "upper-center-block",
    "lower-left-block",
    "duck-generic",
    "jump-generic",
    "test-trip",
]
PREGAMES = [
    [],
    ["test-highlanders", "test-duncan", "test-connor"],
    ["test-city", "test-harbor"],
    ["test-claymore", "test-kung-fu"],
    ["faith"],
    ["nail-studded-bat"],  # a Weapon of Choice's powers: free Power Blows, Head Shots refused
]


def deal(rng, n, pool):
    return [rng.choice(pool) for _ in range(n)]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(2**40, 2**63), choice_seed=st.integers(0, 2**32))  # long seeds: see check_view
def test_random_play_with_the_mechanism_cards(seed, choice_seed):
    rng = random.Random(seed)
    d = duel_at(
        "sweep",
        active=rng.randrange(2),
        hands=tuple(deal(rng, 6, MECHANISMS) + deal(rng, 6, BASICS) for _ in (0, 1)),
        endurance=tuple(deal(rng, 25, BASICS + MECHANISMS + UNEXPECTED * 2) for _ in (0, 1)),
        pregame=(rng.choice(PREGAMES), rng.choice(PREGAMES)),
        ability=(rng.randint(3, 15), rng.randint(3, 15)),
        seed=seed,
    )
    from rules.engine import settle

    settle(d, [])
    choice = random.Random(choice_seed)
    for _ in range(400):
        if d.phase == "over":
            break
        kind = ("random", "heuristic")[choice.randrange(2)]
        d, events = d.apply(rules.bots.choose(d, kind, choice))
        assert all(e.rule and e.text for e in events)
        check_zones(d)
        for seat in (0, 1):
            check_view(d, seat, seed)
            d.public_facts(seat).awaiting()
        assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d
