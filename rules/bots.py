"""Bots: choose(duel, kind, rng) -> Action, using only what the seat may see and legal_actions().

The heuristic reads `duel.public_facts(seat)` (rules/facts.py), a cheap subset of `view(seat)`.

"random" picks uniformly among the legal actions.  "heuristic" defends when it can (preferring a
defense that also covers later attacks, and dodges against Power Blows), attacks areas few
defenses cover (counting the defenses the opponent has already discarded), uses Head Shots and
hidden attacks, and makes Power Blows when the Endurance can afford it or the blow may finish, and
always when a card makes one free (the Nail Studded Bat, Cracker Bob).
It looks at the top of its Endurance first when the Ramirez Pre-Game lets it (more cards to choose
from, at no cost), plays an Edge that makes its Thrust unblockable or undodgeable, plays Darius
Combination before attacking when it holds two attacks, and, when it has no attack to play, makes
Nick Wolfe's Ranged Attack, paying with its least useful Special card.
In a reaction window it counters a Power Blow or a Head Shot when it can, takes Pleasure Of The
Hunt's free random discard, and otherwise lets it be.
"""

from __future__ import annotations

import random

from .actions import Action
from .cards import POOL_VERSION, cardpool
from .state import Duel, Phase

KINDS = ("random", "heuristic")


def choose(duel: Duel, kind: str, rng: random.Random) -> Action:
    actions = duel.legal_actions()
    if not actions:
        raise ValueError("the duel is over: no action to choose")
    if kind == "random":
        return rng.choice(actions)
    if kind == "heuristic":
        return _heuristic(duel.public_facts(duel.to_move), actions, rng, cardpool(duel.pool))
    raise ValueError(f"unknown bot kind {kind!r}; choose from {KINDS}")


_DISCARD_WORTH = {"event": 1, "situation": 0, "attack": 2, "special-attack": 3, "block": 4, "dodge": 4}
# Which Special card to give up (Nick Wolfe's Ranged Attack): a Head Shot last.
_SPECIAL_WORTH = {"situation": 0, "object": 0, "location": 1, "event": 1, "head-shot": 5}


def card_of(facts, pool, cid) -> str:
    """The kind of a card this seat sees, for _SPECIAL_WORTH: 'head-shot' for a Head Shot maker."""
    key = facts.key(cid)
    if key is None:
        return ""
    c = pool[key]
    return "head-shot" if c.conjunction == "upper-attack" else c.type


def _heuristic(facts, actions, rng, pool):
    def card(a):
        key = facts.key(a.card)
        return pool[key] if key is not None else None

    by_type: dict = {}
    for a in actions:
        by_type.setdefault(a.type, []).append(a)
    phase = facts.phase

    if "decline" in by_type:  # a reaction window: answer only a blow worth a card
        w = facts.reaction() or {}
        answers = by_type.get("counter", []) + by_type.get("use", [])
        if answers and (w.get("power_blow") or w.get("head_shot")):
            return answers[0]
        free = [a for a in by_type.get("discard", ()) if a.purpose == "at-random"]
        return (free or by_type["decline"])[0]
    if "discard" in by_type:  # shed the least useful card: surplus attacks first

        def worth(a):
            c = card(a)
            return 0 if c is None else _DISCARD_WORTH.get(c.type, 1)

        return min(by_type["discard"], key=lambda a: (worth(a), a.card))
    if phase == Phase.SWEEP:
        for t in ("recover_weapon", "regain_feet"):
            if t in by_type:
                return by_type[t][-1] if facts.endurance_count(facts.seat) > 10 else by_type[t][0]
        back = [a for a in by_type.get("exert", ()) if a.purpose == "off-balance"]
        if back and facts.endurance_count(facts.seat) > 10:
            return back[0]  # take back the cards under the opponent's Off Balance
        return by_type.get("pass", actions)[0]  # (or declare a Persona, resolve a Must Do effect ...)
    if phase == Phase.DEFENSE:
        return _defend(facts, by_type, card)
    if phase == Phase.ATTACK:
        return _attack(facts, by_type, card, pool, rng)
    if "draw" in by_type:
        return max(by_type["draw"], key=lambda a: a.n)
    return actions[0]


