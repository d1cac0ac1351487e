"""MLE Unexpected cards: into play when drawn, one of each type, resolved at the end of the
draw/discard phase; Unexpected attacks and combat tricks placed into the sequence of attacks;
cards "treated as Unexpected" because of another card in play; Unplanned Situation and Foresee
the Unexpected."""

from __future__ import annotations

from .attacks import special_ok
from .state import Strike
from .zones import (
    R_HOLY_GROUND,
    exhaust,
    instead_of_discard,
    leave_play,
    put_in_play,
    remove_from,
    reshuffle_discard,
    take_top,
    when_leaving_play,
)

R_DRAW = "core/sequence-of-play/draw-discard"
R_UNEXPECTED = "mle/unexpected-cards"
R_TREATED = "mle/unexpected-cards/treated-as-unexpected"
R_GRIDDED = "mle/unexpected-cards/attacks-and-combat-tricks"
R_FORESEE = "card/foresee-the-unexpected"
R_UNPLANNED = "mle-errata/unplanned-situation"
GRIDDED = ("attack", "special-attack", "combat-trick")
FORESEE = "one-unexpected-situation-each"


def makers(d) -> set:
    """Titles that cards in play make Unexpected ('all Trip cards are now considered to be Unexpected')."""
    out = set()
    for p in d.players:
        for c in p.in_play:
            if c in d.t_nullified:
                continue
            for kw in d.card(c).keywords:
                if kw.startswith("makes-unexpected:"):
                    out.add(kw[17:])
    return out


def is_unexpected(d, cid) -> bool:
    c = d.card(cid)
    return c.has("unexpected") or c.title in makers(d)


def _foresee(d) -> bool:
    return any(d.card(c).has(FORESEE) and c not in d.t_nullified for p in d.players for c in p.in_play)


def make_room(d, seat, cid, events):
    """'there can be only one card of each type in play ... They are automatically replaced by the
    next Unexpected card of the same type' -- with Foresee the Unexpected, 'Any Unexpected
    Situations placed by either player replace their current Unexpected Situation, not their
    opponent's.'  'An Unexpected Location will replace any normal Location that is currently in play.'"""
    ctype = d.card(cid).type
    own_only = ctype == "situation" and _foresee(d)
    for other in (0, 1):
        if own_only and other != seat:
            continue
        for old in d.players[other].in_play:
            oc = d.card(old)
            if old == cid or oc.type != ctype:
                continue
            if not is_unexpected(d, old) and ctype != "location":
                continue
            leave_play(d, other, old, events)
            d.pending_unexpected = tuple(x for x in d.pending_unexpected if x != old)
            d.outgoing = tuple(s for s in d.outgoing if s.card != old)
            d.emit(events, "replace", f"{oc.name} is replaced by {d.name(cid)}.", R_UNEXPECTED, other, (old,))


@instead_of_discard("removed-when-discarded")
def removed_when_discarded(d, seat: int, cid: str, events):
    """Holy Ground (errata): 'Whenever it enters your discard pile ... it is removed from the game.'"""
    p = d.edit(seat)
    p.removed = p.removed + (cid,)
    if events is not None:
        d.emit(
            events,
            "removed",
            f"{d.name(cid)} enters the discard pile and is removed from the game.",
            R_HOLY_GROUND,
            seat,
            (cid,),
        )


def enter_unexpected(d, seat: int, cid: str, events):
    """'Unexpected cards are placed into play as soon as they are drawn' (not played: no Special
    card slot is used)."""
    treated = not d.card(cid).has("unexpected")
    make_room(d, seat, cid, events)
    put_in_play(d, seat, cid)
    d.pending_unexpected = d.pending_unexpected + (cid,)
    d.emit(
        events,
        "unexpected",
        f"Player {seat} draws {d.name(cid)}, {'treated as ' if treated else ''}an Unexpected card, and puts it "
        f"into play; its effect waits for the end of the draw/discard phase.",
        R_TREATED if treated else R_UNEXPECTED,
        seat,
        (cid,),
    )


def placements(d, seat) -> list:
    """(card, position) choices for this seat's pending Unexpected attack or combat trick: 'they may
    be placed in any position in the order of other cards already played of that grid colour, but
    the order of the cards already in play may not be altered.'"""
    for cid in d.pending_unexpected:
        if cid in d.players[seat].in_play and d.card(cid).type in GRIDDED:
            tricks = sum(1 for s in d.outgoing if s.kind == "trick")
            if d.card(cid).type == "combat-trick":
                return [(cid, pos) for pos in range(tricks + 1)]
            return [(cid, pos) for pos in range(tricks, len(d.outgoing) + 1)]
    return []


