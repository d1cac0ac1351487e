"""Countering, Discard to Use cards and declaring an attack successful early.

Actions handled here (see actions.py):
  counter          play Edge `card` to counter a 'Must Do' effect (sweep) or attack `target` (defense)
  use              discard the Discard to Use card `card` from play for its effect
  declare_success  declare attack `target` successful before the end of the Defense Phase
  resolve          carry out the 'Must Do' effect `purpose` (e.g. "remove:Thrust")
  shed             too many Hand Icons: remove `card` from play, or (no card) Disarm your weapon
  ignore           play Edge `card` to Ignore an effect that directly affects you: `purpose` is the
                   'Must Do' item (e.g. "discard") or "ability-loss"

The effects cards have as they are played or used (`on_play`, `on_use`), removing cards from the
game, losing Ability and nullifying are in rules/card_effects.py.
"""

from __future__ import annotations

from . import combat as cb
from . import success as su
from .actions import ActionType as T
from .attacks import edges_allowed
from .card_effects import Played, remove_from_game
from .cards import SPECIAL_TYPES
from .state import Phase
from .triggers import effect, run
from .zones import leave_play, put_in_play, remove_from, take_from_hand, to_discard

R_COUNTER = "core/advanced/countering-cards"
R_SWEEP_EDGE = "core/sequence-of-play/sweep-phase/edge-counter"
R_DTU = "core/advanced/discard-to-use"
R_EARLY = cb.R_EARLY
R_MUST_DO = "core/sequence-of-play/sweep-phase/must-do"
R_HAND_ICONS = "core/card-anatomy/hand-icons"
R_IGNORE = "core/advanced/ignoring-or-nullifying"
ACTIONS = ("counter", "use", "declare_success", "resolve", "shed", "ignore")


def _edges(d, seat, keyword):
    if d.t_locked or not edges_allowed(d, seat):
        return []
    return [
        c
        for c in cb.distinct_hand(d, seat, lambda x: x.type == "edge" and x.playable and x.has(keyword))
        if cb.prone_ok(d, seat, (c,))
    ]


def must_do_options(d, seat, A) -> list:
    """'If there are several 'Must Do' effects to take care of, you may handle them in any order
    you choose' -- and 'If you have an Edge Card that will counter or affect a 'Must Do' or 'May
    Do' effect directly, then you may play it when resolving these effects.'"""
    must = d.players[seat].must_do
    out = []
    if "discard" in must:
        out += [
            A(T.DISCARD, card=c, purpose="must", label=f"Discard {d.name(c)} (must do)")
            for c in cb.distinct_hand(d, seat, lambda x: True)
        ]
    for item in dict.fromkeys(m for m in must if m.startswith("remove:")):
        out.append(A(T.RESOLVE, purpose=item, label=f"Remove a {item[7:]} from the game (must do)"))
    out += [
        A(T.COUNTER, card=c, purpose="must-do", label=f"Play {d.name(c)} to counter a Must Do effect")
        for c in _edges(d, seat, "counters-must-do")
    ]
    out += ignore_options(d, seat, A)
    return out or [A(T.PASS, label="Nothing to discard")]


def ignore_options(d, seat, A) -> list:
    """'you may only Ignore the effects of a card that directly affect you; either instructing you to
    perform some action, restricting you from performing an action, damaging you, or affecting your
    Ability': an Edge that lets you Ignore answers the instructions waiting for you (Must Do effects)
    and the Ability you are to lose, never a card in play that does not act on you directly."""
    p = d.players[seat]
    effects = [(item, f"the Must Do effect '{item}'") for item in dict.fromkeys(p.must_do)]
    if p.pending_loss:
        effects.append(("ability-loss", f"the loss of {p.pending_loss} Ability"))
    return [
        A(T.IGNORE, card=c, purpose=item, label=f"Play {d.name(c)} to Ignore {what}")
        for c in (_edges(d, seat, "ignores-direct-effects") if effects else ())
        for item, what in effects
    ]


