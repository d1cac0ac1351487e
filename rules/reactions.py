"""Reaction windows: the one place where the player whose turn it is NOT makes a decision.

The golden rule reads "you ordinarily never do anything during your opponents' turn" -- ordinarily:
two clauses need the other player to act while the active player plays.

* "Discard to Use Cards ... You may only discard it after your opponent has played their first card on
  their next turn." -- a Discard to Use card whose effect answers a card as it is played (on_use
  effect ``counter-attack`` / ``counter-special``) is used in the opponent's turn.
* "Countering Cards: If a card is countered, it is immediately discarded, and has no effect on play,
  but is still considered to have been played." -- an Edge card that counters a card *as it is
  played* (keyword ``counters-attack-as-played`` / ``counters-special-as-played``) is played then.

When the active player plays an attack (from the hand or an Exertion) or a Special card and the other
seat holds such a response, a window opens: `Duel.reaction` names the reacting seat (so `to_move` is
that seat), the phase stays the active player's, and the legal actions are the responses plus
``decline`` ("Let it be").  Answering closes the window and play returns to the active player.  A
Special card's effects wait until the window closes: a countered Special "has no effect on play".

Hidden information: whether a window opens depends only on what the reacting seat may see -- the
kind of card played (an attack played face down is known to be an attack), the face-up cards played
with it, and the reacting seat's own hand and cards in play.  Every response the engine knows counters
*any* attack or *any* Special card, so a face-down attack opens a window exactly when a face-up one
would; a response whose condition depends on the attack's identity must not be offered against a
face-down attack (`_fits`).  The window does tell the active player that the other seat could
respond (as a pause across the table would); it opens only then, so most plays open none.
"""

from __future__ import annotations

from . import combat as cb
from .actions import ActionType as T
from .attacks import edges_allowed
from .state import Phase, Window
from .triggers import effect
from .zones import leave_play, put_in_play, take_from_hand, to_discard

R_REACTION = "core/sequence-of-play/golden-rule/reactions"
R_COUNTER = "core/advanced/countering-cards"
R_DTU = "core/advanced/discard-to-use"
R_PRONE = cb.R_PRONE
ACTIONS = ("decline",)  # plus "counter" and "use" while a window is open


@effect("on_use", "counter-attack")
@effect("on_use", "counter-special")
def _countered_in_the_window(d, use, _):
    """Used only in a reaction window, where `respond` counters the card just played."""


def _edge_keyword(trigger):
    return f"counters-{trigger}-as-played"


def _use_effect(trigger):
    return f"counter-{trigger}"


def _fits(d, w: Window, keyword) -> bool:
    """Whether a response with this keyword/effect answers the trigger.  Every known response
    counters any card of its kind; a condition on the card's identity would have to return False
    when the attack is face down (see the module docstring)."""
    return True


def edges_for(d, seat, trigger):
    """Edge cards in `seat`'s hand that counter a `trigger` card as it is played."""
    if not edges_allowed(d, seat):
        return []  # "No Edge card may be played until this Combat Trick has been resolved."
    kw = _edge_keyword(trigger)
    return cb.distinct_hand(d, seat, lambda x: x.type == "edge" and x.playable and x.has(kw))


def uses_for(d, seat, trigger):
    """Discard to Use cards `seat` has in play, ready, whose use counters a `trigger` card."""
    p = d.players[seat]
    eff = _use_effect(trigger)
    return [
        c
        for c in p.dtu_ready
        if c in p.in_play and c not in d.t_nullified and any(n == eff for n, _ in d.card(c).on_use)
    ]


def _prone_payments(d, seat, cid):
    """Prone: 'you must discard a card from your hand with the same Icon type as any card you play.'"""
    if not d.players[seat].prone:
        return [()]
    want = d.card(cid).type
    return [(x,) for x in cb.distinct_hand(d, seat, lambda c: c.type == want) if x != cid]


def _could_respond(d, seat, trigger) -> bool:
    p = d.players[seat]
    if any(c in p.in_play for c in p.dtu_ready) and uses_for(d, seat, trigger):
        return True
    return any(_prone_payments(d, seat, c) for c in edges_for(d, seat, trigger))


def maybe_open(d, trigger, card, index=-1, target=-1) -> bool:
    """Open a window if the other seat has a legal response to `card` (just played by the active
    player).  Returns whether one opened."""
    if d.phase == Phase.OVER:
        return False
    seat = 1 - d.active
    if not _could_respond(d, seat, trigger):
        return False
    d.reaction = Window(seat, trigger, card, index, -1 if target is None else target)
    return True


