"""Random play with the supplement's persona powers and cards (Nick Wolfe's Ranged attack, Darius and
his reminder Personas, Cracker Bob's block cost, Ramirez as Persona and as a Pre-Game, Off Balance, Mysterious Technique, Hans
Kershner, Dual cards, the Nail Studded Bat): no exception, every card in exactly one zone, views leak nothing, JSON
round-trips, and a position written from the duel plays on exactly as the duel."""

import json
import os
import random

from hlrules_support import duel_at
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_properties import check_view, check_zones
from test_supplement_deck import SUPP

import rules
from rules.engine import settle

EXAMPLES = int(os.environ.get("RULES_SUPPLEMENT_EXAMPLES", "40"))
CARDS = [
    "upper-left-attack",
    "thrust",
    "lower-right-attack",
    "middle-left-attack",
    "upper-center-block",
    "lower-left-block",
    "upper-left-block",
    "duck-generic",
    "head-shot",
    "foresee-the-unexpected",
    "hans-kershner",
    "twist-of-the-blade-unblockable",
    "supp-twin-blades",
    "supp-faith-lunge",
    "supp-bob-trick",
    "test-duncan-slash",
    "expert-thrust",
    "holy-ground",
    "combination",
    "high-kick",
    "test-guard",
    "master-s-chronicles",
    "pleasure-of-the-hunt",
    "test-master-strike",
    "off-balance",
    "mysterious-technique",
]
PREGAMES = [
    ["nick-wolfe"],
    ["nick-wolfe", "naginata"],
    ["darius", "faith", "cracker-bob"],
    ["darius"],
    ["cracker-bob"],
    ["faith", "juan-sanchez-villa-lobos-ramirez"],
    ["juan-sanchez-villa-lobos-ramirez", "sword-of-babylon"],
    ["naginata"],
    ["nail-studded-bat"],
]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(2**40, 2**63), choice_seed=st.integers(0, 2**32))  # long seeds: see check_view
def test_random_play_with_the_supplement_powers(seed, choice_seed):
    rng = random.Random(seed)
    pregame = (rng.choice(PREGAMES), rng.choice(PREGAMES))
    d = duel_at(
        "sweep",
        active=rng.randrange(2),
        hands=tuple([rng.choice(CARDS) for _ in range(10)] for _ in (0, 1)),
        endurance=tuple([rng.choice(CARDS) for _ in range(25)] for _ in (0, 1)),
        pregame=pregame,
        ability=(rng.randint(3, 15), rng.randint(3, 15)),
        pool=SUPP,
        seed=seed,
    )
    for seat in (0, 1):
        if "nick-wolfe" in pregame[seat]:
            d.players[seat].disarmed = True  # "You must begin the game unarmed"
    settle(d, [])
    choice = random.Random(choice_seed)
    for _ in range(300):
        if d.phase == "over":
            break
        kind = ("random", "heuristic")[choice.randrange(2)]
        action = rules.bots.choose(d, kind, choice)
        replayed = rules.Duel.from_position(json.loads(json.dumps(d.position())))
        legal, copied = d.legal_actions(), replayed.legal_actions()
        assert [a.label for a in copied] == [a.label for a in legal]
        same = copied[legal.index(action)]  # the same place in the same list (identical cards share labels)
        d, events = d.apply(action)
        assert all(e.rule and e.text for e in events)
        assert replayed.apply(same)[0].position() == d.position()
        check_zones(d)
        for seat in (0, 1):
            check_view(d, seat, seed)
            held = d.players[seat].on_top
            assert not set(held) & set(d.players[seat].endurance)  # held in the hand, or played
        assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d


def test_the_new_actions_occur_in_random_play():
    """The hands the property test deals reach the supplement's actions (else it would prove little)."""
    seen = set()
    for seed in range(60):
        rng = random.Random(seed)
        pregame = (PREGAMES[0], PREGAMES[3], PREGAMES[5])[seed % 3]
        d = duel_at(
            "attack",
            hands=([rng.choice(CARDS) for _ in range(10)], ()),
            pregame=(pregame, ()),
            pool=SUPP,
            disarmed="nick-wolfe" in pregame,
        )
        seen |= {a.type for a in d.legal_actions()}
    assert {"ranged", "peek", "edge"} <= seen
