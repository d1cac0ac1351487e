"""Countering, Discard to Use cards and declaring an attack successful early.

Actions handled here (see actions.py):
  counter          play Edge `card` to counter a 'Must Do' effect (sweep) or attack `target` (defense)
  use              discard the Discard to Use card `card` from play for its effect
  declare_success  declare attack `target` successful before the end of the Defense Phase
"""

from __future__ import annotations

from . import combat as cb
from .attacks import edges_allowed
from .zones import leave_play, put_in_play, take_from_hand

R_COUNTER = "core/advanced/countering-cards"
R_SWEEP_EDGE = "core/sequence-of-play/sweep-phase/edge-counter"
R_DTU = "core/advanced/discard-to-use"
R_EARLY = cb.R_EARLY
ACTIONS = ("counter", "use", "declare_success")


def _edges(d, seat, keyword):
    if d.t_locked or not edges_allowed(d, seat):
        return []
    return [
        c
        for c in cb.distinct_hand(d, seat, lambda x: x.type == "edge" and x.playable and x.has(keyword))
        if cb.prone_ok(d, seat, (c,))
    ]


def sweep_options(d, seat, A) -> list:
    """'If you have an Edge Card that will counter or affect a 'Must Do' or 'May Do' effect
    directly, then you may play it when resolving these effects.'"""
    if not d.players[seat].must_do:
        return []
    return [
        A("counter", card=c, purpose="must-do", label=f"Play {d.name(c)} to counter a Must Do effect")
        for c in _edges(d, seat, "counters-must-do")
    ]


def defense_options(d, seat, A) -> list:
    """Countering an attack with an Edge card, and declaring an attack successful early."""
    out = []
    open_ = [j for j, s in enumerate(d.incoming) if s.kind == "attack" and not s.settled]
    for c in _edges(d, seat, "counters-attack"):
        for j in open_:
            s = d.incoming[j]
            what = f"hidden attack {j + 1}" if s.hidden else d.name(s.card)
            out.append(A("counter", card=c, target=j, label=f"Play {d.name(c)} to counter {what}"))
    if d.ptr >= len(d.incoming):
        return out  # the defenses are all played: the end of the phase is the same moment
    for j, s in enumerate(d.incoming):
        if not s.settled and not s.hidden and not cb.covered(d, j):
            out.append(A("declare_success", target=j, label=f"Declare {d.name(s.card)} successful now"))
    return out


def use_options(d, seat, A) -> list:
    """'You may not use a Discard to Use Card the turn it is put into play. You may only discard it
    after your opponent has played their first card on their next turn.'"""
    if d.exertion:
        return []
    p = d.players[seat]
    return [
        A("use", card=c, label=f"Discard {d.name(c)} from play to use it")
        for c in p.dtu_ready
        if c in p.in_play and _use_ok(d, c)
    ]


def _use_ok(d, cid) -> bool:
    effects = [name for name, _ in d.card(cid).on_use]
    if "extra-attack" in effects:
        return d.phase == "attack"
    return True


def arm_discard_to_use(d, ended):
    """At the end of a turn in which `ended` played a card, the opponent's Discard to Use cards in
    play become usable (they were all put into play before this turn)."""
    other = 1 - ended
    if not d.t_played:
        return
    p = d.players[other]
    ready = tuple(c for c in p.in_play if d.card(c).has("discard-to-use"))
    if ready != p.dtu_ready:
        d.edit(other).dtu_ready = ready


def do_action(d, a, events):
    seat = d.active
    if a.type == "counter":
        _play_edge(d, seat, a.card)
        if a.purpose == "must-do":
            p = d.edit(seat)
            p.must_do = p.must_do[1:]
            d.emit(
                events,
                "counter",
                f"Player {seat} plays {d.name(a.card)} and counters a Must Do effect.",
                R_SWEEP_EDGE,
                seat,
                (a.card,),
            )
        else:
            counter_strike(d, seat, a.target, a.card, events)
    elif a.type == "use":
        _use(d, seat, a.card, events)
    elif a.type == "declare_success":
        s = d.incoming[a.target]
        cb.hit(d, a.target, events, early=True)
        _settle_strike(d, a.target, s._replace(settled="successful"), events)


def _play_edge(d, seat, cid):
    take_from_hand(d, seat, cid)
    cb.owe_prone(d, seat, (cid,))
    put_in_play(d, seat, cid)


def _settle_strike(d, j, s, events):
    d.incoming = d.incoming[:j] + (s,) + d.incoming[j + 1 :]
    if d.phase == "defense" and not d.exertion:
        cb.advance_ptr(d, d.ptr)
        if d.ptr >= len(d.incoming):
            cb.reveal_hidden(d, events)


def counter_strike(d, seat, j, by, events):
    """'If a card is countered, it is immediately discarded, and has no effect on play, but is
    still considered to have been played.' -- 'Edge Cards played in conjunction with any card are
    countered if that card is countered.'"""
    attacker = 1 - seat
    s = d.incoming[j]
    gone = [c for c in (s.card, *s.extras) if c in d.players[attacker].in_play]
    d.emit(
        events,
        "counter",
        f"Player {seat} plays {d.name(by)} and counters {d.name(s.card)}"
        f"{' (played face down)' if s.hidden else ''}: Player {attacker} discards "
        f"{', '.join(d.name(c) for c in gone)}.",
        R_COUNTER,
        seat,
        (by, *gone),
    )
    for c in gone:
        leave_play(d, attacker, c, events)
    s = s._replace(hidden=False, was_hidden=s.was_hidden or s.hidden, settled="countered")
    _settle_strike(d, j, s, events)


def _use(d, seat, cid, events):
    c = d.card(cid)
    leave_play(d, seat, cid, events)
    p = d.edit(seat)
    p.dtu_ready = tuple(x for x in p.dtu_ready if x != cid)
    d.emit(events, "use", f"Player {seat} discards {c.name} from play to use it.", R_DTU, seat, (cid,))
    for name, arg in c.on_use:
        if name == "extra-attack":
            d.t_extra += max(1, arg)
            d.emit(
                events,
                "effect",
                f"{c.name}: Player {seat} may make an extra attack.",
                f"card/{c.key}",
                seat,
                (cid,),
            )
