"""Reading a position out of a finished duel's replay."""

from __future__ import annotations

from dataclasses import dataclass

import rules
from games import replay
from games.models import Duel
from sandbox.positions import SandboxError, from_position


@dataclass
class ReplayedStep:
    duel: rules.Duel
    duel_id: int
    step: int
    last_step: int
    label: str
    problem: str = ""  # the replay's own complaint, if the record does not replay exactly


def replay_step(duel_id: int, step: int) -> ReplayedStep:
    """The position after `step` actions of a finished duel: allowed exactly when its replay page
    is, since a duel in progress would show a hand its opponent may not see. A duel that does not
    exist and one not finished get the same answer."""
    duel = Duel.objects.filter(pk=duel_id, status=Duel.Status.FINISHED).first()
    if duel is None:
        raise SandboxError(
            "No finished duel has that number: a duel opens in the sandbox once it is over.", 404
        )
    replayed = replay.check_and_replay(duel, step=step)
    if replayed.position is None:
        raise SandboxError(f"Duel #{duel_id} cannot be replayed: {replayed.problem}")
    last = len(replayed.steps) - 1
    if step > last:
        raise SandboxError(f"'step' is {step}, but duel #{duel_id} has steps 0 (the deal) to {last}.")
    problem = "" if replayed.replay_matches and replayed.commitment_matches else replayed.problem
    return ReplayedStep(
        from_position(replayed.position.position()),
        duel_id,
        replayed.step,
        last,
        replayed.steps[replayed.step].label,
        problem or ("" if replayed.commitment_matches else "The seed does not match its commitment."),
    )
