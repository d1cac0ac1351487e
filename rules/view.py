"""view(seat): the JSON-safe picture of a duel that one seat is allowed to see."""

from __future__ import annotations

from . import attacks as at
from . import combat as cb
from . import technique as mt
from .cards import BLOCK_TYPES
from .personas import hidden_places
from .state import Phase, plug_in


@plug_in("view")
def build_view(d, seat: int) -> dict:
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    pool = d.defs()
    face_down = mt.face_down_cards(d)
    face_down_places = hidden_places(d, seat)  # the opponent's inactive Places are face down

    def pub(cid):
        key = d.cards[cid]
        return {"id": cid, "key": key, "name": pool[key].name}

    def in_play(owner):
        out = []
        for cid in d.players[owner].in_play:
            if cid in face_down:
                out.append(dict(pub(cid), face_down=True) if owner == seat else {"hidden": True})
            else:
                out.append(pub(cid))
        return out

    def side(owner):
        p = d.players[owner]
        last = p.last_defense if p.last_defense in d.cards else ""
        out = {
            "seat": owner,
            "ability": p.ability,
            "hand_count": len(p.hand),
            "endurance_count": len(p.endurance),
            "discard": [pub(c) for c in p.discard],
            "in_play": in_play(owner),
            "pregame": [
                {"hidden": True, "face_down": True}
                if c in face_down_places
                else dict(pub(c), face_down=True)
                if d.card(c).type == "place" and c != p.active_place
                else pub(c)
                for c in p.pregame
            ],
            "active_place": pub(p.active_place) if p.active_place else None,
            "declared_persona": pub(p.declared) if p.declared and p.declared_turn == d.turn else None,
            "removed": [pub(c) for c in p.removed],
            "pending_damage": p.pending_damage,
            "pending_exhaustions": p.exhaustions,
            "prone": p.prone,
            "disarmed": p.disarmed,
            "weapon_broken": p.broken,
            "may_hide_next_attack": p.hidden_right,
            "must_do": list(p.must_do),
            "ready_to_use": [pub(c) for c in p.dtu_ready if c in p.in_play],
            "pending_ability_loss": p.pending_loss,
            "last_defense": dict(pub(last), this_turn=p.last_defense_turn == d.turn) if last else None,
        }
        if owner == seat:
            out["hand"] = [pub(c) for c in p.hand]
        # Cards of this seat kept under the opponent's Off Balance: taken at random from a hidden hand,
        # so the other seat sees only how many; their owner knows them (rules/under.py).
        out["under_opponents_card"] = {
            "count": len(p.under),
            "cards": [pub(c) for c in p.under] if owner == seat else None,
        }
        return out

    def strike(s, j, owner, governed):
        if s.card not in d.cards:  # countered, then reshuffled into the Endurance under a fresh id
            out = {"index": j, "hidden": False, "kind": s.kind, "power_blow": s.power_blow, "gone": True}
        elif s.hidden and owner != seat:
            out = {"index": j, "hidden": True, "kind": s.kind, "power_blow": s.power_blow}
        else:
            c = d.card(s.card)
            out = {
                "index": j,
                "hidden": False,
                "face_down": s.hidden,
                "kind": s.kind,
                "id": s.card,
                "key": c.key,
                "title": c.title,
                "name": c.name,
                "grid": c.grid,
                "areas": cb.describe_mask(c.mask),
                "power_blow": s.power_blow,
                "head_shot": s.head_shot,
                "ranged": s.ranged,  # Nick Wolfe's basic attack played as a Ranged Attack
                "technique": s.technique
                or None,  # Mysterious Technique: "chosen" cannot be blocked or dodged
            }
        out["extras"] = [pub(e) for e in s.extras if e in d.cards and (owner == seat or e not in face_down)]
        out["was_hidden"] = s.was_hidden
        out["settled"] = s.settled or None  # "countered" / "successful" (declared early)
        if governed:
            g = cb.governing(d, j)
            out["defended_by"] = pub(g.card) if g else None
            out["covered"] = cb.covered(d, j)
        return out

    attacker = 1 - d.active
    awaiting = d.phase in (Phase.SWEEP, Phase.DEFENSE)
    exertion = None
    if d.exertion:
        show = not d.exert_private or seat == d.active
        exertion = {
            "seat": d.active,
            "purpose": d.exert_purpose,
            "count": len(d.exertion),
            "cards": [pub(c) for c in d.exertion] if show else None,
        }
    me = d.players[d.active]
    return {
        "turn": d.turn,
        "phase": d.phase,
        "to_move": d.to_move if d.phase != Phase.OVER else None,
        "reaction": mt.public(d, seat),  # (a reaction window, or the Mysterious Technique choice)
        "winner": d.winner,
        "result": d.reason or None,
        "seat": seat,
        "you": side(seat),
        "opponent": side(1 - seat),
        "attacks_awaiting_defense": [strike(s, j, attacker, True) for j, s in enumerate(d.incoming)]
        if awaiting
        else [],
        "next_attack_to_answer": d.ptr if d.phase == Phase.DEFENSE else None,
        "attacks_this_turn": [strike(s, j, d.active, False) for j, s in enumerate(d.outgoing)],
        "defenses_this_turn": [
            dict(
                pub(g.card),
                start=g.start,
                power_block=g.power_block,
                standing=g.standing,
                from_exertion=g.from_exertion,
            )
            for g in d.defenses
        ],
        "last_block": {
            "seat": d.active,
            "card": pub(me.last_defense)
            if me.last_defense_turn == d.turn
            and me.last_defense in d.cards
            and d.card(me.last_defense).type in BLOCK_TYPES
            else None,
            "closed_areas": cb.describe_mask(at.restricted_mask(d, d.active)),
            "closed_mask": at.restricted_mask(d, d.active),
        },
        "exertion": exertion,
        "turn_state": {
            "attacks_played": d.t_attacks,
            "attack_opportunities": 1 + d.t_extra,
            "special_played": d.t_special,
            "combat_trick_played": d.t_trick,
            "exerted": d.t_exerted,
            "power_blow_made": d.t_power_blow,
            "played_non_edge": d.t_played,
        },
        "recent_events": [e for e in (ev.for_seat(seat) for ev in d.log) if e is not None],
    }


def visible_ids(d, seat: int) -> set[str]:
    """Every card id that view(seat) shows: the ids a player may name and be told about."""
    seen: set[str] = set()
    stack: list = [build_view(d, seat)]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
        elif isinstance(value, str) and value in d.cards:
            seen.add(value)
    return seen