def _what(d, w: Window, seat) -> str:
    if w.trigger == "attack":
        s = d.outgoing[w.index]
        return f"a face-down attack (attack {w.index + 1})" if s.hidden else d.name(s.card)
    return d.name(w.card)


def options(d, A) -> list:
    w = d.reaction
    seat = w.seat
    what = _what(d, w, seat)
    out = []
    for c in edges_for(d, seat, w.trigger):
        if not _fits(d, w, _edge_keyword(w.trigger)):
            continue
        for pay in _prone_payments(d, seat, c):
            extra = f", discarding {d.name(pay[0])} (Prone)" if pay else ""
            out.append(A(T.COUNTER, card=c, extras=pay, label=f"Play {d.name(c)} to counter {what}{extra}"))
    for c in uses_for(d, seat, w.trigger):
        if _fits(d, w, _use_effect(w.trigger)):
            out.append(A(T.USE, card=c, label=f"Discard {d.name(c)} from play to counter {what}"))
    out.append(A(T.DECLINE, label=f"Let it be ({what})"))
    return out


def public(d, seat) -> dict | None:
    """The window as `seat` may see it (for view())."""
    w = d.reaction
    if not w:
        return None
    out = {"seat": w.seat, "active": d.active, "trigger": w.trigger, "index": None, "card": None}
    if w.trigger == "attack":
        s = d.outgoing[w.index]
        out["index"] = w.index
        out["power_blow"] = s.power_blow
        out["head_shot"] = s.head_shot
        out["hidden"] = s.hidden
        if not s.hidden or seat == d.active:
            out["card"] = {"id": s.card, "key": d.cards[s.card], "name": d.name(s.card)}
        out["extras"] = [{"id": e, "key": d.cards[e], "name": d.name(e)} for e in s.extras]
    else:
        out["card"] = {"id": w.card, "key": d.cards[w.card], "name": d.name(w.card)}
    who = "the face-down attack" if out.get("hidden") and seat != d.active else _what(d, w, d.active)
    out["text"] = f"Player {w.seat} may respond to {who} played by Player {d.active}."
    return out


def respond(d, a, events):
    """Carry out the reacting seat's answer, close the window and hand play back."""
    w = d.reaction
    seat = w.seat
    d.reaction = ()
    what = _what(d, w, seat)
    if a.type == "decline":
        d.emit(
            events,
            "reaction",
            f"Player {seat} lets {what} be.",
            R_REACTION,
            seat,
        )
        return w, False
    if a.type == "counter":
        take_from_hand(d, seat, a.card)
        put_in_play(d, seat, a.card)
        for pay in a.extras:
            take_from_hand(d, seat, pay)
            to_discard(d, seat, (pay,), events)
            d.emit(
                events,
                "discard",
                f"Player {seat} is Prone and discards {d.name(pay)} to play {d.name(a.card)}.",
                R_PRONE,
                seat,
                (pay,),
            )
        how = f"plays {d.name(a.card)}"
        rule = R_COUNTER
    else:
        c = a.card
        name = d.name(c)
        leave_play(d, seat, c, events)
        p = d.edit(seat)
        p.dtu_ready = tuple(x for x in p.dtu_ready if x != c)
        how = f"discards {name} from play"
        rule = R_DTU
    attacker = d.active
    if w.trigger == "attack":
        s = d.outgoing[w.index]
        gone = [c for c in (s.card, *s.extras) if c in d.players[attacker].in_play]
        d.emit(
            events,
            "counter",
            f"Player {seat} {how} and counters {d.name(s.card)}"
            f"{' (played face down)' if s.hidden else ''} as it is played: Player {attacker} discards "
            f"{', '.join(d.name(c) for c in gone)}; the attack still counts as played.",
            rule,
            seat,
            (a.card, *gone),
        )
        for c in gone:
            leave_play(d, attacker, c, events)
        # "immediately discarded, and has no effect on play, but is still considered to have been
        # played": the attack opportunity stays used and the opponent was attacked (no defense
        # discard in their sweep), but nothing is left to defend.
        s = s._replace(hidden=False, was_hidden=s.was_hidden or s.hidden, settled="countered")
        d.outgoing = d.outgoing[: w.index] + (s,) + d.outgoing[w.index + 1 :]
    else:
        d.emit(
            events,
            "counter",
            f"Player {seat} {how} and counters {d.name(w.card)} as it is played: Player {attacker} "
            f"discards it without effect; it still counts as played.",
            rule,
            seat,
            (a.card, w.card),
        )
        if w.card in d.players[attacker].in_play:
            leave_play(d, attacker, w.card, events)
    return w, True
