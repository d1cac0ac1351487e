"""Replaying a finished duel from its revealed seed, to show it was dealt fairly, step by step.

The seed was committed to (SHA-256) when the duel started; once it is revealed anyone can check
the commitment, deal the same decks with it, apply the recorded moves and get the same game. One
pass does both: it checks the whole game and keeps the position after the step a person asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import rules
from games.actions.challenges import seed_commitment
from games.models import Duel, Move
from games.selectors import seat_names, with_names


@dataclass
class Step:
    """One action of the game: step n is the position after the n-th action (0: the deal)."""

    number: int
    turn: int
    seat: int | None
    label: str
    events: list[dict]


@dataclass
class Replay:
    commitment_matches: bool
    replay_matches: bool
    moves_replayed: int
    problem: str = ""
    log: list[dict] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    position: rules.Duel | None = None  # after the step asked for
    step: int = 0


def _label(state: rules.Duel, action: rules.Action) -> str:
    """How the board named the action when it was offered (a move posted by the API may carry no
    label): the offered action equal to it, seat included."""
    if action.label:
        return action.label
    wanted = action if action.seat is not None else replace(action, seat=state.to_move)
    return next((offered.describe() for offered in state.legal_actions() if offered == wanted), action.type)


def check_and_replay(duel: Duel, step: int | None = None) -> Replay:
    """Check the seed and replay every move; `position` is the state after `step` actions
    (None: the end)."""
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
    names = seat_names(duel)

    def named(events) -> list[dict]:
        # The duel is over: both hands and every hidden attack may now be shown.
        return [
            {"turn": e.turn, "seat": e.seat, "text": with_names(e.text, names), "rule": e.rule}
            for e in events
        ]

    steps = [Step(0, state.turn, None, "The deal", named(state.log))]
    log = list(steps[0].events)
    position = state if step == 0 else None
    moves = Move.objects.filter(duel=duel, status=Move.Status.APPLIED).order_by("version")
    count = 0
    for move in moves:
        for raw in move.actions:
            action = rules.Action.from_json(raw)
            before = state
            try:
                state, events = state.apply(action)
            except rules.IllegalAction as exc:
                problem = f"Move at version {move.version} does not replay: {exc}"
                return Replay(
                    commitment_ok, False, count, problem, log, steps, position or before, len(steps) - 1
                )
            steps.append(Step(len(steps), before.turn, before.to_move, _label(before, action), named(events)))
            log.extend(steps[-1].events)
            if step is not None and len(steps) - 1 == step:
                position = state
        count += 1
    matches = _same_game(state, duel.state)
    last = len(steps) - 1
    return Replay(
        commitment_ok,
        matches,
        count,
        "" if matches else "The replayed game differs from the record.",
        log,
        steps,
        position or state,
        last if step is None or step > last else step,
    )


def _same_game(replayed: rules.Duel, recorded: dict) -> bool:
    """The replayed state against the record, both as the rules load them: a record saved before a
    state field existed gets that field's default, and the log (the last events, for display) is left
    out, since the same actions may be told in other words (a draw of three cards stored before cards
    were drawn one at a time replays as three draws)."""
    ours = replayed.to_json()
    theirs = rules.Duel.from_json(recorded).to_json()
    ours.pop("log", None)
    theirs.pop("log", None)
    return ours == theirs
