"""The sandbox's calls into the rules engine: read a position a judge typed or opened, list what
the player to move may do with the rule each follows, apply one. Pure functions of their input
(nothing here touches the database); every refusal is a SandboxError whose message says what was
wrong, which the views answer with a 400.

A position travels in the page's forms as JSON (rules/POSITIONS.md). Its card instance ids are
minted from the position itself (its `seed` and card keys), so the actions offered on a page name
the same ids when the position comes back with the judge's choice.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field, replace

import rules
from config.hardening import loads_limited

logger = logging.getLogger(__name__)

MAX_POSITION_CHARS = 20_000  # a whole deal of two 60-card decks is about 4,000
MAX_ACTION_CHARS = 2_000
MAX_POSITION_DEPTH = 8  # the form nests 4 levels deep; refuse anything much deeper before reading it
# Whole numbers outside the RNG's opaque state: Ability, turn, counters... none comes near this.
MAX_NUMBER = 100_000
MAX_SEED = 2**128  # the games app deals with 128-bit seeds
OPAQUE_FIELDS = ("rng", "ids")
SHARE_KEY_LENGTH = 16
# The actions taken since the starting position, carried by the page so the judge can go back.
MAX_TAKEN = 100
MAX_TAKEN_CHARS = 60_000


class SandboxError(Exception):
    """A refusal the judge can act on: `message` says what was wrong."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass
class Option:
    """A legal action: its label as the board names it, the JSON a form posts back, and the rule
    the engine cites when it applies it."""

    label: str
    action: str
    rule: str


@dataclass
class Played:
    """The outcome of applying one action: the new position and what happened."""

    action_label: str
    duel: rules.Duel
    events: list[dict] = field(default_factory=list)
    action: dict = field(default_factory=dict)  # as posted, with the label the page showed


def _engine_failure(what: str, error: Exception) -> SandboxError:
    # A position from_position accepts may still be one no game reaches; the engine can then trip
    # on it anywhere. The judge gets a 400 naming the failure; the log keeps the details.
    logger.info("sandbox: the engine failed to %s: %r", what, error)
    detail = str(error)[:200]
    return SandboxError(
        f"The rules engine cannot {what} in this position ({type(error).__name__}"
        + (f": {detail}" if detail else "")
        + "). Check the position against rules/POSITIONS.md."
    )


