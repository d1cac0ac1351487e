"""legal_actions() and apply(): what the player to move may do, and doing it."""

from __future__ import annotations

from dataclasses import replace

from . import attacks as at
from . import combat as cb
from . import effects as fx
from . import personas as pz
from . import reactions as rx
from . import unexpected as ux
from .actions import Action
from .cards import DEFENSE_TYPES
from .errors import IllegalAction
from .flow import ability_adjustment, end_turn, enter_attack, enter_defense
from .state import FRONT, LOG_KEEP, plug_in
from .zones import leave_play, put_in_play, take_from_hand, to_discard

R_GOLDEN = "core/sequence-of-play/golden-rule"
R_MUST_PLAY = "core/beginning-the-game/must-play"
R_SWEEP_DISCARD = "core/sequence-of-play/sweep-phase/defense-discard"
R_MUST_DO = "core/sequence-of-play/sweep-phase/must-do"
R_MAY_DO = "core/sequence-of-play/sweep-phase/may-do"
R_DRAW = "core/sequence-of-play/draw-discard"
R_ONE_EXERTION = "core/advanced/exertions/one-per-turn"
R_LOCATION = "core/advanced/locations"


def _nm(d, cid):
    return d.name(cid)


def _exert_sizes(d, seat):
    return (3, 5) if cb.persona_has(d, seat, "exertion-size-3-or-5") else (None,)


def _defense_exertions(d, seat, A):
    """Exert for a defense, once per Exertion size the seat may choose."""
    return [
        A("exert", purpose="defense", n=size, label=f"Exert{f' {size} cards' if size else ''} for a defense")
        for size in _exert_sizes(d, seat)
    ]


def _specials(d, seat, A):
    if d.t_special or d.t_locked:
        return []
    out = []
    for c in cb.distinct_hand(d, seat, lambda x: at.special_ok(d, seat, x)):
        if not cb.prone_ok(d, seat, (c,)):
            continue
        if pz.activates_place(d.card(c)) and pz.places(d, seat):
            for i, place in enumerate(d.players[seat].pregame):
                if place in pz.places(d, seat):
                    out.append(
                        A("special", card=c, target=i, label=f"Play {_nm(d, c)}, activating {_nm(d, place)}")
                    )
        elif fx.nullifies(d.card(c)) and fx.nullify_targets(d):
            for i, tgt in enumerate(fx.nullify_targets(d)):
                out.append(
                    A("special", card=c, target=i, label=f"Play {_nm(d, c)}, nullifying {_nm(d, tgt)}")
                )
        else:
            out.append(A("special", card=c, label=f"Play {_nm(d, c)}"))
    return out


def _guard_removal(d, seat, A):
    return [
        A("remove_guard", card=c, label=f"Remove your Guard {_nm(d, c)} from play")
        for c in d.players[seat].in_play
        if d.card(c).type == "guard"
    ]


def _attack_label(d, cid, hidden, extras, src=""):
    text = f"Attack with {_nm(d, cid)}{src}"
    if extras:
        text += " + " + ", ".join(_nm(d, e) for e in extras)
    return text + (" face down (Hidden)" if hidden else "")