def shed_options(d, seat, A) -> list:
    """'If at any time you have more Hand Icons in play than you are allowed, you may chose to Disarm
    any weapon you have or remove from play any of your cards with Hand Icons until you have the
    maximum number of Hand Icons allowed to you in play.'"""
    p = d.players[seat]
    out = [
        A(T.SHED, card=c, label=f"Remove {d.name(c)} from play (too many Hand Icons)")
        for c in p.in_play
        if d.card(c).hands
    ]
    if any(d.card(c).type == "weapon" for c in p.pregame) and not p.disarmed:
        out.append(A(T.SHED, purpose="disarm", label="Disarm your weapon (too many Hand Icons)"))
    return out


def _shed(d, seat, a, events):
    if a.purpose == "disarm":
        d.edit(seat).disarmed = True
        text = f"Player {seat} has too many Hand Icons and Disarms their weapon."
    else:
        leave_play(d, seat, a.card, events)
        text = f"Player {seat} has too many Hand Icons and removes {d.name(a.card)} from play."
    d.emit(events, "hand-icons", text, R_HAND_ICONS, seat, () if a.card is None else (a.card,))


def done_must_do(d, seat, item):
    p = d.edit(seat)
    p.must_do = remove_from(p.must_do, item) if item in p.must_do else p.must_do[1:]


def defense_options(d, seat, A) -> list:
    """Countering an attack with an Edge card, and declaring an attack successful early."""
    out = []
    open_ = [j for j, s in enumerate(d.incoming) if s.kind == "attack" and not s.settled]
    for c in _edges(d, seat, "counters-attack"):
        for j in open_:
            s = d.incoming[j]
            what = f"hidden attack {j + 1}" if s.hidden else d.name(s.card)
            out.append(A(T.COUNTER, card=c, target=j, label=f"Play {d.name(c)} to counter {what}"))
    if d.ptr >= len(d.incoming):
        return out  # the defenses are all played: the end of the phase is the same moment
    for j, s in enumerate(d.incoming):
        if not s.settled and not s.hidden and not cb.covered(d, j):
            out.append(A(T.DECLARE_SUCCESS, target=j, label=f"Declare {d.name(s.card)} successful now"))
    return out


def use_options(d, seat, A) -> list:
    """'You may not use a Discard to Use Card the turn it is put into play. You may only discard it
    after your opponent has played their first card on their next turn.'"""
    if d.exertion:
        return []
    p = d.players[seat]
    out = []
    for c in p.dtu_ready:
        if c not in p.in_play or not _use_ok(d, c):
            continue
        if any(name == DISCARDS_A_MASTER for name, _ in d.card(c).on_use):
            out += _master_discards(d, seat, c, A)
        else:
            out.append(A(T.USE, card=c, label=f"Discard {d.name(c)} from play to use it"))
    return out


DISCARDS_A_MASTER = "discard-master-in-play"
R_CHRONICLES = "card/master-s-chronicles"
NO_SPECIAL_FROM_HAND = "no-special-from-hand"  # a t_maydo mark: no Special card from the hand this turn


def master_targets(d) -> list:
    """Master cards in play, either player's, in seat order -- not the cards of the sequence of
    attacks and defenses (an attack in play is answered by defenses and counters, not discarded)."""
    busy = {s.card for s in d.incoming + d.outgoing} | {g.card for g in d.defenses}
    return [c for p in d.players for c in p.in_play if d.card(c).is_master and c not in busy]


def _master_discards(d, seat, cid, A) -> list:
    """Darius Master's Chronicles: 'If you do not play a Special card from your hand this turn, you may
    discard a Special card from your hand to discard a Master card in play.' -- `target`: the index in
    master_targets, `extras`: the Special card; afterwards no Special card from the hand this turn."""
    if d.t_special or d.t_locked:
        return []
    specials = cb.distinct_hand(d, seat, lambda x: x.type in SPECIAL_TYPES)
    return [
        A(
            T.USE,
            card=cid,
            target=i,
            extras=(special,),
            purpose="discard-master",
            label=f"Discard {d.name(cid)} from play and {d.name(special)} from your hand to discard "
            f"{d.name(m)} (Player {0 if m in d.players[0].in_play else 1}) from play",
        )
        for i, m in enumerate(master_targets(d))
        if m != cid
        for special in specials
    ]


