"""Actions (what a player does) and Events (what happened), both small frozen values."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

# Action types and what their fields mean:
#   pass            end the current step ("End attack phase", "Take the attack", ...)
#   discard_defense sweep may-do: discard one defense (card) when the opponent did not attack
#   recover_weapon  sweep may-do: roll 1 in 6 to recover a disarmed weapon
#   regain_feet     sweep may-do: roll to stop being prone (purpose="exert" for 3 in 6)
#   defend          play defense `card` from hand against attack number `target`
#   remove_guard    discard your Guard in play (card) so you may play a new defense
#   exert           make an Exertion for `purpose` (defense, attack, power-blow, power-block,
#                   nothing); `target` = attack index (power-blow) ; `card` = block (power-block);
#                   `n` = exertion size when a card lets you choose it
#   choose          take revealed exertion card `card` (against attack `target` for a defense)
#   trick           play combat trick `card`
#   attack          play attack `card`; `hidden` face down; `extras` = cards played with it
#   special         play special card `card`
#   discard         discard `card` from hand (hand size, or a prone discard)
#   draw            n=1: draw one card (the phase goes on); n=0: stop drawing.  n>1, the form of moves
#                   stored before, is n single draws then a stop (rules/engine.py: _draw_several)
#   power_blow      make attack `target` a Power Blow without an Exertion (a Persona's power)
#   borrow          Faith: discard the Special card `extras[0]` from the hand to take the Reserved card
#                   `card` from the opponent's discard pile
#   place           put the Unexpected attack / combat trick `card` drawn this turn at position `target`
#   declare         Faction Persona: use the member Persona `card` this turn
#   counter, use, declare_success, resolve, shed, ignore: see rules/effects.py
# In a reaction window (rules/reactions.py; the acting seat is the one NOT on turn):
#   counter         play Edge `card` from hand to counter the card just played (`extras`: a card
#                   discarded because you are Prone)
#   use             discard the Discard to Use card `card` from play to counter it
#   decline         let it be: no response


class ActionType(StrEnum):
    """Every action type the engine knows (the list above).  Values are the stored strings, so an
    Action may be built with either; rules/engine.py has one handler per member."""

    PASS = "pass"  # noqa: S105 (an action type, not a password)
    DISCARD_DEFENSE = "discard_defense"
    RECOVER_WEAPON = "recover_weapon"
    REGAIN_FEET = "regain_feet"
    DEFEND = "defend"
    REMOVE_GUARD = "remove_guard"
    EXERT = "exert"
    CHOOSE = "choose"
    TRICK = "trick"
    ATTACK = "attack"
    SPECIAL = "special"
    DISCARD = "discard"
    DRAW = "draw"
    PLACE = "place"
    POWER_BLOW = "power_blow"
    BORROW = "borrow"
    DECLARE = "declare"
    COUNTER = "counter"
    USE = "use"
    DECLARE_SUCCESS = "declare_success"
    RESOLVE = "resolve"
    SHED = "shed"
    DECLINE = "decline"
    IGNORE = "ignore"
    RANGED = "ranged"  # Nick Wolfe: basic attack `card` as a Ranged Attack, discarding Special `extras[0]`
    EDGE = "edge"  # play Edge `card` on its own (Darius Combination)
    PEEK = "peek"  # Ramirez Pre-Game: hold the top two Endurance cards as if in the hand this turn


_DEFAULTS = {
    "card": None,
    "target": None,
    "hidden": False,
    "extras": (),
    "n": None,
    "purpose": None,
    "seat": None,
}


@dataclass(frozen=True, slots=True)
class Action:
    type: str
    card: str | None = None
    target: int | None = None
    hidden: bool = False
    extras: tuple = ()
    n: int | None = None
    purpose: str | None = None
    seat: int | None = None
    label: str = field(default="", compare=False)

    def describe(self) -> str:
        return self.label or self.type

    def to_json(self) -> dict:
        out = {"type": self.type}
        for name, default in _DEFAULTS.items():
            value = getattr(self, name)
            if value != default:
                out[name] = list(value) if name == "extras" else value
        if self.label:
            out["label"] = self.label
        return out

    @classmethod
    def from_json(cls, data: dict) -> Action:
        """An action from untrusted JSON: every field of its own type, or ValueError naming it."""
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError("an action is an object with a 'type'")
        unknown = sorted(str(name)[:40] for name in data if name not in _FIELD_CHECKS)
        if unknown:
            raise ValueError(f"unknown field {unknown[0]!r}")
        kwargs = {}
        for name, value in data.items():
            if value is None and name in _DEFAULTS:
                continue
            check, expected = _FIELD_CHECKS[name]
            if not check(value):
                raise ValueError(f"'{name}' must be {expected}")
            kwargs[name] = tuple(value) if name == "extras" else value
        return cls(**kwargs)


def _short_text(limit: int):
    return lambda value: isinstance(value, str) and 0 < len(value) <= limit and value.isprintable()


def _whole_number(low: int, high: int):
    # bool is an int in Python; true/false is not a number here.
    return lambda value: isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


_card_id = _short_text(32)
# field -> (check, what the field must be): the words of the error message
_FIELD_CHECKS = {
    "type": (_short_text(40), "an action type (a short string)"),
    "card": (_card_id, "a card id (a short string)"),
    "target": (_whole_number(-1, 1000), "a whole number from -1 to 1000"),
    "hidden": (lambda value: isinstance(value, bool), "true or false"),
    "extras": (
        lambda value: isinstance(value, list) and len(value) <= 10 and all(map(_card_id, value)),
        "a list of at most 10 card ids",
    ),
    "n": (_whole_number(0, 100), "a whole number from 0 to 100"),
    "purpose": (_short_text(40), "a short string"),
    "seat": (_whole_number(0, 1), "0 or 1"),
    "label": (
        lambda value: isinstance(value, str) and len(value) <= 1000,
        "a string of at most 1000 characters",
    ),
}


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened.  `rule` names the rule or card text applied.

    An event may carry information only one seat may see (`private_to`): the other
    seat gets `public_text` instead, without the cards, or nothing if that is None.
    """

    kind: str
    text: str
    rule: str
    seat: int | None = None
    cards: tuple = ()  # ((instance id, card key), ...) the event shows
    private_to: int | None = None
    public_text: str | None = None
    turn: int = 0

    def for_seat(self, seat: int) -> dict | None:
        if self.private_to is not None and self.private_to != seat:
            if self.public_text is None:
                return None
            return {
                "kind": self.kind,
                "text": self.public_text,
                "rule": self.rule,
                "seat": self.seat,
                "cards": [],
                "turn": self.turn,
            }
        return {
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "seat": self.seat,
            "cards": [{"id": i, "key": k} for i, k in self.cards],
            "turn": self.turn,
        }

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "seat": self.seat,
            "cards": [list(c) for c in self.cards],
            "private_to": self.private_to,
            "public_text": self.public_text,
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, data: dict) -> Event:
        return cls(
            kind=data["kind"],
            text=data["text"],
            rule=data["rule"],
            seat=data.get("seat"),
            cards=tuple(tuple(c) for c in data.get("cards", ())),
            private_to=data.get("private_to"),
            public_text=data.get("public_text"),
            turn=data.get("turn", 0),
        )