def _number_problem(data) -> str | None:
    """Refuse numbers no position holds before the engine loops over them (a hand of a million)."""
    stack = [(data, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            for name, item in value.items():
                if where == "" and name in OPAQUE_FIELDS:
                    continue  # checked by the engine's own reader
                stack.append((item, f"{where}.{name}" if where else str(name)))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]") for i, item in enumerate(value))
        elif isinstance(value, float):
            return f"'{where[:80]}' is {value!r}: a position holds whole numbers only"
        elif isinstance(value, int) and not isinstance(value, bool):
            limit = MAX_SEED if where == "seed" else MAX_NUMBER
            if not -limit <= value <= limit:
                return f"'{where[:80]}' is out of range (at most {limit} either way)"
    return None


def parse_json(text: str, what: str, max_chars: int, max_depth: int = MAX_POSITION_DEPTH):
    if not isinstance(text, str) or not text.strip():
        raise SandboxError(f"The {what} is empty: paste its JSON.")
    if len(text) > max_chars:
        raise SandboxError(f"The {what} is {len(text)} characters long; at most {max_chars} are accepted.")
    try:
        data = loads_limited(text)
    except ValueError as error:  # json.JSONDecodeError is a ValueError
        raise SandboxError(f"The {what} is not valid JSON: {str(error)[:200]}") from None
    depth_problem = _depth_problem(data, max_depth)
    if depth_problem:
        raise SandboxError(f"The {what} {depth_problem}")
    return data


def _depth_problem(data, max_depth: int) -> str | None:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > max_depth:
                return f"is nested too deeply (at most {max_depth} levels)."
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
    return None


def read_position(text: str) -> rules.Duel:
    """The duel a position's JSON text describes, checked as far as the engine can tell."""
    return from_position(parse_json(text, "position", MAX_POSITION_CHARS))


def from_position(data) -> rules.Duel:
    if not isinstance(data, dict):
        raise SandboxError("A position is a JSON object with 'players' (see rules/POSITIONS.md).")
    problem = _number_problem(data)
    if problem:
        raise SandboxError(f"The position is refused: {problem}.")
    try:
        duel = rules.Duel.from_position(data)
    except ValueError as error:  # PositionError names the field at fault
        raise SandboxError(f"The position is refused: {str(error)[:300]}") from None
    except Exception as error:  # odd input the reader does not name (KeyError, TypeError...)
        raise _engine_failure("read this position", error) from None
    try:
        # What every page shows of a position: refuse now what the engine cannot work with.
        duel.legal_actions()
        duel.position()
        duel.view(0)
        duel.view(1)
    except Exception as error:
        raise _engine_failure("work", error) from None
    return duel


def deal(seed: int, deck_names: tuple[str, str]) -> rules.Duel:
    """A fresh deal of two ready-made decks, as a duel starts."""
    decks = {deck.name: deck for deck in rules.starter_decks()}
    try:
        chosen = [decks[name] for name in deck_names]
    except KeyError as error:
        raise SandboxError(f"There is no ready-made deck named {str(error)[:60]}.") from None
    # Read back from its position, as the page's forms will carry it (ids minted from the position).
    return from_position(rules.new_duel(chosen[0], chosen[1], seed=seed).position())


def position_json(duel: rules.Duel) -> str:
    """The position as the page's forms carry it (and the judge reads and edits it)."""
    return json.dumps(duel.position(), indent=1)


def compact_json(duel: rules.Duel) -> str:
    """The position as a hidden form field carries it back."""
    return json.dumps(duel.position(), separators=(",", ":"))


def canonical(duel: rules.Duel) -> tuple[str, dict]:
    """The share key and the canonical position: the same position gives the same key however it
    was written (spacing, field order, fields left at their defaults)."""
    position = duel.position()
    text = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest(), position


def options(duel: rules.Duel) -> list[Option]:
    """The legal actions, each with the rule the engine cites when it applies it (the first event's):
    applying is a pure function of the position, so trying each one changes nothing."""
    out = []
    for action in duel.legal_actions():
        try:
            _, events = duel.apply(action)
        except Exception as error:  # an odd position: offer the action, without its rule
            logger.info("sandbox: trying %r failed: %r", action, error)
            events = []
        rule = events[0].rule if events else "core/sequence-of-play"
        out.append(Option(action.describe(), json.dumps(action.to_json()), rule))
    return out


def play(duel: rules.Duel, action_text: str) -> Played:
    """Apply the action a form posted; an illegal one is refused with the rule it breaks."""
    data = parse_json(action_text, "action", MAX_ACTION_CHARS, max_depth=3)
    try:
        action = rules.Action.from_json(data)
    except ValueError as error:
        raise SandboxError(f"The action is refused: {str(error)[:200]}") from None
    try:
        after, events = duel.apply(action)
    except rules.IllegalAction as error:
        raise SandboxError(f"That action is not legal in this position: {error}") from None
    except Exception as error:
        raise _engine_failure("apply that action", error) from None
    wanted = action if action.seat is not None else replace(action, seat=duel.to_move)
    label = next((o.describe() for o in duel.legal_actions() if o == wanted), "") or action.describe()
    shown = [{"text": e.text, "rule": e.rule, "turn": e.turn, "seat": e.seat} for e in events]
    # The next page reads the new position back from its JSON, as every later page will.
    return Played(label, from_position(after.position()), shown, {**data, "label": label})


def parse_taken(text: str) -> list[dict]:
    """The actions taken since the starting position, as the page carried them."""
    if not text:
        return []
    taken = parse_json(text, "list of actions taken", MAX_TAKEN_CHARS, max_depth=4)
    if not isinstance(taken, list) or not all(isinstance(a, dict) for a in taken):
        raise SandboxError("The actions taken must be a list of actions (JSON objects).")
    if len(taken) > MAX_TAKEN:
        raise SandboxError(f"At most {MAX_TAKEN} actions are kept to go back through.")
    return taken


def replay_taken(origin: rules.Duel, taken: list[dict]) -> tuple[rules.Duel, Played | None]:
    """The position after the actions taken from `origin`, each checked as if posted anew; with
    the last step's outcome (None: no step)."""
    duel, played = origin, None
    for number, action in enumerate(taken, start=1):
        try:
            played = play(duel, json.dumps(action))
        except SandboxError as refused:
            raise SandboxError(f"Step {number} of the actions taken: {refused.message}") from None
        duel = played.duel
    return duel, played