@plug_in("legal_actions")
def compute_legal(d) -> list[Action]:
    if d.phase == "over":
        return []
    if d.reaction:  # a reaction window: the other seat answers the card just played
        return rx.options(d, lambda type_, **kw: Action(type_, seat=d.reaction.seat, **kw))
    seat = d.active
    p = d.players[seat]

    def A(type_, **kw):
        return Action(type_, seat=seat, **kw)

    if d.owed:  # Prone (or MA-block) discards owed for a card just played
        want = d.owed[0]
        return [
            A("discard", card=c, purpose="owed", label=f"Discard {_nm(d, c)} (you owe a {want})")
            for c in cb.distinct_hand(d, seat, lambda x: x.type == want)
        ] or [A("pass", label="Nothing to discard")]
    out: list[Action] = []
    if d.phase == "sweep":
        if pz.must_declare(d, seat):
            return pz.declare_options(d, seat, A)
        if cb.hand_icons(d, seat) > 2:
            return fx.shed_options(d, seat, A)
        if p.must_do:
            return fx.must_do_options(d, seat, A)
        if not any(s.kind == "attack" for s in d.incoming) and "discard_defense" not in d.t_maydo:
            out += [
                A("discard_defense", card=c, label=f"Discard {_nm(d, c)} (your opponent did not attack)")
                for c in cb.distinct_hand(d, seat, lambda x: x.type in DEFENSE_TYPES)
            ]
        if p.disarmed and not p.broken and "recover" not in d.t_maydo:
            out.append(A("recover_weapon", label="Roll to recover your weapon (1 in 6)"))
        if p.prone and "feet" not in d.t_maydo:
            out.append(A("regain_feet", label="Roll to regain your feet (1 in 6)"))
            if not d.t_exerted:
                out.append(
                    A("regain_feet", purpose="exert", label="Exert, then roll to regain your feet (3 in 6)")
                )
        out.append(A("pass", label="End the sweep phase"))
        return out

    if d.phase == "defense":
        n = len(d.incoming)
        if d.exertion:
            for cid, j in cb.exertion_defense_options(d, seat):
                out.append(
                    A(
                        "choose",
                        card=cid,
                        target=j,
                        label=f"Take {_nm(d, cid)} from the Exertion against {_nm(d, d.incoming[j].card)}",
                    )
                )
            out.append(A("pass", label="Take no defense from the Exertion"))
            return out
        if d.ptr < n:
            j = d.ptr
            s = d.incoming[j]
            what = "the hidden attack" if s.hidden else _nm(d, s.card)
            for cid in cb.defense_options(d, seat, j):
                verb = "Dodge" if d.card(cid).type == "dodge" else "Block"
                out.append(A("defend", card=cid, target=j, label=f"{verb} {what} with {_nm(d, cid)}"))
            out.append(A("pass", label=f"Play no new defense against {what}"))
            if not d.t_exerted:
                out += _defense_exertions(d, seat, A)
            out += _guard_removal(d, seat, A)
        else:
            if not d.t_exerted and n:
                if any(not cb.covered(d, j) and not d.incoming[j].settled for j in range(n)):
                    out += _defense_exertions(d, seat, A)
                for cid in cb.power_block_options(d):
                    out.append(
                        A(
                            "exert",
                            purpose="power-block",
                            card=cid,
                            label=f"Exert to make {_nm(d, cid)} a Power Block",
                        )
                    )
            out.append(A("pass", label="End the defense phase"))
        out += _specials(d, seat, A)
        out += fx.defense_options(d, seat, A)
        out += fx.use_options(d, seat, A)
        return out

    if d.phase == "attack":
        if d.exertion:
            for cid in d.exertion:
                c = d.card(cid)
                if d.t_attacks >= 1 + d.t_extra or not at.attack_ok(d, seat, c, from_exertion=True):
                    continue
                for hidden, _ in at.attack_variants(d, seat, cid, from_exertion=True):
                    for pos in range(len(d.outgoing) + 1):
                        where = f" as attack {pos + 1}" if d.outgoing else ""
                        out.append(
                            A(
                                "choose",
                                card=cid,
                                hidden=hidden,
                                target=pos,
                                label=_attack_label(d, cid, hidden, (), " from the Exertion") + where,
                            )
                        )
            out.append(A("pass", label="Take no attack from the Exertion"))
            return out
        if not d.t_locked:
            if not d.t_trick and d.t_attacks == 0:
                out += [
                    A("trick", card=c, label=f"Play the Combat Trick {_nm(d, c)}")
                    for c in cb.distinct_hand(
                        d,
                        seat,
                        lambda x: (
                            x.type == "combat-trick"
                            and x.playable
                            and not x.has("unexpected")
                            and cb.icons_ok(d, seat, x)
                        ),
                    )
                    if cb.prone_ok(d, seat, (c,))
                ]
            if d.t_attacks < 1 + d.t_extra:
                for cid in cb.distinct_hand(d, seat, lambda x: at.attack_ok(d, seat, x)):
                    for hidden, extras in at.attack_variants(d, seat, cid):
                        out.append(
                            A(
                                "attack",
                                card=cid,
                                hidden=hidden,
                                extras=extras,
                                label=_attack_label(d, cid, hidden, extras),
                            )
                        )
            out += _specials(d, seat, A)
            out += _guard_removal(d, seat, A)
        out += fx.use_options(d, seat, A)
        if not d.t_exerted:
            for size in _exert_sizes(d, seat):
                sz = f" {size} cards" if size else ""
                if d.t_attacks < 1 + d.t_extra:
                    out.append(A("exert", purpose="attack", n=size, label=f"Exert{sz} for an attack"))
                out.append(A("exert", purpose="nothing", n=size, label=f"Exert{sz} for nothing"))
            if not d.t_power_blow:
                for j, s in enumerate(d.outgoing):
                    if at.can_power_blow(d, s):
                        what = f"attack {j + 1}" if s.hidden else _nm(d, s.card)
                        out.append(
                            A(
                                "exert",
                                purpose="power-blow",
                                target=j,
                                label=f"Exert to make {what} a Power Blow",
                            )
                        )
        if d.t_played or d.t_exerted:
            out.append(A("pass", label="End the attack phase"))
        return out

    if d.phase == "draw":
        if d.t_placing:
            return [
                A(
                    "place",
                    card=c,
                    target=pos,
                    label=f"Place the Unexpected {_nm(d, c)} as card {pos + 1} of this turn",
                )
                for c, pos in ux.placements(d, seat)
            ]
        if len(p.hand) > p.ability:
            return [
                A("discard", card=c, label=f"Discard {_nm(d, c)} (hand above Ability)")
                for c in cb.distinct_hand(d, seat, lambda x: True)
            ]
        room = min(p.ability - len(p.hand), len(p.endurance) + len(p.discard))
        return [
            A("draw", n=k, label=f"Draw {k} card{'s' if k != 1 else ''}" if k else "Draw no cards")
            for k in range(room, -1, -1)
        ]
    return []


