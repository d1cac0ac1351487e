"""Reaction windows: the one place where the player whose turn it is NOT makes a decision.

The golden rule reads "you ordinarily never do anything during your opponents' turn" -- ordinarily:
two clauses need the other player to act while the active player plays.

* "Discard to Use Cards ... You may only discard it after your opponent has played their first card on
  their next turn." -- a Discard to Use card whose effect answers a card as it is played (on_use
  effect ``counter-attack`` / ``counter-special``) is used in the opponent's turn.
* "Countering Cards: If a card is countered, it is immediately discarded, and has no effect on play,
  but is still considered to have been played." -- an Edge card that counters a card *as it is
  played* (keyword ``counters-attack-as-played`` / ``counters-special-as-played``) is played then.
* Cards that answer the opponent's Master (or Signature) cards as they are played: Darius Master's
  Chronicles (a Discard to Use Object, on_use ``counter-master-or-signature``: discard a Special
  card from the hand too) and Martin Hyde's Pleasure Of The Hunt (a Situation in play, keyword
  ``hunts-master-cards``: burn five cards to counter the card and remove it from the game, or
  discard a card at random from the opponent's hand).  These windows open on an attack, a Special
  card or an Edge played on its own, only when the card is face up (a face-down attack may be a
  Master card or not: the reacting seat cannot know, so it opens no such window).

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
from .card_effects import remove_what_it_added
from .cards import SPECIAL_TYPES
from .effects import NO_SPECIAL_FROM_HAND
from .state import Phase, Window
from .triggers import effect
from .zones import leave_play, put_in_play, remove_from, return_borrowed, take_from_hand, take_top, to_discard

R_REACTION = "core/sequence-of-play/golden-rule/reactions"
R_COUNTER = "core/advanced/countering-cards"
R_DTU = "core/advanced/discard-to-use"
R_PRONE = cb.R_PRONE
R_CHRONICLES = "card/master-s-chronicles"
R_HUNT = "card/pleasure-of-the-hunt"
ACTIONS = ("decline",)  # plus "counter", "use" and "discard" (Pleasure Of The Hunt) while a window is open
STRIKES = ("attack", "trick")  # windows on a card of the attacker's sequence (Window.index)
COUNTERS_MASTERS = "counter-master-or-signature"
HUNTS_MASTERS = "hunts-master-cards"


@effect("on_use", "counter-attack")
@effect("on_use", "counter-special")
@effect("on_use", COUNTERS_MASTERS)
def _countered_in_the_window(d, use, _):
    """Used only in a reaction window, where `respond` counters the card just played."""


def _seen(d, trigger, card, index):
    """The card just played as the reacting seat sees it: None while it is face down."""
    if trigger in STRIKES:
        s = d.outgoing[index]
        return None if s.hidden else d.card(s.card)
    return d.card(card)


def chronicles_for(d, seat, seen) -> list:
    """Darius Master's Chronicles: 'Discard this card from play when you wish to ... You may discard a
    Special card from your hand to counter a master or signature card as it is played.' -- (card in
    play, Special card in hand) pairs, for a card `seen` face up."""
    if seen is None or not (seen.is_master or seen.signature):
        return []
    p = d.players[seat]
    ready = [
        c
        for c in p.dtu_ready
        if c in p.in_play
        and c not in d.t_nullified
        and any(n == COUNTERS_MASTERS for n, _ in d.card(c).on_use)
    ]
    if not ready:
        return []
    specials = cb.distinct_hand(d, seat, lambda x: x.type in SPECIAL_TYPES)
    return [(c, s) for c in ready for s in specials]


def hunts_for(d, seat, seen) -> list:
    """Pleasure Of The Hunt: 'Each time your opponent plays a Master card, you may either burn five cards
    from the top of your Endurance to counter the card and remove it from the game, or choose a card at
    random from his hand and discard it.' -- the seat's Situations with that power, for a Master card
    `seen` face up (nullified, it has no effect)."""
    if seen is None or not seen.is_master:
        return []
    return [c for c in d.players[seat].in_play if d.card(c).has(HUNTS_MASTERS) and c not in d.t_nullified]


def _can_burn_five(d, seat) -> bool:
    p = d.players[seat]
    return len(p.endurance) + len(p.discard) >= 5


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


def _could_respond(d, seat, trigger, card, index) -> bool:
    p = d.players[seat]
    if any(c in p.in_play for c in p.dtu_ready) and uses_for(d, seat, trigger):
        return True
    if any(_prone_payments(d, seat, c) for c in edges_for(d, seat, trigger)):
        return True
    seen = _seen(d, trigger, card, index)
    return bool(chronicles_for(d, seat, seen)) or bool(hunts_for(d, seat, seen))


def maybe_open(d, trigger, card, index=-1, target=-1) -> bool:
    """Open a window if the other seat has a legal response to `card` (just played by the active
    player).  Returns whether one opened."""
    if d.phase == Phase.OVER:
        return False
    seat = 1 - d.active
    if not _could_respond(d, seat, trigger, card, index):
        return False
    d.reaction = Window(seat, trigger, card, index, -1 if target is None else target)
    return True


def _what(d, w: Window, seat) -> str:
    if w.trigger in STRIKES:
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
    seen = _seen(d, w.trigger, w.card, w.index)
    for c, special in chronicles_for(d, seat, seen):
        out.append(
            A(
                T.USE,
                card=c,
                extras=(special,),
                label=f"Discard {d.name(c)} from play and {d.name(special)} from your hand to counter {what}",
            )
        )
    for c in hunts_for(d, seat, seen):
        if _can_burn_five(d, seat):
            out.append(
                A(
                    T.COUNTER,
                    card=c,
                    purpose="burn",
                    label=f"{d.name(c)}: burn five cards from the top of your Endurance to counter {what} "
                    f"and remove it from the game",
                )
            )
        if _his_hand(d):
            out.append(
                A(
                    T.DISCARD,
                    card=c,
                    purpose="at-random",
                    label=f"{d.name(c)}: discard a card at random from Player {d.active}'s hand",
                )
            )
    out.append(A(T.DECLINE, label=f"Let it be ({what})"))
    return out


def public(d, seat) -> dict | None:
    """The window as `seat` may see it (for view())."""
    w = d.reaction
    if not w:
        return None
    out = {"seat": w.seat, "active": d.active, "trigger": w.trigger, "index": None, "card": None}
    if w.trigger in STRIKES:
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
    if a.type == "discard":  # Pleasure Of The Hunt: the card played stands
        _discard_at_random(d, seat, a.card, events)
        return w, False
    removed = False
    if a.type == "counter" and a.purpose == "burn":
        _burn_five(d, seat, events)
        how = f"burns five cards for {d.name(a.card)}"
        rule, removed = R_HUNT, True
    elif a.type == "counter":
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
        for special in a.extras:  # Master's Chronicles: "discard a Special card from your hand"
            take_from_hand(d, seat, special)
            to_discard(d, seat, (special,), events)
            how += f" and {d.name(special)} from their hand"
            rule = R_CHRONICLES
    attacker = d.active
    fate = "removes it from the game" if removed else "discards it"
    if w.trigger in STRIKES:
        s = d.outgoing[w.index]
        gone = [c for c in (s.card, *s.extras) if c in d.players[attacker].in_play]
        d.emit(
            events,
            "counter",
            f"Player {seat} {how} and counters {d.name(s.card)}"
            f"{' (played face down)' if s.hidden else ''} as it is played: Player {attacker} "
            f"{'removes it from the game and discards ' if removed else 'discards '}"
            f"{', '.join(d.name(c) for c in (gone[1:] if removed else gone)) or 'nothing else'}; "
            f"the {s.kind} still counts as played.",
            rule,
            seat,
            (a.card, *gone),
        )
        for c in gone:
            if removed and c == s.card:
                _remove_from_game(d, attacker, c, events)
            else:
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
            f"{fate} without effect; it still counts as played.",
            rule,
            seat,
            (a.card, w.card),
        )
        if w.card in d.players[attacker].in_play:
            if removed:
                _remove_from_game(d, attacker, w.card, events)
            else:
                leave_play(d, attacker, w.card, events)
        if d.card(w.card).has("only-without-special"):
            # Darius Combination, "still considered to have been played": its condition ("If you do not
            # play a Special card this turn you may play this card") still binds the turn
            d.t_maydo = d.t_maydo + (NO_SPECIAL_FROM_HAND,)
    return w, True


def _burn_five(d, seat, events):
    """'burn five cards from the top of your Endurance' -- into the discard pile, one at a time, so an
    Endurance that runs out Exhausts and goes on from the reshuffled pile.  Not an Exertion (the
    supplement's clarification): nothing is looked at or played from them, and the turn's Exertion
    stays the active player's own business."""
    burnt = []
    while len(burnt) < 5 and (d.players[seat].endurance or d.players[seat].discard):
        got = take_top(d, seat, 1, events)
        if not got:
            break  # (an emptied Endurance Exhausts and is refilled at once: not reached)
        to_discard(d, seat, got, events)
        burnt += got
    d.emit(
        events,
        "burn",
        f"Player {seat} burns {len(burnt)} cards from the top of their Endurance: "
        f"{', '.join(d.name(c) for c in burnt if c in d.cards)}.",
        R_HUNT,
        seat,
        tuple(c for c in burnt if c in d.cards),
    )


def _his_hand(d) -> tuple:
    """The active player's hand, without the top Endurance cards the Ramirez Pre-Game lets him hold
    "as if they were in your hand": they are still on the Endurance."""
    p = d.players[d.active]
    return tuple(c for c in p.hand if c not in p.on_top)


def _discard_at_random(d, seat, hunt, events):
    """'... or choose a card at random from his hand and discard it.'"""
    victim = d.active
    hand = _his_hand(d)
    cid = hand[d.roll(len(hand)) - 1]
    take_from_hand(d, victim, cid)
    to_discard(d, victim, (cid,), events)
    d.emit(
        events,
        "discard",
        f"{d.name(hunt)}: Player {seat} chooses a card at random from Player {victim}'s hand: "
        f"Player {victim} discards {d.name(cid)}.",
        R_HUNT,
        seat,
        (hunt, cid),
    )


def _remove_from_game(d, seat, cid, events):
    """A card in play removed from the game (a borrowed card goes back to its owner's discard pile
    instead: Faith's 'The card returns ... after being ... removed from play')."""
    p = d.edit(seat)
    p.in_play = remove_from(p.in_play, cid)
    if cid in p.borrowed:
        return_borrowed(d, seat, cid)
        return
    p.removed = p.removed + (cid,)
    remove_what_it_added(d, seat, cid, events)
