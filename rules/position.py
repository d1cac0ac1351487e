"""Positions: a duel written with card keys instead of instance ids, like a chess FEN.

A position says everything the rules look at (see rules/POSITIONS.md for the form and an
example), so a test or a judge can write "this position, this action, this outcome".

Both functions here work on the JSON form of a Duel (`Duel.to_json()`), not on Duel objects:
this module sits in the values layer beside state.py, which calls it, and imports neither it
nor anything above it.

Naming: every card instance is named by its key. When a key occurs more than once in the duel,
its instances are named `key#1`, `key#2`, ... in the canonical order (seat 0 then seat 1; in each
seat pre-game, hand, in play, discard, Endurance from the top, removed; then the Exertion). Zone
lists hold plain keys; the `#n` names are only needed where a field refers to one instance
(an attack, a defense, the last defense, a Discard to Use card ready, ...).
"""

from __future__ import annotations

from . import rng as _rng
from .cards import cardpool

POSITION_VERSION = 1
# `under`: a seat's cards kept under a card the opponent has in play (Off Balance), last so that the
# numbering of the other zones is the same with or without it; written only when not empty.
ZONES = ("pregame", "hand", "in_play", "discard", "endurance", "removed", "under")
# Player fields naming one instance ("" for none) or a list of instances.
_CARD_FLAGS = ("t_nullified", "t_conjoined")  # turn flags that name cards
_PLAYER_REF = ("last_defense", "declared", "active_place")
_PLAYER_REFS = ("dtu_ready", "places_shown", "borrowed", "added", "added_by", "on_top")
_STRIKE_FIELDS = ("card", "kind", "hidden", "power_blow", "head_shot", "extras", "was_hidden", "settled")
_STRIKE_FIELDS += ("ranged",)  # a basic attack played as Nick Wolfe's Ranged Attack
_STRIKE_FIELDS += ("technique",)  # Mysterious Technique: "face-down", "chosen" or "technique"
_GUARD_FIELDS = ("card", "start", "power_block", "standing", "from_exertion")
_WINDOW_FIELDS = ("seat", "trigger", "card", "index", "target")
# What a reaction window answers (rules/reactions.py), and Mysterious Technique's choice (rules/technique.py).
_TRIGGERS = ("attack", "trick", "special", "edge", "technique")
_DUEL_SCALARS = ("turn", "active", "phase", "winner", "reason", "ptr", "revealed")
_DUEL_LISTS = ("owed",)
_STRIKE_DEFAULTS = {"kind": "attack", "hidden": False, "power_blow": False, "head_shot": False}
_STRIKE_DEFAULTS.update({"extras": [], "was_hidden": False, "settled": "", "ranged": False, "technique": ""})
_GUARD_DEFAULTS = {"power_block": False, "standing": False, "from_exertion": False}


class PositionError(ValueError):
    """A position that cannot be set up; the message names the field at fault."""


def _canonical_ids(state: dict) -> list[str]:
    out = []
    for p in state["players"]:
        for zone in ZONES:
            ids = p[zone]
            out += reversed(ids) if zone == "endurance" else ids  # the state keeps the top last
    return out + list(state["exertion"])


