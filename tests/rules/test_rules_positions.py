"""Positions as data (rules/POSITIONS.md): a duel written with card keys, read back into a duel that plays
exactly as the original, and rejected with a message naming the field when it is not a position."""

import json
import os
import random

import pytest
from hlrules_support import POOL, find
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_mechanics_fuzz import BASICS, MECHANISMS, PREGAMES, UNEXPECTED, deal

import rules
from rules.position import PositionError

DECKS = rules.starter_decks()
EXAMPLES = int(os.environ.get("RULES_POSITION_EXAMPLES", "25"))


def same_future(d, choice, steps):
    """A duel read back from its position offers the same actions, and the same action leads to the same
    position, step after step (dice and shuffles included)."""
    copy = rules.Duel.from_position(json.loads(json.dumps(d.position())))
    for _ in range(steps):
        position = d.position()
        assert copy.position() == position
        legal, copied = d.legal_actions(), copy.legal_actions()
        assert [a.label for a in copied] == [a.label for a in legal]
        if d.phase == "over":
            return d
        i = choice.randrange(len(legal))
        d, _ = d.apply(legal[i])
        copy, _ = copy.apply(copied[i])
    return d


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(2**40, 2**63), choice_seed=st.integers(0, 2**32))
def test_position_round_trip_replays_exactly(seed, choice_seed):
    choice = random.Random(choice_seed)
    d = rules.new_duel(DECKS[seed % 2], DECKS[1 - seed % 2], seed=seed)
    while d.phase != "over" and d.turn < 60:
        d = same_future(d, choice, 3)


def mechanism_position(seed: int) -> dict:
    """A position dealt at random from the mechanism cards, carrying `seed`."""
    rng = random.Random(seed)
    return {
        "pool": POOL,
        "seed": seed,
        "turn": 3,
        "active": rng.randrange(2),
        "phase": "sweep",
        "players": [
            {
                "ability": rng.randint(3, 15),
                "pregame": rng.choice(PREGAMES),
                "hand": deal(rng, 6, MECHANISMS) + deal(rng, 6, BASICS),
                "endurance": deal(rng, 25, BASICS + MECHANISMS + UNEXPECTED * 2),
            }
            for _ in (0, 1)
        ],
    }


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(2**40, 2**63), choice_seed=st.integers(0, 2**32))
def test_position_round_trip_with_the_mechanism_cards(seed, choice_seed):
    """Places, Factions, reaction windows, Discard to Use, Unexpected cards: every reference survives."""
    d = rules.Duel.from_position(mechanism_position(seed))
    choice = random.Random(choice_seed)
    for _ in range(40):
        if d.phase == "over":
            break
        d = same_future(d, choice, 3)


def read_twice(position: dict) -> tuple[rules.Duel, rules.Duel]:
    """A position read, and read again from the position it was read as (JSON both ways)."""
    once = rules.Duel.from_position(json.loads(json.dumps(position)))
    return once, rules.Duel.from_position(json.loads(json.dumps(once.position())))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**128), choice_seed=st.integers(0, 2**32), undo=st.booleans())
def test_a_seeded_position_reads_back_naming_every_card_as_before(seed, choice_seed, undo):
    """Any position a duel passes through, written with a `seed`: read, written and read again, it
    has the same card ids and the same legal actions, ids included, so an action offered on one
    reading is legal on the next (what the sandbox's forms rely on). With `undo`, a step is also
    taken back (a judge's "back"): the earlier position reads as it did the first time."""
    d = rules.Duel.from_position(mechanism_position(seed))
    choice = random.Random(choice_seed)
    readings = []
    for _ in range(30):
        position = {**d.position(), "seed": seed}
        once, again = read_twice(position)
        assert again.cards == once.cards
        assert again.position() == once.position() == d.position()
        legal = once.legal_actions()
        assert [a.to_json() for a in again.legal_actions()] == [a.to_json() for a in legal]
        readings.append((position, once))
        if d.phase == "over":
            break
        d, _ = d.apply(d.legal_actions()[choice.randrange(len(legal))])
        if undo and choice.random() < 0.3:
            earlier, first_reading = readings[choice.randrange(len(readings))]
            back, _ = read_twice(earlier)
            assert back.cards == first_reading.cards
            assert [a.to_json() for a in back.legal_actions()] == [
                a.to_json() for a in first_reading.legal_actions()
            ]


# The example in rules/POSITIONS.md, as a test: "this position, this action, this outcome".
EXAMPLE = {
    "pool": "highlander",
    "turn": 4,
    "active": 0,
    "phase": "defense",
    "players": [
        {
            "ability": 12,
            "hand": ["upper-left-block", "thrust", "thrust"],
            "endurance": ["lower-right-block"] * 10,
        },
        {"ability": 15, "in_play": ["upper-left-attack"], "endurance": ["thrust"] * 10},
    ],
    "incoming": [{"card": "upper-left-attack"}],
}


def test_the_documented_example_plays_as_written():
    """'If you have a block that covers all areas of an attack played against you, you can play that block'."""
    d = rules.Duel.from_position(EXAMPLE)
    assert d.view(0)["attacks_awaiting_defense"][0]["key"] == "upper-left-attack"
    d, events = d.apply(find(d, "defend", "upper-left-block"))
    assert [e.kind for e in events][0] == "defend"
    position = d.position()
    assert position["players"][0]["hand"] == ["thrust", "thrust"]
    assert position["players"][0]["in_play"] == ["upper-left-block"]
    assert position["defenses"] == [{"card": "upper-left-block", "start": 0}]
    assert position["players"][0]["last_defense"] == "upper-left-block"


def test_repeated_keys_are_numbered_where_one_instance_is_meant():
    d = rules.Duel.from_position(
        dict(EXAMPLE, players=[EXAMPLE["players"][0], {"in_play": ["thrust"], "endurance": []}])
        | {"incoming": [{"card": "thrust#3", "power_blow": True}]}
    )
    position = d.position()
    # seat 0's hand holds thrust#1 and thrust#2; seat 1's attack is the third Thrust in canonical order
    assert position["incoming"] == [{"card": "thrust#3", "power_blow": True}]
    assert d.view(0)["attacks_awaiting_defense"][0]["power_blow"] is True


@pytest.mark.parametrize(
    "change, words",
    [
        ({"players": [{"hand": ["no-such-card"]}, {}]}, "unknown card key 'no-such-card'"),
        ({"incoming": [{"card": "thrust#99"}]}, "'incoming[0]': no card 'thrust#99'"),
        ({"players": [{"ability": "ten"}, {}]}, "'players[0].ability' must be like 15"),
        ({"players": [{}]}, "'players' must be a list of two seats"),
        ({"active": 2}, "'active' must be 0 or 1"),
        ({"pool": "nope"}, "'pool': unknown card pool"),
        ({"this_turn": {"bogus": 1}}, "'this_turn.bogus': unknown field"),
        ({"players": [{"hand": "thrust"}, {}]}, "'players[0].hand' must be a list of card keys"),
    ],
)
def test_a_broken_position_is_refused_naming_the_field(change, words):
    with pytest.raises(PositionError) as info:
        rules.Duel.from_position(EXAMPLE | change)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)
