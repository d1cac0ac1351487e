"""Replaying a finished duel from its revealed seed, to show it was dealt fairly.

The seed was committed to (SHA-256) when the duel started; once it is revealed anyone can check
the commitment, deal the same decks with it, apply the recorded moves and get the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import rules
from games.models import Duel, Move
from games.selectors import seat_names, with_names
from games.services import seed_commitment


@dataclass
class Replay:
    commitment_matches: bool
    replay_matches: bool
    moves_replayed: int
    problem: str = ""
    log: list[dict] = field(default_factory=list)


def check_and_replay(duel: Duel) -> Replay:
    if not duel.seed_revealed or not duel.seed:
        return Replay(False, False, 0, "The seed has not been revealed.")
    commitment_ok = seed_commitment(duel.seed) == duel.seed_commitment
    seats = {seat.index: seat for seat in duel.seats.all()}
    decks = [
        rules.Deck(pregame=seats[i].deck["pregame"], endurance=seats[i].deck["endurance"]) for i in (0, 1)
    ]
    # Deal with the generator the duel was dealt with (duels from before version 2 keep version 1).
    version = rules.Duel.from_json(duel.state).rng_version
    state = rules.new_duel(decks[0], decks[1], seed=int(duel.seed, 16), rng_version=version)
    log: list[dict] = []
    names = seat_names(duel)
    moves = Move.objects.filter(duel=duel, status=Move.Status.APPLIED).order_by("version")
    count = 0
    for move in moves:
        for raw in move.actions:
            try:
                state, events = state.apply(rules.Action.from_json(raw))
            except rules.IllegalAction as exc:
                return Replay(
                    commitment_ok, False, count, f"Move at version {move.version} does not replay: {exc}", log
                )
            # The duel is over: both hands and every hidden attack may now be shown.
            log.extend(
                {"turn": e.turn, "seat": e.seat, "text": with_names(e.text, names), "rule": e.rule}
                for e in events
            )
        count += 1
    matches = state.to_json() == duel.state
    return Replay(
        commitment_ok, matches, count, "" if matches else "The replayed game differs from the record.", log
    )
