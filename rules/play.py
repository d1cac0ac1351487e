"""Bot-vs-bot duels from the command line.

python -m rules.play --bots random,heuristic --games 100 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter

from . import bots
from .dealing import new_duel
from .deck import starter_decks
from .state import Phase


def play_one(kinds, decks, seed, rng, verbose=False):
    d = new_duel(decks[0], decks[1], seed=seed)
    actions = []
    while d.phase != Phase.OVER:
        a = bots.choose(d, kinds[d.to_move], rng)
        actions.append(a)
        d, events = d.apply(a)
        if verbose:
            for e in events:
                print(f"  [t{e.turn}] {e.text}  ({e.rule})")
    return d, actions


def run(kinds, games, seed, deck_names=None):
    decks = {d.name: d for d in starter_decks()}
    names = deck_names or list(decks)[:2]
    rng = random.Random(seed)
    wins, reasons = Counter(), Counter()
    turns = actions = 0
    draws = 0
    started = time.perf_counter()
    for g in range(games):
        swap = g % 2  # alternate seats so neither bot always has the same deck or seat
        seat_kinds = (kinds[swap], kinds[1 - swap])
        label = (
            (f"{seat_kinds[0]}#{swap}", f"{seat_kinds[1]}#{1 - swap}") if kinds[0] == kinds[1] else seat_kinds
        )
        duel, acts = play_one(seat_kinds, (decks[names[0]], decks[names[1]]), rng.getrandbits(64), rng)
        turns += duel.turn
        actions += len(acts)
        reasons[duel.reason] += 1
        if duel.winner is None:
            draws += 1
        else:
            wins[label[duel.winner]] += 1
    elapsed = time.perf_counter() - started
    return {
        "games": games,
        "bots": list(kinds),
        "decks": names,
        "wins": dict(wins),
        "draws": draws,
        "mean_turns": round(turns / games, 2),
        "mean_actions": round(actions / games, 1),
        "endings": dict(reasons),
        "seconds": round(elapsed, 3),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m rules.play", description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="random,heuristic", help="two of: " + ", ".join(bots.KINDS))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decks", default=None, help="two starter deck names, comma-separated")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the event log of one duel")
    args = ap.parse_args(argv)
    kinds = args.bots.split(",")
    if len(kinds) != 2 or any(k not in bots.KINDS for k in kinds):
        ap.error(f"--bots needs two of {bots.KINDS}")
    deck_names = args.decks.split(",") if args.decks else None
    if args.show:
        decks = {d.name: d for d in starter_decks()}
        names = deck_names or list(decks)[:2]
        duel, _ = play_one(
            kinds, (decks[names[0]], decks[names[1]]), args.seed, random.Random(args.seed), True
        )
        print(f"winner: {duel.winner} ({duel.reason}) after {duel.turn} turns")
        return
    result = run(kinds, args.games, args.seed, deck_names)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['games']} games, {kinds[0]} vs {kinds[1]} ({' vs '.join(result['decks'])}), seed {args.seed}"
    )
    for name, n in sorted(result["wins"].items()):
        print(f"  {name:>14} wins: {n}")
    print(f"  {'draws':>14}: {result['draws']}")
    print(f"  mean turns: {result['mean_turns']}   mean actions: {result['mean_actions']}")
    print(f"  endings: {', '.join(f'{k} {v}' for k, v in sorted(result['endings'].items()))}")
    print(f"  {result['seconds']} s")


if __name__ == "__main__":
    main()
