"""Properties over many random duels (hypothesis): no exception, every card in exactly one zone, hands within
Ability after the draw/discard phase, views leak nothing, JSON round-trips, replays are exact, duels end."""

import json
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules

DECKS = rules.starter_decks()
EXAMPLES = int(os.environ.get("RULES_PROPERTY_EXAMPLES", "300"))
BULK = int(os.environ.get("RULES_BULK_DUELS", "2000"))
seeds = st.integers(min_value=2**40, max_value=2**64 - 1)


def zones(d):
    out = []
    for p in d.players:
        out += [p.hand, p.endurance, p.discard, p.in_play, p.pregame, p.removed, p.under]
    return out + [d.exertion]


def check_zones(d):
    everything = [c for z in zones(d) for c in z]
    assert len(everything) == len(set(everything)), "a card is in two zones"
    assert set(everything) == set(d.cards), "a card is in no zone, or a zone holds an unknown card"


def secrets_for(d, seat):
    """Ids `seat` may not see: the opponent's hand, both endurances, face-down attacks of the
    opponent, and an exertion only the opponent has looked at."""
    opp = d.players[1 - seat]
    hidden = set(opp.hand) | set(d.players[0].endurance) | set(d.players[1].endurance)
    hidden |= set(opp.under)  # the opponent's cards under my Off Balance: taken at random, never shown
    for s in d.incoming + d.outgoing:
        if s.hidden and s.card in opp.in_play:
            hidden.add(s.card)
    if d.exertion and d.exert_private and d.active != seat:
        hidden |= set(d.exertion)
    hidden |= {c for c in opp.pregame if d.card(c).type == "place" and c not in opp.places_shown}  # face down
    return hidden


def check_view(d, seat, seed):
    v = d.view(seat)
    text = json.dumps(v)  # JSON-safe
    for cid in secrets_for(d, seat):
        assert cid not in text, f"seat {seat} sees hidden card {cid} ({d.cards[cid]})"
    assert str(seed) not in text and str(d.rng) not in text
    assert "hand" not in v["opponent"] and v["opponent"]["hand_count"] == len(d.players[1 - seat].hand)
    for a in v["attacks_awaiting_defense"] + v["attacks_this_turn"]:
        if a.get("hidden"):
            assert set(a) <= {
                "index",
                "hidden",
                "kind",
                "power_blow",
                "extras",
                "was_hidden",
                "settled",
                "defended_by",
                "covered",
            }


def play(seed, choice_seed, check_every_step=True, kinds=("random", "random")):
    rng = random.Random(choice_seed)
    d = rules.new_duel(DECKS[seed % 2], DECKS[1 - seed % 2], seed=seed)
    actions = []
    while d.phase != "over":
        legal = d.legal_actions()
        assert legal, "a duel that is not over must offer an action"
        a = rules.bots.choose(d, kinds[d.to_move], rng)
        mover, turn = d.to_move, d.turn
        d, events = d.apply(a)
        actions.append(a)
        assert all(e.rule and e.text for e in events)
        if d.turn != turn and d.phase != "over":  # mover finished the draw/discard phase
            assert len(d.players[mover].hand) <= d.players[mover].ability
        if check_every_step:
            check_zones(d)
            for seat in (0, 1):
                check_view(d, seat, seed)
    assert d.legal_actions() == []
    return d, actions


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_random_duels_keep_every_invariant(seed, choice_seed):
    d, actions = play(seed, choice_seed)
    assert d.winner in (0, 1) or d.reason == "turn limit"
    again = rules.Duel.from_json(json.loads(json.dumps(d.to_json())))
    assert again == d
    # replaying the seed and the actions (as JSON) gives the same duel
    r = rules.new_duel(DECKS[seed % 2], DECKS[1 - seed % 2], seed=seed)
    for a in actions:
        r, _ = r.apply(rules.Action.from_json(json.loads(json.dumps(a.to_json()))))
    assert r == d and r.to_json() == d.to_json()


@settings(max_examples=max(20, EXAMPLES // 10), deadline=None)
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_json_round_trip_at_every_step(seed, choice_seed):
    rng = random.Random(choice_seed)
    d = rules.new_duel(DECKS[0], DECKS[1], seed=seed)
    while d.phase != "over":
        back = rules.Duel.from_json(json.loads(json.dumps(d.to_json())))
        assert back == d and back.legal_actions() == d.legal_actions()
        d, _ = d.apply(rng.choice(d.legal_actions()))


def test_thousands_of_bot_duels_end_and_keep_zones():
    """Bulk run without hypothesis's shrinking: random and heuristic bots, zones checked at the end."""
    for i in range(BULK):
        kinds = [("random", "random"), ("heuristic", "random"), ("heuristic", "heuristic")][i % 3]
        d, _ = play(2**40 + i * 7919, i, check_every_step=False, kinds=kinds)
        check_zones(d)
        assert d.phase == "over"