def _discard_a_master(d, seat, a, events):
    target = master_targets(d)[a.target]
    owner = 0 if target in d.players[0].in_play else 1
    special = a.extras[0]
    take_from_hand(d, seat, special)
    to_discard(d, seat, (special,), events)
    leave_play(d, seat, a.card, events)
    p = d.edit(seat)
    p.dtu_ready = tuple(x for x in p.dtu_ready if x != a.card)
    leave_play(d, owner, target, events)
    d.t_maydo = d.t_maydo + (NO_SPECIAL_FROM_HAND,)
    d.emit(
        events,
        "use",
        f"Player {seat} discards {d.name(a.card)} from play and {d.name(special)} from their hand: "
        f"{d.name(target)} is discarded from play (Player {seat} may play no Special card from the "
        f"hand this turn).",
        R_CHRONICLES,
        seat,
        (a.card, special, target),
    )


def _use_ok(d, cid) -> bool:
    effects = [name for name, _ in d.card(cid).on_use]
    if effects and all(name.startswith("counter-") for name in effects):
        return False  # used only to answer a card as it is played (a reaction window)
    if "extra-attack" in effects:
        return d.phase == Phase.ATTACK
    return True


def arm_on_first_card(d):
    """'You may only discard it after your opponent has played their first card on their next
    turn': once the active player has played a card this turn, the other seat's Discard to Use
    cards in play (all put into play in earlier turns) are ready -- for a reaction window now, or
    for their own next turn."""
    if not d.t_played:
        return
    other = 1 - d.active
    p = d.players[other]
    ready = tuple(c for c in p.in_play if d.card(c).has("discard-to-use"))
    if ready != p.dtu_ready:
        d.edit(other).dtu_ready = ready


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
            done_must_do(d, seat, d.players[seat].must_do[0])
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
    elif a.type == "use" and a.purpose == "discard-master":
        _discard_a_master(d, seat, a, events)
    elif a.type == "use":
        _use(d, seat, a.card, events)
    elif a.type == "shed":
        _shed(d, seat, a, events)
    elif a.type == "resolve":
        done_must_do(d, seat, a.purpose)
        if a.purpose.startswith("remove:"):
            remove_from_game(d, seat, a.purpose[7:], events)
    elif a.type == "ignore":
        _play_edge(d, seat, a.card)
        if a.purpose == "ability-loss":
            d.edit(seat).pending_loss = 0
        else:
            done_must_do(d, seat, a.purpose)
        d.emit(
            events,
            "ignore",
            f"Player {seat} plays {d.name(a.card)} and Ignores {a.purpose.replace('-', ' ')}.",
            R_IGNORE,
            seat,
            (a.card,),
        )
    elif a.type == "declare_success":
        s = d.incoming[a.target]
        su.hit(d, a.target, events, early=True)
        _settle_strike(d, a.target, s._replace(settled="successful"), events)


def _play_edge(d, seat, cid):
    take_from_hand(d, seat, cid)
    cb.owe_prone(d, seat, (cid,))
    put_in_play(d, seat, cid)


def _settle_strike(d, j, s, events):
    d.incoming = d.incoming[:j] + (s,) + d.incoming[j + 1 :]
    if d.phase == Phase.DEFENSE and not d.exertion:
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
    run("on_use", c, d, Played(d, seat, cid, events))


@effect("on_use", DISCARDS_A_MASTER)
def _master_discarded_with_its_target(d, use: Played, _):
    """Needs the target chosen with the use: `_discard_a_master` carries it out."""
