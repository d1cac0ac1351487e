"""Bots: choose(duel, kind, rng) -> Action, using only duel.view(seat) and duel.legal_actions().

"random" picks uniformly among the legal actions.  "heuristic" defends when it can (preferring a
defense that also covers later attacks, and dodges against Power Blows), attacks areas few
defenses cover (counting the defenses the opponent has already discarded), uses Head Shots and
hidden attacks, and makes Power Blows when the Endurance can afford it or the blow may finish.
"""

from __future__ import annotations

import random

from .cards import cardpool

KINDS = ("random", "heuristic")


def choose(duel, kind: str, rng: random.Random):
    actions = duel.legal_actions()
    if not actions:
        raise ValueError("the duel is over: no action to choose")
    if kind == "random":
        return rng.choice(actions)
    if kind == "heuristic":
        return _heuristic(duel.view(duel.to_move), actions, rng, cardpool(duel.pool))
    raise ValueError(f"unknown bot kind {kind!r}; choose from {KINDS}")


def _known_keys(view) -> dict:
    """id -> key for every card this seat may see."""
    known = {}

    def add(items):
        for c in items or ():
            if c and "id" in c:
                known[c["id"]] = c["key"]

    for side in ("you", "opponent"):
        s = view[side]
        add(s.get("hand"))
        add(s["discard"])
        add(s["in_play"])
        add(s["pregame"])
    if view.get("exertion") and view["exertion"]["cards"]:
        add(view["exertion"]["cards"])
    for a in view["attacks_awaiting_defense"] + view["attacks_this_turn"]:
        if not a.get("hidden"):
            known[a["id"]] = a["key"]
    return known


def _mask(grid) -> int:
    return sum(1 << i for i, c in enumerate(grid or "") if c == "X")


def _heuristic(view, actions, rng, pool):
    known = _known_keys(view)

    def card(a):
        return pool[known[a.card]] if a.card in known else None

    by_type: dict = {}
    for a in actions:
        by_type.setdefault(a.type, []).append(a)
    me, opp = view["you"], view["opponent"]
    phase = view["phase"]

    if "discard" in by_type:  # shed the least useful card: surplus attacks first

        def worth(a):
            c = card(a)
            if c is None:
                return 0
            return {"event": 1, "situation": 0, "attack": 2, "special-attack": 3, "block": 4, "dodge": 4}.get(
                c.type, 1
            )

        return min(by_type["discard"], key=lambda a: (worth(a), a.card))
    if phase == "sweep":
        for t in ("recover_weapon", "regain_feet"):
            if t in by_type:
                return by_type[t][-1] if me["endurance_count"] > 10 else by_type[t][0]
        return by_type["pass"][0]
    if phase == "defense":
        return _defend(view, by_type, card, pool)
    if phase == "attack":
        return _attack(view, by_type, card, pool, opp, me, rng)
    if "draw" in by_type:
        return max(by_type["draw"], key=lambda a: a.n)
    return actions[0]


def _defend(view, by_type, card, pool):
    attacks = view["attacks_awaiting_defense"]

    def value(a):
        c = card(a)
        if c is None:
            return 0
        m = _mask(c.grid)
        later = sum(
            1 for x in attacks[a.target :] if not x.get("hidden") and _mask(x["grid"]) & m == _mask(x["grid"])
        )
        pb = attacks[a.target].get("power_blow")
        return later * 10 + (5 if pb and c.type == "dodge" else 0) + bin(m).count("1")

    if "choose" in by_type:
        return max(by_type["choose"], key=value)
    if "defend" in by_type:
        return max(by_type["defend"], key=value)
    exerts = [a for a in by_type.get("exert", ()) if a.purpose in ("defense", "power-block")]
    if exerts and view["you"]["endurance_count"] >= 5:
        pbk = [a for a in exerts if a.purpose == "power-block"]
        if pbk:
            return pbk[0]
        uncovered = [x for x in attacks if not x.get("covered")]
        if uncovered and view["you"]["ability"] <= 8:
            return max((a for a in exerts if a.purpose == "defense"), key=lambda a: a.n or 5)
    return by_type["pass"][0]


def _attack(view, by_type, card, pool, opp, me, rng):
    if "choose" in by_type:
        return by_type["choose"][0]
    if "trick" in by_type and not by_type.get("attack"):
        return by_type["trick"][0]
    if "attack" in by_type:
        # Defenses the opponent still might hold: every defense in the pool, minus discarded ones.
        gone: dict = {}
        for c in opp["discard"]:
            gone[c["key"]] = gone.get(c["key"], 0) + 1

        def threat(a):
            c = card(a)
            m = c.mask
            defenders = sum(
                1
                for d in pool.values()
                if d.type in ("block", "dodge", "guard") and d.mask & m == m and gone.get(d.key, 0) < 3
            )
            score = -defenders * 2
            if c.has("unblockable"):
                score += 6
            if a.extras and any(pool[k].conjunction == "upper-attack" for k in _extra_keys(a, view)):
                score += 12 if opp["ability"] <= 8 else 4
            if a.hidden:
                score += 3
            if c.has("self-damage") or any(e[0] == "self-damage" for e in c.on_success):
                score -= 4 if me["ability"] <= 6 else 0
            return score + rng.random()

        return max(by_type["attack"], key=threat)
    if "trick" in by_type:
        return by_type["trick"][0]
    exerts = by_type.get("exert", ())
    pb = [a for a in exerts if a.purpose == "power-blow"]
    if pb and (me["endurance_count"] >= 12 or opp["ability"] <= 4):
        return pb[0]
    if "pass" in by_type:
        return by_type["pass"][0]
    search = [a for a in exerts if a.purpose == "attack"]
    return (search or [a for a in exerts if a.purpose == "nothing"] or list(exerts))[0]


def _extra_keys(a, view):
    keys = []
    hand = {c["id"]: c["key"] for c in view["you"].get("hand", ())}
    for e in a.extras:
        if e in hand:
            keys.append(hand[e])
    return keys
