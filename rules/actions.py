"""Actions (what a player does) and Events (what happened), both small frozen values."""

from __future__ import annotations

from dataclasses import dataclass, field

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
#   draw            draw `n` cards
#   counter, use, declare_success, resolve, shed: see rules/effects.py
# In a reaction window (rules/reactions.py; the acting seat is the one NOT on turn):
#   counter         play Edge `card` from hand to counter the card just played (`extras`: a card
#                   discarded because you are Prone)
#   use             discard the Discard to Use card `card` from play to counter it
#   decline         let it be: no response
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
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError("an action is a dict with a 'type'")
        kwargs = {name: data[name] for name in _DEFAULTS if data.get(name) is not None}
        if "extras" in kwargs:
            kwargs["extras"] = tuple(kwargs["extras"])
        return cls(type=str(data["type"]), label=str(data.get("label", "")), **kwargs)


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