# ---------------------------------------------------------------- apply


def _canonical(d, a: Action) -> Action:
    """Identical cards in hand are one choice: map an id to the first hand card of its key."""
    hand = d.players[d.to_move].hand
    first = {}
    for cid in hand:
        first.setdefault(d.cards[cid], cid)

    def canon(cid):
        return first[d.cards[cid]] if cid in hand else cid

    card = canon(a.card) if a.card is not None else None
    extras = tuple(canon(e) for e in a.extras)
    if card == a.card and extras == a.extras:
        return a
    return replace(a, card=card, extras=extras)


@plug_in("apply")
def apply_action(d, action: Action):
    if d.phase == "over":
        raise IllegalAction("The duel is over; no action can be taken.", "core/goal")
    if not isinstance(action, Action):
        raise IllegalAction("Not an Action.", "api")
    if action.seat is not None and action.seat != d.to_move:
        if d.reaction:
            raise IllegalAction(
                f"Player {d.to_move} is deciding whether to respond to the card Player {d.active} just "
                f"played [{rx.R_REACTION}].",
                rx.R_REACTION,
            )
        raise IllegalAction(
            f"It is Player {d.active}'s turn: \"you ordinarily never do anything during "
            f"your opponents' turn\" [{R_GOLDEN}].",
            R_GOLDEN,
        )
    act = action if action.seat is not None else replace(action, seat=d.to_move)
    legal = d._legal if d._legal is not None else compute_legal(d)
    if d._legal is None:
        d._legal = legal  # a cache only: not part of the value
    if _canonical(d, act) not in legal:
        message, rule = FRONT["explain"](d, act)
        raise IllegalAction(message, rule)
    new = d.clone()
    events: list = []
    do(new, act, events)
    settle(new, events)
    new.log = (new.log + tuple(events))[-LOG_KEEP:]
    new.__dict__.pop("_owned", None)
    return new, events


