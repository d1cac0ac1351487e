"""A position as the sandbox page shows it: both seats in full (a judge sees everything), the
attacks and defenses of the turn, who is to move. Read from `duel.position()`, the same JSON the
judge edits, so what the page shows and what the form carries cannot differ."""

from __future__ import annotations

import rules

ZONE_TITLES = {
    "pregame": "Pre-game",
    "in_play": "In play",
    "discard": "Discard pile",
    "removed": "Removed from the game",
    "under": "Under the opponent's Off Balance",
}
# Seat fields shown as they are (the rest of a seat: its zones and Ability, shown above them).
SEAT_FLAG_TITLES = {
    "pending_damage": "Damage pending",
    "exhaustions": "Exhaustions pending",
    "pending_loss": "Ability loss pending",
    "prone": "Prone",
    "disarmed": "Disarmed",
    "broken": "Weapon broken",
    "hidden_right": "May hide the next attack",
    "last_defense": "Last defense",
    "must_do": "Must do",
    "dtu_ready": "Discard to Use ready",
    "declared": "Declared persona",
    "active_place": "Active Place",
}
SEAT_KNOWN = {"ability", "pregame", "hand", "in_play", "discard", "endurance", "removed", "under"}


def _key(name) -> str:
    """'thrust#2' -> 'thrust' (a position names one of several copies by its number)."""
    return str(name).split("#", 1)[0] if name else ""


def card(pool: dict, name) -> dict:
    key = _key(name)
    definition = pool.get(key)
    if definition is None:
        return {"key": key, "name": key or "a card no longer in the duel"}
    return {"key": key, "name": definition.name or definition.title, "type": definition.type}


def _flag_value(pool: dict, value):
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and _key(value) in pool:
        return card(pool, value)["name"]
    if isinstance(value, list):
        return ", ".join(str(_flag_value(pool, v)) for v in value) or "none"
    return value


def describe(duel: rules.Duel) -> dict:
    position = duel.position()
    pool = rules.cardpool(position.get("pool", "highlander"))
    seats = []
    for index, seat in enumerate(position["players"]):
        zones = [
            {"title": title, "cards": [card(pool, k) for k in seat.get(zone, [])]}
            for zone, title in ZONE_TITLES.items()
        ]
        flags = [
            {"title": SEAT_FLAG_TITLES.get(name, name.replace("_", " ")), "value": _flag_value(pool, value)}
            for name, value in seat.items()
            if name not in SEAT_KNOWN
        ]
        seats.append(
            {
                "index": index,
                "ability": seat["ability"],
                "hand": [card(pool, k) for k in seat.get("hand", [])],
                "endurance": [card(pool, k) for k in seat.get("endurance", [])],
                "zones": zones,
                "flags": flags,
                "active": index == position.get("active", 0),
                "to_move": index == duel.to_move,
            }
        )

    def strikes(name):
        out = []
        for strike in position.get(name, []):
            shown = card(pool, strike.get("card"))
            definition = pool.get(shown["key"])
            shown.update(
                grid=getattr(definition, "grid", None) or "",
                kind=strike.get("kind", "attack"),
                face_down=strike.get("hidden", False),
                power_blow=strike.get("power_blow", False),
                head_shot=strike.get("head_shot", False),
                extras=[card(pool, e)["name"] for e in strike.get("extras", [])],
            )
            out.append(shown)
        return out

    defenses = [
        {**card(pool, g.get("card")), "start": g.get("start", 0), "power_block": g.get("power_block", False)}
        for g in position.get("defenses", [])
    ]
    exertion = position.get("exertion") or {}
    return {
        "turn": position.get("turn", 1),
        "phase": str(position.get("phase", "sweep")),
        "active": position.get("active", 0),
        "to_move": duel.to_move,
        "winner": position.get("winner"),
        "reason": position.get("reason", ""),
        "seats": seats,
        "incoming": strikes("incoming"),
        "outgoing": strikes("outgoing"),
        "defenses": defenses,
        "exertion": [card(pool, k) for k in exertion.get("cards", [])],
        "this_turn": position.get("this_turn", {}),
        "reaction": position.get("reaction"),
    }