def instance_names(keys: list[str]) -> list[str]:
    """key, or key#n for the n-th instance of a key that occurs more than once."""
    total: dict[str, int] = {}
    for key in keys:
        total[key] = total.get(key, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for key in keys:
        seen[key] = seen.get(key, 0) + 1
        out.append(key if total[key] == 1 else f"{key}#{seen[key]}")
    return out


def to_position(state: dict, blank: dict) -> dict:
    """The position of a duel given in its JSON form; `blank` is a new Duel's JSON form, whose
    values are left out (a position shows only what differs from a blank table)."""
    cards = state["cards"]
    ids = _canonical_ids(state)
    name_of = dict(zip(ids, instance_names([cards[c] for c in ids]), strict=True))

    def ref(cid):
        return name_of.get(cid)  # None: the card has left the duel (reshuffled under a new id)

    def refs(cids):
        return [name_of[c] for c in cids if c in name_of]

    players = []
    blank_player = blank["players"][0]
    for p in state["players"]:
        out = {"ability": p["ability"]}
        for zone in ZONES:
            ids_ = reversed(p[zone]) if zone == "endurance" else p.get(zone, ())
            if zone != "under" or ids_:
                out[zone] = [cards[c] for c in ids_]
        for name, value in p.items():
            if name in out or name in ZONES:
                continue
            if name in _PLAYER_REF:
                value = ref(value) or "" if value else ""
            elif name in _PLAYER_REFS:
                value = refs(value)
            if value != blank_player[name]:
                out[name] = value
        players.append(out)

    def strike(rec):
        fields = dict(zip(_STRIKE_FIELDS, rec, strict=True))
        out = {"card": ref(fields["card"])}
        fields["extras"] = refs(fields["extras"])
        out.update({k: v for k, v in fields.items() if k != "card" and v != _STRIKE_DEFAULTS[k]})
        return out

    def guard(rec):
        fields = dict(zip(_GUARD_FIELDS, rec, strict=True))
        out = {"card": ref(fields["card"]), "start": fields["start"]}
        out.update({k: v for k, v in fields.items() if k in _GUARD_DEFAULTS and v != _GUARD_DEFAULTS[k]})
        return out

    pos = {"version": POSITION_VERSION, "pool": state["pool"], "players": players}
    for name in _DUEL_SCALARS:
        if name in ("turn", "active", "phase") or state[name] != blank[name]:
            pos[name] = state[name]
    for name in ("incoming", "outgoing"):
        if state[name]:
            pos[name] = [strike(r) for r in state[name]]
    if state["defenses"]:
        pos["defenses"] = [guard(r) for r in state["defenses"]]
    if state["exertion"] or state["exert_purpose"]:
        pos["exertion"] = {
            "cards": [cards[c] for c in state["exertion"]],
            "purpose": state["exert_purpose"],
            "private": state["exert_private"],
        }
    if state["owed"]:
        pos["owed"] = list(state["owed"])
    if state["pending_unexpected"]:
        pos["pending_unexpected"] = refs(state["pending_unexpected"])
    this_turn = {}
    for name, value in state.items():
        if not name.startswith("t_"):
            continue
        if name in _CARD_FLAGS:
            value = refs(value)
        if value != blank[name]:
            this_turn[name[2:]] = value
    if this_turn:
        pos["this_turn"] = this_turn
    if state["reaction"]:
        window = dict(zip(_WINDOW_FIELDS, state["reaction"], strict=True))
        window["card"] = ref(window["card"])
        pos["reaction"] = window
    pos["rng"] = state["rng"]
    pos["ids"] = state["ids"]
    return pos


# ---------------------------------------------------------------- reading a position


def _need(cond, message):
    if not cond:
        raise PositionError(message)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _key_list(value, where) -> list[str]:
    _need(isinstance(value, list), f"'{where}' must be a list of card keys")
    for item in value:
        _need(isinstance(item, str), f"'{where}' must be a list of card keys")
    return value


def from_position(pos: dict, blank: dict) -> dict:
    """The JSON form of the Duel a position describes (PositionError if it is not a position).
    The card instances it names get ids from one fixed stream, so the ids are a function of the
    position's cards alone and a duel's position reads back with the ids the duel had (a
    position written by `to_position` carries no seed). The deal stream is `rng` if given, else
    the seed's (0 if absent); the id stream for cards named later (a card reshuffled gets a new
    id) is `ids` if given, else the seed's."""
    _need(isinstance(pos, dict), "a position is a JSON object")
    pool_name = pos.get("pool", "highlander")
    try:
        pool = cardpool(pool_name)
    except KeyError:
        raise PositionError(f"'pool': unknown card pool {pool_name!r}") from None
    seed = pos.get("seed", 0)
    _need(_is_int(seed), "'seed' must be a whole number")
    players_in = pos.get("players")
    _need(isinstance(players_in, list) and len(players_in) == 2, "'players' must be a list of two seats")

    state = {k: v for k, v in blank.items()}
    state["pool"] = pool_name
    deal, later_ids = _rng.streams(seed)
    _, minting = _rng.streams(0)
    minted_count = 0
    cards: dict[str, str] = {}
    by_name: dict[str, str] = {}
    keys_in_order: list[str] = []
    zones_in: list[tuple[int, str, list[str]]] = []
    for seat, p in enumerate(players_in):
        _need(isinstance(p, dict), f"'players[{seat}]' must be an object")
        for zone in ZONES:
            keys = _key_list(p.get(zone, []), f"players[{seat}].{zone}")
            zones_in.append((seat, zone, keys))
            keys_in_order += keys
    exertion_in = pos.get("exertion") or {}
    _need(isinstance(exertion_in, dict), "'exertion' must be an object")
    exertion_keys = _key_list(exertion_in.get("cards", []), "exertion.cards")
    keys_in_order += exertion_keys
    for key in keys_in_order:
        _need(key in pool, f"unknown card key {key[:60]!r} (pool {pool_name!r})")

    def mint():
        nonlocal minting, minted_count
        while True:
            value, minting = minting.next64()
            minted_count += 1
            cid = "c%010x" % (value >> 24)
            if cid not in cards:
                return cid

    minted = []
    for key, name in zip(keys_in_order, instance_names(keys_in_order), strict=True):
        cid = mint()
        cards[cid] = key
        by_name[name] = cid
        minted.append(cid)

    def ref(name, where, allow_gone=False):
        if name is None and allow_gone:
            return mint()  # a card that has left the duel: an id no zone holds
        _need(isinstance(name, str) and name in by_name, f"'{where}': no card {str(name)[:60]!r} in the duel")
        return by_name[name]

    def refs(names, where):
        _need(isinstance(names, list), f"'{where}' must be a list of card names")
        return [ref(n, where) for n in names]

    players = []
    taken = iter(minted)
    for seat, p in enumerate(players_in):
        out = dict(blank["players"][seat])
        for zone in ZONES:
            ids = [next(taken) for _ in p.get(zone, [])]
            out[zone] = ids[::-1] if zone == "endurance" else ids
        for name, value in p.items():
            where = f"players[{seat}].{name}"
            if name in ZONES:
                continue
            _need(name in out, f"'{where}': unknown field")
            if name in _PLAYER_REF:
                value = ref(value, where) if value else ""
            elif name in _PLAYER_REFS:
                value = refs(value, where)
            else:
                _need(type(value) is type(out[name]), f"'{where}' must be like {out[name]!r}")
            out[name] = value
        players.append(out)
    state["players"] = players
    state["exertion"] = [next(taken) for _ in exertion_keys]
    state["exert_purpose"] = exertion_in.get("purpose", "")
    state["exert_private"] = bool(exertion_in.get("private", False))
    state["cards"] = cards

    for name in _DUEL_SCALARS:
        if name in pos:
            state[name] = pos[name]
    _need(_is_int(state["turn"]) and state["turn"] >= 1, "'turn' must be a whole number from 1")
    _need(state["active"] in (0, 1), "'active' must be 0 or 1")
    _need(isinstance(state["phase"], str), "'phase' must be a phase name")

    def strike(rec, where):
        _need(isinstance(rec, dict) and "card" in rec, f"'{where}' must be an object with a 'card'")
        fields = {**_STRIKE_DEFAULTS, **{k: v for k, v in rec.items() if k != "card"}}
        _need(set(fields) <= set(_STRIKE_FIELDS), f"'{where}': unknown field")
        fields["card"] = ref(rec["card"], where, allow_gone=True)
        fields["extras"] = refs(fields["extras"], where + ".extras")
        return [fields[k] for k in _STRIKE_FIELDS]

    def guard(rec, where):
        _need(isinstance(rec, dict) and "card" in rec, f"'{where}' must be an object with a 'card'")
        fields = {**_GUARD_DEFAULTS, "start": 0, **{k: v for k, v in rec.items() if k != "card"}}
        _need(set(fields) <= set(_GUARD_FIELDS), f"'{where}': unknown field")
        fields["card"] = ref(rec["card"], where)
        return [fields[k] for k in _GUARD_FIELDS]

    for name in ("incoming", "outgoing"):
        items = pos.get(name, [])
        _need(isinstance(items, list), f"'{name}' must be a list")
        state[name] = [strike(r, f"{name}[{i}]") for i, r in enumerate(items)]
    items = pos.get("defenses", [])
    _need(isinstance(items, list), "'defenses' must be a list")
    state["defenses"] = [guard(r, f"defenses[{i}]") for i, r in enumerate(items)]
    state["owed"] = list(pos.get("owed", []))
    state["pending_unexpected"] = refs(pos.get("pending_unexpected", []), "pending_unexpected")
    this_turn = pos.get("this_turn", {})
    _need(isinstance(this_turn, dict), "'this_turn' must be an object")
    for name, value in this_turn.items():
        field = "t_" + str(name)
        _need(field in blank, f"'this_turn.{str(name)[:40]}': unknown field")
        state[field] = refs(value, f"this_turn.{name}") if field in _CARD_FLAGS else value
    window = pos.get("reaction")
    if window:
        _need(isinstance(window, dict), "'reaction' must be an object")
        window = {"index": -1, "target": -1, **window}
        _need(set(window) == set(_WINDOW_FIELDS), "'reaction' needs seat, trigger and card")
        window["card"] = ref(window["card"], "reaction.card")
        trigger, index = window["trigger"], window["index"]
        _need(trigger in _TRIGGERS, f"'reaction.trigger' must be one of {', '.join(_TRIGGERS)}")
        _need(
            window["seat"] in (0, 1) and window["seat"] != state["active"],
            "'reaction.seat' must be the seat not on turn",
        )
        if trigger in ("attack", "trick", "technique"):  # about the active seat's strikes, from `index`
            _need(
                _is_int(index) and 0 <= index < len(state["outgoing"]),
                "'reaction.index' must be the place of the strike in 'outgoing'",
            )
        state["reaction"] = [window[k] for k in _WINDOW_FIELDS]
    state["rng"] = pos["rng"] if "rng" in pos else _rng.to_json(deal)
    if "ids" not in pos:
        # The seed's id stream, as far along as the fixed one went: the stream a position with
        # this seed has always continued with.
        for _ in range(minted_count):
            _, later_ids = later_ids.next64()
    state["ids"] = pos["ids"] if "ids" in pos else _rng.to_json(later_ids)
    state["log"] = []
    return state