def settle(d, events):
    """Run steps that offer no choice (nothing to sweep, no attack to face, a full hand...)."""
    while d.phase != "over":
        if d.phase == "ability":
            ability_adjustment(d, events)
            continue
        acts = compute_legal(d)
        if len(acts) == 1 and acts[0].type in ("pass", "draw"):
            do(d, acts[0], events)
            continue
        d._legal = acts
        return
    d._legal = []


def do(d, a: Action, events):
    if d.reaction:
        w, countered = rx.respond(d, a, events)
        if w.trigger == "special" and not countered:
            _special_effects(d, d.active, w.card, None if w.target < 0 else w.target, events)
        return
    was_played = d.t_played
    _do(d, a, events)
    if not was_played and d.t_played:
        fx.arm_on_first_card(d)


def _do(d, a: Action, events):
    seat = d.active
    t = a.type
    if t == "discard":
        take_from_hand(d, seat, a.card)
        to_discard(d, seat, (a.card,), events)
        if d.owed:
            d.owed = d.owed[1:]
            rule = cb.R_PRONE
        elif d.phase == "sweep":
            fx.done_must_do(d, seat, "discard")
            rule = R_MUST_DO
        else:
            rule = R_DRAW
        d.emit(events, "discard", f"Player {seat} discards {_nm(d, a.card)}.", rule, seat, (a.card,))
    elif t == "pass":
        _pass(d, seat, events)
    elif t == "discard_defense":
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
    elif t == "recover_weapon":
        d.t_maydo = d.t_maydo + ("recover",)
        roll = d.roll(6)
        if roll == 1:
            d.edit(seat).disarmed = False
        d.emit(
            events,
            "roll",
            f"Player {seat} rolls {roll} to recover their weapon: "
            f"{'recovered' if roll == 1 else 'still Disarmed'}.",
            cb.R_DISARM,
            seat,
        )
    elif t == "regain_feet":
        d.t_maydo = d.t_maydo + ("feet",)
        chance = 1
        if a.purpose == "exert":
            cb.exert(d, seat, "regain-feet", None, events)
            cb.finish_exertion(d, seat, events)
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
    elif t == "defend":
        cb.play_defense(d, seat, a.card, a.target, events)
    elif t == "remove_guard":
        leave_play(d, seat, a.card, events)
        d.defenses = tuple(g for g in d.defenses if g.card != a.card)
        if d.phase == "defense" and not d.revealed:
            cb.advance_ptr(d, 0)
        d.emit(
            events,
            "guard",
            f"Player {seat} removes the Guard {_nm(d, a.card)} from play.",
            cb.R_GUARD,
            seat,
            (a.card,),
        )
    elif t == "exert":
        _exert(d, seat, a, events)
    elif t == "choose":
        if d.phase == "defense":
            cb.play_defense(d, seat, a.card, a.target, events, from_exertion=True)
            cb.finish_exertion(d, seat, events, used=(a.card,))
        else:
            at.play_attack(d, seat, a.card, a.hidden, (), events, from_exertion=True, position=a.target)
            cb.finish_exertion(d, seat, events, used=(a.card,))
            _react_to_attack(d, a.card)
    elif t == "trick":
        at.play_trick(d, seat, a.card, events)
    elif t == "attack":
        at.play_attack(d, seat, a.card, a.hidden, a.extras, events)
        _react_to_attack(d, a.card)
    elif t == "special":
        _special(d, seat, a.card, events)
        fx.arm_on_first_card(d)  # before the window: this may be the opponent's first card
        if not rx.maybe_open(d, "special", a.card, target=a.target):
            _special_effects(d, seat, a.card, a.target, events)
    elif t == "declare":
        pz.declare(d, seat, a.card, events)
    elif t in fx.ACTIONS:
        fx.do_action(d, a, events)
    elif t == "draw":
        ux.draw(d, seat, a.n, events)
        d.t_placing = bool(ux.placements(d, seat))
        if not d.t_placing:
            end_turn(d, events)
    elif t == "place":
        ux.place(d, seat, a.card, a.target, events)
        d.t_placing = bool(ux.placements(d, seat))
        if not d.t_placing:
            end_turn(d, events)
    else:
        raise IllegalAction(f"Unknown action type {t!r}.", "api")


