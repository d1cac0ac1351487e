"""Throughput of bot-vs-bot duels on one core, with baselines measured in the same run.

    python -m rules.bench --json

actions_per_sec / games_per_sec: bots choosing (from view() and legal_actions()) and the engine
applying.  baseline: replaying the recorded actions of the same duels (engine only, no bots).
deepcopy: the same replay, with copy.deepcopy of the state before every action, i.e. what a
naively copied state would cost.  ratio = actions_per_sec / baseline actions_per_sec.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import time

from . import bots
from .dealing import new_duel
from .deck import starter_decks
from .state import Phase


def _rate(actions, games, seconds):
    return {
        "actions_per_sec": round(actions / seconds, 1),
        "games_per_sec": round(games / seconds, 2),
        "actions": actions,
        "games": games,
        "seconds": round(seconds, 3),
    }


def measure(games=200, seed=1, kinds=("heuristic", "random")):
    decks = starter_decks()
    rng = random.Random(seed)
    recorded = []
    actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        s = rng.getrandbits(64)
        d = new_duel(decks[0], decks[1], seed=s)
        trail = []
        seat_kinds = (kinds[g % 2], kinds[1 - g % 2])
        while d.phase != Phase.OVER:
            a = bots.choose(d, seat_kinds[d.to_move], rng)
            trail.append(a)
            d, _ = d.apply(a)
        actions += len(trail)
        recorded.append((s, trail))
    bots_run = _rate(actions, games, time.perf_counter() - t0)

    t0 = time.perf_counter()
    for s, trail in recorded:
        d = new_duel(decks[0], decks[1], seed=s)
        for a in trail:
            d, _ = d.apply(a)
    replay = _rate(actions, games, time.perf_counter() - t0)

    sample = recorded[: max(1, games // 10)]
    n_sample = sum(len(t) for _, t in sample)
    t0 = time.perf_counter()
    for s, trail in sample:
        d = new_duel(decks[0], decks[1], seed=s)
        for a in trail:
            copy.deepcopy(d)
            d, _ = d.apply(a)
    deep = _rate(n_sample, len(sample), time.perf_counter() - t0)

    out = dict(bots_run)
    out.update(
        {
            "bots": list(kinds),
            "baseline": dict(replay, method="replay the recorded actions (engine only, no bot choice)"),
            "deepcopy": dict(deep, method="replay with copy.deepcopy of the state before every action"),
            "ratio": round(bots_run["actions_per_sec"] / replay["actions_per_sec"], 3),
            "target_games_per_sec": 200,
        }
    )
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m rules.bench")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="heuristic,random")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result = measure(args.games, args.seed, tuple(args.bots.split(",")))
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
