"""The deal is secret: nothing a seat receives lets it compute the other hand (rules/rng.py).

The promise (docs/DESIGN.md, "Hidden information"): view(seat) never contains the opponent's hand
nor either Endurance order, and nothing in it lets a player infer them. The core rules: "Both
players shuffle their Endurance" and "Each player then draws one card for each point of his
starting Ability" -- a shuffle nobody can predict.

The attack played here is the one found against version 1 (splitmix64): card ids were the top 40
bits of outputs of the stream that shuffles, and the opponent's two pre-game ids are consecutive
outputs, so a 2^24 search over the missing bits recovers the generator and with it the whole deal.
"""

from __future__ import annotations

import secrets

import numpy as np
import pytest

import rules
from rules import rng

DECK_A, DECK_B = rules.starter_decks()[:2]  # A has no pre-game cards; B has two, seen by seat 0
GAMMA = 0x9E3779B97F4A7C15
C1, C2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
INV_C1, INV_C2 = pow(C1, -1, 1 << 64), pow(C2, -1, 1 << 64)


def _u(value: int) -> np.uint64:
    return np.uint64(value)


def _unshift(z, shift: int):
    """Undo z ^= z >> shift on 64-bit words."""
    out = z.copy()
    for _ in range(64 // shift):
        out = z ^ (out >> _u(shift))
    return out


def _mix(state):
    z = (state ^ (state >> _u(30))) * _u(C1)
    z = (z ^ (z >> _u(27))) * _u(C2)
    return z ^ (z >> _u(31))


def _unmix(z):
    z = _unshift(z, 31) * _u(INV_C2)
    z = _unshift(z, 27) * _u(INV_C1)
    return _unshift(z, 30)


def recover_splitmix(first_id: str, second_id: str) -> list[int]:
    """Every splitmix64 state (before the first output) whose next two outputs have these ids."""
    high1, high2 = int(first_id[1:], 16), int(second_id[1:], 16)
    found = []
    with np.errstate(over="ignore"):
        for chunk in range(16):  # 2^24 candidates for the 24 bits an id drops, in 2^20 pieces
            low = np.arange(chunk << 20, (chunk + 1) << 20, dtype=np.uint64)
            after_first = _unmix((_u(high1) << _u(24)) | low)
            second = _mix(after_first + _u(GAMMA))
            for state in after_first[(second >> _u(24)) == _u(high2)]:
                found.append((int(state) - GAMMA) % (1 << 64))
    return found


def predict_hand_of_seat_1(seen_by_seat_0: dict, monkeypatch) -> list[tuple[str, str]] | None:
    """Seat 0's attack: recover the generator from seat 1's pre-game ids and deal again."""
    pregame = [c["id"] for c in seen_by_seat_0["opponent"]["pregame"]]
    candidates = recover_splitmix(pregame[0], pregame[1])
    if not candidates:
        return None
    # Before B's first id the stream gave A's ids and A's shuffle: one output per id, one per swap.
    outputs_before = len(DECK_A.endurance) + (len(DECK_A.endurance) - 1)
    start = (candidates[0] - outputs_before * GAMMA) % (1 << 64)
    monkeypatch.setattr(rng, "streams", lambda seed, version=2: (rng.Splitmix(start), None))
    predicted = rules.new_duel(DECK_A, DECK_B, seed=0)
    monkeypatch.undo()
    return [(c["id"], c["key"]) for c in predicted.view(1)["you"]["hand"]]


def hand_of_seat_1(duel) -> list[tuple[str, str]]:
    return [(c["id"], c["key"]) for c in duel.view(1)["you"]["hand"]]


def test_the_attack_recovers_a_version_1_deal(monkeypatch):
    """The attack is real: against the old generator it predicts the opponent's hand exactly,
    so the test below would catch a return to a predictable generator."""
    duel = rules.new_duel(DECK_A, DECK_B, seed=secrets.randbits(128), rng_version=1)
    assert predict_hand_of_seat_1(duel.view(0), monkeypatch) == hand_of_seat_1(duel)


@pytest.mark.parametrize("attempt", range(3))
def test_the_attack_cannot_predict_the_other_hand(monkeypatch, attempt):
    duel = rules.new_duel(DECK_A, DECK_B, seed=secrets.randbits(128))
    seen = duel.view(0)
    assert len(seen["opponent"]["pregame"]) == 2 and "hand" not in seen["opponent"]
    predicted = predict_hand_of_seat_1(seen, monkeypatch)
    assert predicted is None  # no generator state explains two ids (a false match: 1 in 65,536)
    assert predicted != hand_of_seat_1(duel)


def _ids(duel) -> list[int]:
    return [int(cid[1:], 16) for cid in duel.cards]


def _agreeing_bits(a: list[int], b: list[int]) -> int:
    return sum(40 - bin(x ^ y).count("1") for x, y in zip(a, b, strict=True))


def test_ids_of_two_duels_share_nothing_observable():
    """Seeds one bit apart: no id in common, and the ids agree bit for bit no more than chance
    (half the bits, within four standard deviations)."""
    seed = secrets.randbits(128)
    one, other = rules.new_duel(DECK_A, DECK_B, seed=seed), rules.new_duel(DECK_A, DECK_B, seed=seed ^ 1)
    assert not set(one.cards) & set(other.cards)
    bits = 40 * len(one.cards)
    assert abs(_agreeing_bits(_ids(one), _ids(other)) - bits / 2) < 4 * (bits / 4) ** 0.5


def test_every_bit_of_a_128_bit_seed_changes_the_deal():
    """Version 1 kept 64 of the seed's bits; now the top bit of a 128-bit seed deals anew."""
    seed = secrets.randbits(127)
    low, high = (rules.new_duel(DECK_A, DECK_B, seed=s) for s in (seed, seed | 1 << 127))
    assert hand_of_seat_1(low) != hand_of_seat_1(high)
    legacy = [rules.new_duel(DECK_A, DECK_B, seed=s, rng_version=1) for s in (seed, seed | 1 << 127)]
    assert hand_of_seat_1(legacy[0]) == hand_of_seat_1(legacy[1])


def test_ids_say_nothing_about_deck_order():
    """An id is not a position: across deals, sorting a seat's Endurance ids does not sort the
    deck list (rank correlation near zero), so seeing ids tells nothing about where cards lie."""
    ranks = []
    for _ in range(40):
        duel = rules.new_duel(DECK_A, DECK_B, seed=secrets.randbits(128))
        ids = list(duel.cards)[: len(DECK_A.endurance)]  # seat 0's cards, in deck-list order
        order = sorted(range(len(ids)), key=lambda i: ids[i])
        n = len(ids)
        ranks.append(1 - 6 * sum((i - r) ** 2 for r, i in enumerate(order)) / (n * (n * n - 1)))
    mean = sum(ranks) / len(ranks)
    assert abs(mean) < 4 / (len(ranks) * (n - 1)) ** 0.5  # Spearman's rho under independence


def test_a_duel_replays_exactly_from_its_seed_in_both_versions():
    """Commit-reveal: the revealed seed deals the same duel again, whichever generator dealt it."""
    seed = secrets.randbits(128)
    for version in (1, 2):
        first = rules.new_duel(DECK_A, DECK_B, seed=seed, rng_version=version)
        again = rules.new_duel(DECK_A, DECK_B, seed=seed, rng_version=version)
        assert first.to_json() == again.to_json()
        assert rules.Duel.from_json(first.to_json()) == first
        assert rules.Duel.from_json(first.to_json()).rng_version == version