def _pass(d, seat, events):
    if d.phase == "sweep":
        if d.players[seat].must_do:
            d.edit(seat).must_do = ()  # "take care of all of the 'Must Do' effects if possible"
        enter_defense(d, events)
    elif d.owed:
        d.owed = ()
    elif d.exertion:
        cb.finish_exertion(d, seat, events)
    elif d.phase == "defense":
        n = len(d.incoming)
        if d.ptr < n:
            s = d.incoming[d.ptr]
            d.emit(
                events,
                "no-defense",
                f"Player {seat} plays no new defense against "
                f"{'the hidden attack' if s.hidden else _nm(d, s.card)}.",
                cb.R_DEFENSE,
                seat,
            )
            cb.advance_ptr(d, d.ptr + 1)
            if d.ptr >= n:
                cb.reveal_hidden(d, events)
        else:
            cb.resolve_incoming(d, events)
            if d.phase != "over":
                enter_attack(d, events)
    elif d.phase == "attack":
        d.phase = "ability"


def _exert(d, seat, a, events):
    purpose = a.purpose
    if purpose == "defense":
        if d.ptr < len(d.incoming):
            d.ptr = len(d.incoming)
            cb.reveal_hidden(d, events)
        cb.exert(d, seat, "defense", a.n, events)
    elif purpose == "power-block":
        cb.make_power_block(d, seat, a.card, events)
    elif purpose == "attack":
        private = d.players[seat].hidden_right and d.t_attacks == 0
        cb.exert(d, seat, "attack", a.n, events, private=private)
    elif purpose == "nothing":
        cb.exert(d, seat, "nothing", a.n, events)
        d.emit(events, "exert-nothing", f"Player {seat} exerts for nothing.", cb.R_NOTHING, seat)
        cb.finish_exertion(d, seat, events)
    elif purpose == "power-blow":
        at.make_power_blow(d, seat, a.target, events)
        d.phase = "ability"  # "make an Exertion at the end of your Attack Phase"


def _react_to_attack(d, cid):
    """Open a reaction window on the attack just played, if the other seat can answer it."""
    fx.arm_on_first_card(d)  # this may be the opponent's first card: Discard to Use cards are ready
    index = next(j for j, s in enumerate(d.outgoing) if s.card == cid)
    rx.maybe_open(d, "attack", cid, index)


def _special(d, seat, cid, events):
    """Play a Special card: into play and counted; its effects follow (_special_effects), unless a
    reaction window opens first and the card is countered ("has no effect on play")."""
    c = d.card(cid)
    take_from_hand(d, seat, cid)
    cb.owe_prone(d, seat, (cid,))
    put_in_play(d, seat, cid)
    d.t_special = True
    d.t_played = True
    d.emit(events, "special", f"Player {seat} plays {c.name}.", cb.R_SPECIAL, seat, (cid,))


def _special_effects(d, seat, cid, target, events):
    c = d.card(cid)
    nullified = (
        fx.nullify_targets(d)[target]
        if target is not None and fx.nullifies(c) and target < len(fx.nullify_targets(d))
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
    fx.on_play(d, seat, cid, events)
    if target is not None and pz.activates_place(c):
        pz.activate(d, seat, d.players[seat].pregame[target], events)
    if nullified is not None:
        fx.nullify(d, seat, nullified, events)
