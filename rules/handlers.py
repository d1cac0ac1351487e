"""One handler per action type (APPLY_BY_TYPE): what each legal action does to the duel (a
clone, which rules/engine.py's apply() hands over and settles afterwards), with the helpers the
handlers share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from . import attacks as at
from . import card_effects as ce
from . import combat as cb
from . import effects as fx
from . import exertions as ex
from . import personas as pz
from . import reactions as rx
from . import success as su
from . import technique as mt
from . import under as un
from . import unexpected as ux
from .actions import Action, Event
from .actions import ActionType as T
from .errors import IllegalAction
from .flow import end_turn, enter_attack, enter_defense
from .legal import draw_room
from .state import Duel, Phase
from .zones import leave_play, put_in_play, take_from_hand, to_discard

R_MUST_PLAY = "core/beginning-the-game/must-play"
R_SWEEP_DISCARD = "core/sequence-of-play/sweep-phase/defense-discard"
R_MUST_DO = "core/sequence-of-play/sweep-phase/must-do"
R_MAY_DO = "core/sequence-of-play/sweep-phase/may-do"
R_DRAW = "core/sequence-of-play/draw-discard"
R_ONE_EXERTION = "core/advanced/exertions/one-per-turn"
R_LOCATION = "core/advanced/locations"

Handler = Callable[[Duel, int, Action, list], None]


def _nm(d: Duel, cid: str) -> str:
    return d.name(cid)


# ---------------------------------------------------------------- one handler per action type


def _discard(d: Duel, seat: int, a: Action, events: list) -> None:
    take_from_hand(d, seat, a.card)
    to_discard(d, seat, (a.card,), events)
    if d.owed:
        d.owed = d.owed[1:]
        rule = cb.R_PRONE
    elif d.phase == Phase.SWEEP:
        fx.done_must_do(d, seat, "discard")
        rule = R_MUST_DO
    else:
        rule = R_DRAW
    d.emit(events, "discard", f"Player {seat} discards {_nm(d, a.card)}.", rule, seat, (a.card,))


def _discard_defense(d: Duel, seat: int, a: Action, events: list) -> None:
    take_from_hand(d, seat, a.card)
    to_discard(d, seat, (a.card,), events)
    d.t_maydo = d.t_maydo + ("discard_defense",)
    d.emit(
        events,
        "discard",
        f"Player {seat} discards the defense {_nm(d, a.card)} (the opponent did not attack).",
        R_SWEEP_DISCARD,
        seat,
        (a.card,),
    )


def _recover_weapon(d: Duel, seat: int, a: Action, events: list) -> None:
    d.t_maydo = d.t_maydo + ("recover",)
    roll = d.roll(6)
    if roll == 1:
        d.edit(seat).disarmed = False
    d.emit(
        events,
        "roll",
        f"Player {seat} rolls {roll} to recover their weapon: {'recovered' if roll == 1 else 'still Disarmed'}.",
        cb.R_DISARM,
        seat,
    )


def _regain_feet(d: Duel, seat: int, a: Action, events: list) -> None:
    d.t_maydo = d.t_maydo + ("feet",)
    chance = 1
    if a.purpose == "exert":
        ex.exert(d, seat, "regain-feet", None, events)
        ex.finish_exertion(d, seat, events)
        chance = 3
    roll = d.roll(6)
    if roll <= chance:
        d.edit(seat).prone = False
    d.emit(
        events,
        "roll",
        f"Player {seat} rolls {roll} to regain their feet ({chance} in 6): "
        f"{'standing' if roll <= chance else 'still Prone'}.",
        cb.R_PRONE,
        seat,
    )


def _defend(d: Duel, seat: int, a: Action, events: list) -> None:
    cb.play_defense(d, seat, a.card, a.target, events)


def _remove_guard(d: Duel, seat: int, a: Action, events: list) -> None:
    leave_play(d, seat, a.card, events)
    d.defenses = tuple(g for g in d.defenses if g.card != a.card)
    if d.phase == Phase.DEFENSE and not d.revealed:
        cb.advance_ptr(d, 0)
    d.emit(
        events,
        "guard",
        f"Player {seat} removes the Guard {_nm(d, a.card)} from play.",
        cb.R_GUARD,
        seat,
        (a.card,),
    )


def _choose(d: Duel, seat: int, a: Action, events: list) -> None:
    """Take a card the Exertion revealed: a defense (defense phase) or an attack (attack phase)."""
    if d.phase == Phase.DEFENSE:
        cb.play_defense(d, seat, a.card, a.target, events, from_exertion=True)
        ex.finish_exertion(d, seat, events, used=(a.card,))
    else:
        first, d.t_conjoined = d.t_conjoined, ()
        at.play_attack(
            d, seat, a.card, a.hidden, (), events, from_exertion=True, position=a.target, played_first=first
        )
        ex.finish_exertion(d, seat, events, used=(a.card,))
        _react_to_attack(d, a.card)


def _trick(d: Duel, seat: int, a: Action, events: list) -> None:
    at.play_trick(d, seat, a.card, events)
    _react_to_attack(d, a.card, "trick")


def _attack(d: Duel, seat: int, a: Action, events: list) -> None:
    if a.purpose == mt.PURPOSE:  # Mysterious Technique: three face down, the opponent chooses
        mt.play(d, seat, a, events)
        return
    at.play_attack(d, seat, a.card, a.hidden, a.extras, events)
    _react_to_attack(d, a.card)


def _ranged(d: Duel, seat: int, a: Action, events: list) -> None:
    at.play_ranged(d, seat, a.card, a.extras[0], events)
    _react_to_attack(d, a.card)


def _edge(d: Duel, seat: int, a: Action, events: list) -> None:
    at.play_edge_alone(d, seat, a.card, events)
    if not rx.maybe_open(d, "edge", a.card):  # its effect waits for the answer, as a Special card's does
        ce.on_play(d, seat, a.card, events)


def _peek(d: Duel, seat: int, a: Action, events: list) -> None:
    pz.peek(d, seat, events)


def _play_special(d: Duel, seat: int, a: Action, events: list) -> None:
    un.declare_entry_exertion(d, a)  # Off Balance: "When this card enters play, you may make an exertion"
    _special(d, seat, a.card, events)
    fx.arm_on_first_card(d)  # before the window: this may be the opponent's first card
    if not rx.maybe_open(d, "special", a.card, target=a.target):
        special_effects(d, seat, a.card, a.target, events)


def _declare(d: Duel, seat: int, a: Action, events: list) -> None:
    pz.declare(d, seat, a.card, events)


def _borrow(d: Duel, seat: int, a: Action, events: list) -> None:
    pz.borrow(d, seat, a.card, a.extras[0], events)


def _effect(d: Duel, seat: int, a: Action, events: list) -> None:
    fx.do_action(d, a, events)


def _draw(d: Duel, seat: int, a: Action, events: list) -> None:
    """Draw one card (n=1) and stay in the phase, or stop drawing (n=0) and end it."""
    if not a.n:
        _end_of_draw(d, seat, events)
        return
    in_hand = len(d.players[seat].hand)
    drawn = ux.draw(d, seat, a.n, events)
    d.t_drawn_into_play += drawn - (len(d.players[seat].hand) - in_hand)


def draw_several(d: Duel, action: Action) -> tuple[Duel, list[Event]]:
    """`draw` with n > 1, the form of moves stored before cards were drawn one at a time: n single
    draws, then stop, each checked as if posted one by one (so old duels replay exactly as they
    were played, and a draw above the Ability is refused with its rule)."""
    seat, events = d.to_move, []
    if action.n > draw_room(d, seat):
        raise IllegalAction(f"You may not draw above your Ability [{R_DRAW}].", R_DRAW)
    for _ in range(action.n):
        d, more = d.apply(replace(action, n=1, label=""))
        events += more
    if d.phase == Phase.DRAW and d.active == seat and Action(T.DRAW, n=0, seat=seat) in d.legal_actions():
        d, more = d.apply(Action(T.DRAW, n=0, seat=seat))
        events += more
    return d, events


def _place(d: Duel, seat: int, a: Action, events: list) -> None:
    ux.place(d, seat, a.card, a.target, events)
    _end_of_draw(d, seat, events)


def _end_of_draw(d: Duel, seat: int, events: list) -> None:
    """The turn ends once every Unexpected attack or combat trick drawn has its place."""
    d.t_placing = bool(ux.placements(d, seat))
    if not d.t_placing:
        end_turn(d, events)


# ---- pass: end the current step, which depends on the phase


def _pass_sweep(d: Duel, seat: int, events: list) -> None:
    if d.players[seat].must_do:
        d.edit(seat).must_do = ()  # "take care of all of the 'Must Do' effects if possible"
    enter_defense(d, events)


def _pass_defense(d: Duel, seat: int, events: list) -> None:
    n = len(d.incoming)
    if d.ptr < n:
        s = d.incoming[d.ptr]
        what = "the hidden attack" if s.hidden else _nm(d, s.card)
        d.emit(
            events, "no-defense", f"Player {seat} plays no new defense against {what}.", cb.R_DEFENSE, seat
        )
        cb.advance_ptr(d, d.ptr + 1)
        if d.ptr >= n:
            cb.reveal_hidden(d, events)
    else:
        su.resolve_incoming(d, events)
        if d.phase != Phase.OVER:
            enter_attack(d, events)


def _pass_attack(d: Duel, seat: int, events: list) -> None:
    d.phase = Phase.ABILITY


PASS_BY_PHASE: dict[Phase, Callable[[Duel, int, list], None]] = {
    Phase.SWEEP: _pass_sweep,
    Phase.DEFENSE: _pass_defense,
    Phase.ATTACK: _pass_attack,
}


def _pass(d: Duel, seat: int, a: Action, events: list) -> None:
    if d.phase == Phase.SWEEP:
        PASS_BY_PHASE[d.phase](d, seat, events)
    elif d.owed:  # nothing to discard for what is owed
        d.owed = ()
    elif d.exertion:  # take nothing from the Exertion
        _nothing_for_the_card_played_first(d, seat, events)
        ex.finish_exertion(d, seat, events)
    elif d.phase in PASS_BY_PHASE:
        PASS_BY_PHASE[d.phase](d, seat, events)


# ---- exert: what for


def _exert_defense(d: Duel, seat: int, a: Action, events: list) -> None:
    if d.ptr < len(d.incoming):
        d.ptr = len(d.incoming)
        cb.reveal_hidden(d, events)
    ex.exert(d, seat, "defense", a.n, events)


def _exert_power_block(d: Duel, seat: int, a: Action, events: list) -> None:
    ex.make_power_block(d, seat, a.card, events)


def _exert_attack(d: Duel, seat: int, a: Action, events: list) -> None:
    for cid in a.extras:  # "play the card first, then Exert for the attack to play with it"
        at.play_first(d, seat, cid, events)
    private = d.players[seat].hidden_right and d.t_attacks == 0
    ex.exert(d, seat, "attack", a.n, events, private=private)
    if not d.exertion:
        _nothing_for_the_card_played_first(d, seat, events)


def _nothing_for_the_card_played_first(d: Duel, seat: int, events: list) -> None:
    """No attack taken for the Head Shot played before the Exertion: it stays in play, without effect,
    until it is swept."""
    for cid in d.t_conjoined:
        d.emit(
            events,
            "no-effect",
            f"{_nm(d, cid)} has no attack to go with.",
            at.R_CONJUNCTION_FIRST,
            seat,
            (cid,),
        )
    d.t_conjoined = ()


def _exert_nothing(d: Duel, seat: int, a: Action, events: list) -> None:
    ex.exert(d, seat, "nothing", a.n, events)
    d.emit(events, "exert-nothing", f"Player {seat} exerts for nothing.", cb.R_NOTHING, seat)
    ex.finish_exertion(d, seat, events)


def _exert_power_blow(d: Duel, seat: int, a: Action, events: list) -> None:
    at.make_power_blow(d, seat, a.target, events)
    d.phase = Phase.ABILITY  # "make an Exertion at the end of your Attack Phase"


def _power_blow(d: Duel, seat: int, a: Action, events: list) -> None:
    at.make_power_blow(d, seat, a.target, events, exert_for_it=False)
    d.phase = Phase.ABILITY  # a Power Blow is made at the end of the Attack Phase


EXERT_BY_PURPOSE: dict[str, Handler] = {
    "defense": _exert_defense,
    "power-block": _exert_power_block,
    "attack": _exert_attack,
    "nothing": _exert_nothing,
    "power-blow": _exert_power_blow,
    un.PURPOSE: un.retrieve,  # the opponent's Exertion against Off Balance
}


def _exert(d: Duel, seat: int, a: Action, events: list) -> None:
    EXERT_BY_PURPOSE[a.purpose](d, seat, a, events)


APPLY_BY_TYPE: dict[str, Handler] = {
    T.DISCARD: _discard,
    T.PASS: _pass,
    T.DISCARD_DEFENSE: _discard_defense,
    T.RECOVER_WEAPON: _recover_weapon,
    T.REGAIN_FEET: _regain_feet,
    T.DEFEND: _defend,
    T.REMOVE_GUARD: _remove_guard,
    T.EXERT: _exert,
    T.CHOOSE: _choose,
    T.TRICK: _trick,
    T.ATTACK: _attack,
    T.SPECIAL: _play_special,
    T.DECLARE: _declare,
    T.DRAW: _draw,
    T.PLACE: _place,
    T.POWER_BLOW: _power_blow,
    T.BORROW: _borrow,
    T.RANGED: _ranged,
    T.PEEK: _peek,
    T.EDGE: _edge,
    **{t: _effect for t in fx.ACTIONS},
}


# ---------------------------------------------------------------- helpers of the handlers


def _react_to_attack(d: Duel, cid: str, trigger: str = "attack") -> None:
    """Open a reaction window on the attack (or combat trick) just played, if the other seat can
    answer it."""
    fx.arm_on_first_card(d)  # this may be the opponent's first card: Discard to Use cards are ready
    index = next(j for j, s in enumerate(d.outgoing) if s.card == cid)
    rx.maybe_open(d, trigger, cid, index)


def _special(d: Duel, seat: int, cid: str, events: list) -> None:
    """Play a Special card: into play and counted; its effects follow (_special_effects), unless a
    reaction window opens first and the card is countered ("has no effect on play")."""
    c = d.card(cid)
    take_from_hand(d, seat, cid)
    cb.owe_prone(d, seat, (cid,))
    put_in_play(d, seat, cid)
    d.t_special = True
    d.t_played = True
    d.emit(events, "special", f"Player {seat} plays {c.name}.", cb.R_SPECIAL, seat, (cid,))


def special_effects(d: Duel, seat: int, cid: str, target: int | None, events: list) -> None:
    c = d.card(cid)
    nullified = (
        ce.nullify_targets(d)[target]
        if target is not None and ce.nullifies(c) and target < len(ce.nullify_targets(d))
        else None
    )
    if c.type == "location":  # "Only one Location by any player may be in play at any time."
        for other in (0, 1):
            for old in d.players[other].in_play:
                if old != cid and d.card(old).type == "location":
                    leave_play(d, other, old, events)
                    d.emit(
                        events,
                        "discard",
                        f"{_nm(d, old)} leaves play: another Location was played.",
                        R_LOCATION,
                        other,
                        (old,),
                    )
    if ux.is_unexpected(d, cid):  # "it will still follow the rules for Unexpected cards"
        ux.make_room(d, seat, cid, events)
    ce.on_play(d, seat, cid, events)
    if target is not None and pz.activates_place(c):
        pz.activate(d, seat, d.players[seat].pregame[target], events)
    if nullified is not None:
        ce.nullify(d, seat, nullified, events)
