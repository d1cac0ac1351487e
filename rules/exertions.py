"""Exertions: "To make an Exertion, reveal the top 5 cards from your Endurance. Any cards that you
reveal and do not use are placed into your Discard Pile after the Exertion has been fulfilled." --
making one, finishing it, the defenses one may supply and Power Blocks."""

from __future__ import annotations

from .cards import BLOCK_TYPES, DEFENSE_TYPES
from .combat import (
    R_EXERT,
    R_POWER_BLOCK,
    R_SEARCH_ATT,
    can_defend,
    covered,
    governing,
    guard_in_play,
    icons_ok,
    persona_has,
    props,
    weapon_ok,
)
from .zones import take_top, to_discard


def exertion_size(d, seat, n):
    return n if n in (3, 5) and persona_has(d, seat, "exertion-size-3-or-5") else 5


def exert(d, seat, purpose, n, events, private=False):
    """'To make an Exertion, reveal the top 5 cards from your Endurance.'"""
    d.t_exerted = True
    d.t_locked = True
    cards = take_top(d, seat, exertion_size(d, seat, n), events)
    d.exertion = cards
    d.exert_purpose = purpose
    d.exert_private = private
    names = ", ".join(d.name(c) for c in cards) or "no cards"
    text = f"Player {seat} exerts ({purpose}) and reveals {len(cards)} card(s): {names}."
    if private:
        d.emit(
            events,
            "exert",
            f"Player {seat} exerts ({purpose}) and looks at {len(cards)} card(s): {names}.",
            R_SEARCH_ATT,
            seat,
            cards,
            private_to=seat,
            public_text=f"Player {seat} exerts ({purpose}) and looks at {len(cards)} card(s).",
        )
    else:
        d.emit(events, "exert", text, R_EXERT, seat, cards)
    return cards


def finish_exertion(d, seat, events, used=()):
    """'Any cards that you reveal and do not use are placed into your Discard Pile.'"""
    unused = tuple(c for c in d.exertion if c not in used)
    if unused:
        d.emit(
            events,
            "exert-discard",
            f"Player {seat} discards the unused exertion cards: {', '.join(d.name(c) for c in unused)}.",
            R_EXERT,
            seat,
            unused,
        )
    to_discard(d, seat, unused, events)
    d.exertion = ()
    d.exert_purpose = ""
    d.exert_private = False


def exertion_defense_options(d, seat):
    out = []
    if guard_in_play(d, seat):
        return out  # "You must remove your Guard from play in order to play a new defense."
    for cid in d.exertion:
        c = d.card(cid)
        if (
            c.type not in DEFENSE_TYPES
            or not c.playable
            or (c.type in BLOCK_TYPES and d.players[seat].disarmed)
        ):
            continue
        if not weapon_ok(d, seat, c) or not icons_ok(d, seat, c):
            continue
        for j, s in enumerate(d.incoming):
            if not s.settled and not covered(d, j) and can_defend(d, c, s, props(d, s), False):
                out.append((cid, j))
    return out


def power_block_options(d):
    """Blocks now answering a Power Blow that are not yet Power Blocks."""
    out = []
    for j, s in enumerate(d.incoming):
        g = governing(d, j)
        if (
            s.power_blow
            and g is not None
            and not g.power_block
            and covered(d, j)
            and d.card(g.card).type in BLOCK_TYPES
            and g.card not in out
        ):
            out.append(g.card)
    return out


def make_power_block(d, seat, cid, events):
    exert(d, seat, "power-block", None, events)
    finish_exertion(d, seat, events)
    d.defenses = tuple(g._replace(power_block=True) if g.card == cid else g for g in d.defenses)
    d.emit(
        events,
        "power-block",
        f"Player {seat} makes {d.name(cid)} a Power Block.",
        R_POWER_BLOCK,
        seat,
        (cid,),
    )