def place(d, seat, cid, pos, events):
    c = d.card(cid)
    kind = "trick" if c.type == "combat-trick" else "attack"
    s = Strike(cid, kind, False, kind == "attack" and c.has("power-blow"))
    d.outgoing = d.outgoing[:pos] + (s,) + d.outgoing[pos:]
    d.pending_unexpected = tuple(x for x in d.pending_unexpected if x != cid)
    d.emit(
        events,
        "unexpected",
        f"Player {seat} places the Unexpected {c.name} as {'combat trick' if kind == 'trick' else 'attack'} "
        f"{pos + 1} of this turn.",
        R_GRIDDED,
        seat,
        (cid,),
    )


def resolve_unexpected(d, events):
    """'At the end of the draw/discard phase, Unexpected cards that are still pending are
    activated and their effect is triggered.'"""
    pending, d.pending_unexpected = d.pending_unexpected, ()
    for cid in pending:
        owner = next((s for s in (0, 1) if cid in d.players[s].in_play), None)
        if owner is None:
            continue
        card = d.card(cid)
        if card.type in GRIDDED:  # no Attack Phase to belong to (drawn before the game)
            leave_play(d, owner, cid, events)
            d.emit(events, "discard", f"{card.name} is discarded without effect.", R_GRIDDED, owner, (cid,))
        elif card.has("reshuffle-discards"):
            d.emit(
                events,
                "effect",
                f"{card.name}: both players shuffle their discard pile back into their Endurance.",
                R_HOLY_GROUND,
                owner,
                (cid,),
            )
            for seat in (0, 1):
                reshuffle_discard(d, seat, events, R_HOLY_GROUND)
        elif card.has("unplanned-situation"):
            for seat in (owner, 1 - owner):
                unplanned_situation(d, seat, events)


def unplanned_situation(d, seat, events):
    """Unplanned Situation: 'Both players must overturn cards from their Endurance until they find a
    Situation that can legally be played. The card is placed directly into play. All other cards
    overturned are reshuffled into the players Endurance.'"""
    p = d.players[seat]
    found = None
    turned = 0
    for cid in reversed(p.endurance):  # from the top
        turned += 1
        c = d.card(cid)
        if c.type == "situation" and special_ok(d, seat, c):
            found = cid
            break
    if found is None:
        d.emit(
            events,
            "effect",
            f"Unplanned Situation: Player {seat} overturns the whole Endurance and finds no Situation; "
            f"it is reshuffled.",
            R_UNPLANNED,
            seat,
        )
        d.edit(seat).endurance = d.shuffle(p.endurance)
        return
    p = d.edit(seat)
    p.endurance = d.shuffle(remove_from(p.endurance, found))
    if not p.endurance:
        exhaust(d, seat, events)  # the last card was "otherwise taken from your Endurance"
    if is_unexpected(d, found):
        make_room(d, seat, found, events)
    put_in_play(d, seat, found)
    d.emit(
        events,
        "effect",
        f"Unplanned Situation: Player {seat} overturns {turned} card(s) and puts {d.name(found)} into play; "
        f"the others are reshuffled into the Endurance.",
        R_UNPLANNED,
        seat,
        (found,),
    )


@when_leaving_play(FORESEE)
def foresee_left(d, events):
    """Foresee the Unexpected: 'If this card leaves play, all Unexpected Situations in play are also
    discarded without effect.'"""
    if _foresee(d):
        return
    for seat in (0, 1):
        for cid in d.players[seat].in_play:
            c = d.card(cid)
            if c.type == "situation" and is_unexpected(d, cid):
                leave_play(d, seat, cid, events)
                d.pending_unexpected = tuple(x for x in d.pending_unexpected if x != cid)
                d.emit(events, "discard", f"{c.name} is discarded without effect.", R_FORESEE, seat, (cid,))


def draw(d, seat: int, n: int, events, setup: bool = False) -> int:
    """Draw n cards one at a time.  Unexpected cards go straight into play."""
    drawn = 0
    to_hand = []
    for _ in range(n):
        got = take_top(d, seat, 1, events)
        if not got:
            break
        drawn += 1
        cid = got[0]
        if is_unexpected(d, cid):
            enter_unexpected(d, seat, cid, events)
        else:
            to_hand.append(cid)
    p = d.edit(seat)
    p.hand = p.hand + tuple(to_hand)
    if drawn and not setup:
        d.emit(
            events,
            "draw",
            f"Player {seat} draws {drawn} card{'s' if drawn != 1 else ''}: "
            f"{', '.join(d.name(c) for c in to_hand) or 'none to the hand'}.",
            R_DRAW,
            seat,
            tuple(to_hand),
            private_to=seat,
            public_text=f"Player {seat} draws {drawn} card{'s' if drawn != 1 else ''}.",
        )
    return drawn