def _defend(facts, by_type, card):
    if "peek" in by_type and "choose" not in by_type:
        return by_type["peek"][0]  # two more cards to defend with, at no cost
    attacks = facts.awaiting()

    def value(a):
        c = card(a)
        if c is None:
            return 0
        m = c.mask
        later = sum(1 for x in attacks[a.target :] if not x.hidden and x.mask & m == x.mask)
        pb = attacks[a.target].power_blow
        return later * 10 + (5 if pb and c.type == "dodge" else 0) + bin(m).count("1")

    if "choose" in by_type:
        return max(by_type["choose"], key=value)
    if "defend" in by_type:
        return max(by_type["defend"], key=value)
    exerts = [a for a in by_type.get("exert", ()) if a.purpose in ("defense", "power-block")]
    if exerts and facts.endurance_count(facts.seat) >= 5:
        pbk = [a for a in exerts if a.purpose == "power-block"]
        if pbk:
            return pbk[0]
        uncovered = [x for x in attacks if not x.covered]
        if uncovered and facts.ability(facts.seat) <= 8:
            return max((a for a in exerts if a.purpose == "defense"), key=lambda a: a.n or 5)
    return by_type["pass"][0]


_DEFENSES: dict = {}


def _defenders(pool, mask, gone) -> int:
    """How many defense titles in the pool cover `mask`, minus those mostly discarded."""
    memo = (POOL_VERSION[0], id(pool), mask)
    cover = _DEFENSES.get(memo)
    if cover is None:
        cover = _DEFENSES[memo] = tuple(
            d.key for d in pool.values() if d.type in ("block", "dodge", "guard") and d.mask & mask == mask
        )
    return sum(1 for k in cover if gone.get(k, 0) < 3)


def _attack(facts, by_type, card, pool, rng):
    me, opp = facts.seat, 1 - facts.seat
    if "choose" in by_type:
        return by_type["choose"][0]
    if "peek" in by_type:
        return by_type["peek"][0]
    if "trick" in by_type and not by_type.get("attack"):
        return by_type["trick"][0]
    if "edge" in by_type and len({a.card for a in by_type.get("attack", ())}) >= 2:
        return by_type["edge"][0]  # Darius Combination: "You may play an additional attack this turn"
    if "ranged" in by_type and not by_type.get("attack"):
        # Nick Wolfe: discard the least useful Special card for a one point Ranged Attack
        return min(
            by_type["ranged"],
            key=lambda a: (_SPECIAL_WORTH.get(card_of(facts, pool, a.extras[0]), 1), a.card),
        )
    if "attack" in by_type:
        # Defenses the opponent still might hold: every defense in the pool, minus discarded ones.
        gone: dict = {}
        for key in facts.discard_keys(opp):
            gone[key] = gone.get(key, 0) + 1
        opp_ability, my_ability = facts.ability(opp), facts.ability(me)

        def threat(a):
            c = card(a)
            score = -_defenders(pool, c.mask, gone) * 2
            if c.has("unblockable"):
                score += 6
            for k in (facts.key(e) for e in a.extras):
                if k and pool[k].type == "edge":  # Twist Of The Blade and the like
                    score += 6 if pool[k].has("unblockable") else 2 if pool[k].has("undodgeable") else 0
            if a.extras and any(
                pool[k].conjunction == "upper-attack" for k in (facts.key(e) for e in a.extras) if k
            ):
                score += 12 if opp_ability <= 8 else 4
            if a.hidden:
                score += 3
            if any(e[0].startswith("self-damage") for e in c.on_success):
                score -= 4 if my_ability <= 6 else 0
            return score + rng.random()

        return max(by_type["attack"], key=threat)
    if "trick" in by_type:
        return by_type["trick"][0]
    if "power_blow" in by_type:
        # Without an Exertion (the Nail Studded Bat: "You may make any attack a Power Blow without an
        # Exertion"; Cracker Bob, if no Special card was played): it costs nothing and only a Power
        # Block or a dodge answers it. Made once the attacks are played, as any Power Blow is.
        return by_type["power_blow"][0]
    exerts = by_type.get("exert", ())
    pb = [a for a in exerts if a.purpose == "power-blow"]
    if pb and (facts.endurance_count(me) >= 12 or facts.ability(opp) <= 4):
        return pb[0]
    if "pass" in by_type:
        return by_type["pass"][0]
    search = [a for a in exerts if a.purpose == "attack"]
    return (search or [a for a in exerts if a.purpose == "nothing"] or list(exerts))[0]
