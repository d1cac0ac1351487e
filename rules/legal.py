"""legal_actions(): what the player to move may do now, one function per phase (LEGAL_BY_PHASE)."""

from __future__ import annotations

from collections.abc import Callable

from . import attacks as at
from . import card_effects as ce
from . import combat as cb
from . import effects as fx
from . import exertions as ex
from . import personas as pz
from . import reactions as rx
from . import technique as mt
from . import under as un
from . import unexpected as ux
from .actions import Action
from .actions import ActionType as T
from .cards import DEFENSE_TYPES
from .state import Duel, Phase, Player, plug_in

# A(type, **fields): an Action for the seat to move (see compute_legal).
Make = Callable[..., Action]


def _nm(d: Duel, cid: str) -> str:
    return d.name(cid)


def _exert_sizes(d: Duel, seat: int) -> tuple:
    return (3, 5) if cb.persona_has(d, seat, "exertion-size-3-or-5") else (None,)


def _defense_exertions(d: Duel, seat: int, A: Make) -> list[Action]:
    """Exert for a defense, once per Exertion size the seat may choose -- not while a Guard is in
    play: 'You must remove your Guard from play in order to play a new defense.'"""
    if cb.guard_in_play(d, seat) or at.defense_exertion_forbidden(d):
        return []
    return [
        A(T.EXERT, purpose="defense", n=size, label=f"Exert{f' {size} cards' if size else ''} for a defense")
        for size in _exert_sizes(d, seat)
    ]


def _specials(d: Duel, seat: int, A: Make) -> list[Action]:
    if not at.special_allowed(d, seat) or d.t_locked:
        return []
    out = []
    for c in cb.distinct_hand(d, seat, lambda x: at.special_ok(d, seat, x)):
        if not cb.prone_ok(d, seat, (c,)):
            continue
        if pz.activates_place(d.card(c)) and pz.places(d, seat):
            for i, place in enumerate(d.players[seat].pregame):
                if place in pz.places(d, seat):
                    out.append(
                        A(T.SPECIAL, card=c, target=i, label=f"Play {_nm(d, c)}, activating {_nm(d, place)}")
                    )
        elif ce.nullifies(d.card(c)) and ce.nullify_targets(d):
            for i, tgt in enumerate(ce.nullify_targets(d)):
                out.append(
                    A(T.SPECIAL, card=c, target=i, label=f"Play {_nm(d, c)}, nullifying {_nm(d, tgt)}")
                )
        else:
            out.append(A(T.SPECIAL, card=c, label=f"Play {_nm(d, c)}"))
            out += un.entry_variants(d, seat, c, A, _exert_sizes(d, seat))  # Off Balance
    return out


def _guard_removal(d: Duel, seat: int, A: Make) -> list[Action]:
    return [
        A(T.REMOVE_GUARD, card=c, label=f"Remove your Guard {_nm(d, c)} from play")
        for c in d.players[seat].in_play
        if d.card(c).type == "guard"
    ]


def _attack_label(d: Duel, cid: str, hidden: bool, extras: tuple, src: str = "") -> str:
    text = f"Attack with {_nm(d, cid)}{src}"
    if extras:
        text += " + " + ", ".join(_nm(d, e) for e in extras)
    return text + (" face down (Hidden)" if hidden else "")


def _sweep(d: Duel, seat: int, p: Player, A: Make) -> list[Action]:
    if pz.must_declare(d, seat):
        return pz.declare_options(d, seat, A)
    if cb.hand_icons(d, seat) > 2:
        return fx.shed_options(d, seat, A)
    if p.must_do:
        return fx.must_do_options(d, seat, A)
    out = []
    out += fx.ignore_options(d, seat, A)  # the Ability an opponent's card makes you lose
    if not any(s.kind == "attack" for s in d.incoming) and "discard_defense" not in d.t_maydo:
        out += [
            A(T.DISCARD_DEFENSE, card=c, label=f"Discard {_nm(d, c)} (your opponent did not attack)")
            for c in cb.distinct_hand(d, seat, lambda x: x.type in DEFENSE_TYPES)
        ]
    if p.disarmed and not p.broken and "recover" not in d.t_maydo and pz.may_become_armed(d, seat):
        out.append(A(T.RECOVER_WEAPON, label="Roll to recover your weapon (1 in 6)"))
    if p.prone and "feet" not in d.t_maydo:
        out.append(A(T.REGAIN_FEET, label="Roll to regain your feet (1 in 6)"))
        if not d.t_exerted:
            out.append(
                A(T.REGAIN_FEET, purpose="exert", label="Exert, then roll to regain your feet (3 in 6)")
            )
    out += pz.peek_options(d, seat, A)
    out += un.retrieve_options(d, seat, A, _exert_sizes(d, seat))  # Off Balance
    if out and not d.t_exerted:  # "You may Exert in any phase of your turn", when the sweep stops anyway
        out += _useless_exertions(d, seat, A)
    out.append(A(T.PASS, label="End the sweep phase"))
    return out


def _defense(d: Duel, seat: int, p: Player, A: Make) -> list[Action]:
    n = len(d.incoming)
    out = []
    if d.exertion:
        for cid, j in ex.exertion_defense_options(d, seat):
            against = _nm(d, d.incoming[j].card)
            out.append(
                A(
                    T.CHOOSE,
                    card=cid,
                    target=j,
                    label=f"Take {_nm(d, cid)} from the Exertion against {against}",
                )
            )
        out.append(A(T.PASS, label="Take no defense from the Exertion"))
        return out
    if d.ptr < n:
        j = d.ptr
        s = d.incoming[j]
        what = "the hidden attack" if s.hidden else _nm(d, s.card)
        for cid in cb.defense_options(d, seat, j):
            verb = "Dodge" if d.card(cid).type == "dodge" else "Block"
            out.append(A(T.DEFEND, card=cid, target=j, label=f"{verb} {what} with {_nm(d, cid)}"))
        out.append(A(T.PASS, label=f"Play no new defense against {what}"))
        if not d.t_exerted:
            out += _defense_exertions(d, seat, A)
        out += _guard_removal(d, seat, A)
    else:
        if not d.t_exerted and n:
            if any(not cb.covered(d, j) and not d.incoming[j].settled for j in range(n)):
                out += _defense_exertions(d, seat, A)
            for cid in ex.power_block_options(d):
                out.append(
                    A(
                        T.EXERT,
                        purpose="power-block",
                        card=cid,
                        label=f"Exert to make {_nm(d, cid)} a Power Block",
                    )
                )
        out.append(A(T.PASS, label="End the defense phase"))
    out += _specials(d, seat, A)
    out += pz.borrow_options(d, seat, A)
    out += pz.peek_options(d, seat, A)
    out += fx.defense_options(d, seat, A)
    out += fx.use_options(d, seat, A)
    out += un.retrieve_options(d, seat, A, _exert_sizes(d, seat))
    facing = any(not s.settled for s in d.incoming)
    if d.ptr >= n and not d.t_exerted and (facing or len(out) > 1):
        # Offered when the phase has choices anyway (an attack to face, a card to play): a Defense Phase
        # with nothing to do still passes by itself, one decision less a turn.
        out += _useless_exertions(d, seat, A)
    return out


def _attacks_from_exertion(d: Duel, seat: int, A: Make) -> list[Action]:
    """An attack the Exertion found goes anywhere among the attacks, never before a Combat Trick:
    'You play any and all Combat Tricks first, then any and all attacks.'"""
    tricks = sum(1 for s in d.outgoing if s.kind == "trick")
    first = d.t_conjoined  # a Head Shot played before this Exertion: only an attack it may go with
    out = []
    for cid in d.exertion:
        c = d.card(cid)
        if not at.attack_room(d, seat, c) or not at.attack_ok(d, seat, c, from_exertion=True):
            continue
        if first and not at.fits_played_first(d, cid):
            continue
        for hidden, _ in at.attack_variants(d, seat, cid, from_exertion=True):
            for pos in range(tricks, len(d.outgoing) + 1):
                where = f" as attack {pos + 1}" if d.outgoing else ""
                label = _attack_label(d, cid, hidden, first, " from the Exertion") + where
                out.append(A(T.CHOOSE, card=cid, hidden=hidden, target=pos, extras=first, label=label))
    out.append(A(T.PASS, label="Take no attack from the Exertion"))
    return out


def _tricks(d: Duel, seat: int, A: Make) -> list[Action]:
    def playable_trick(x) -> bool:
        return x.type == "combat-trick" and x.playable and not x.has("unexpected") and cb.icons_ok(d, seat, x)

    return [
        A(T.TRICK, card=c, label=f"Play the Combat Trick {_nm(d, c)}")
        for c in cb.distinct_hand(d, seat, playable_trick)
        if cb.prone_ok(d, seat, (c,))
    ]


def _attack(d: Duel, seat: int, p: Player, A: Make) -> list[Action]:
    if d.exertion:
        return _attacks_from_exertion(d, seat, A)
    out = []
    if not d.t_locked:
        if not d.t_trick and d.t_attacks == 0:
            out += _tricks(d, seat, A)
        if at.attack_room(d, seat):
            spent = d.t_attacks >= 1 + d.t_extra  # only a Ramirez slash may still come
            for cid in cb.distinct_hand(
                d, seat, lambda x: at.attack_ok(d, seat, x) and (not spent or at.attack_room(d, seat, x))
            ):
                for hidden, extras in at.attack_variants(d, seat, cid):
                    label = _attack_label(d, cid, hidden, extras)
                    out.append(A(T.ATTACK, card=cid, hidden=hidden, extras=extras, label=label))
            out += at.ranged_options(d, seat, A)
            out += mt.options(d, seat, A, at.attack_ok, at.attack_room, at.kershner_for, at.technique_edges)
        out += at.edge_alone_options(d, seat, A)
        out += _specials(d, seat, A)
        out += pz.borrow_options(d, seat, A)
        out += pz.peek_options(d, seat, A)
        out += _guard_removal(d, seat, A)
    out += fx.use_options(d, seat, A)
    if not d.t_exerted:
        for size in _exert_sizes(d, seat):
            sz = f" {size} cards" if size else ""
            if at.attack_room(d, seat):
                out.append(A(T.EXERT, purpose="attack", n=size, label=f"Exert{sz} for an attack"))
                out += [
                    A(
                        T.EXERT,
                        purpose="attack",
                        n=size,
                        extras=(hs,),
                        label=f"Play {_nm(d, hs)}, then exert{sz} for an upper attack to play with it",
                    )
                    for hs in at.head_shot_cards(d, seat)
                ]
        if not d.t_power_blow:
            for j, s in enumerate(d.outgoing):
                if at.can_power_blow(d, s):
                    what = f"attack {j + 1}" if s.hidden else _nm(d, s.card)
                    out.append(
                        A(T.EXERT, purpose="power-blow", target=j, label=f"Exert to make {what} a Power Blow")
                    )
        out += _useless_exertions(d, seat, A)
        out += un.retrieve_options(d, seat, A, _exert_sizes(d, seat))
    out += _power_blows_without_exertion(d, seat, A)
    if d.t_played or d.t_exerted:
        out.append(A(T.PASS, label="End the attack phase"))
    return out


def _useless_exertions(d: Duel, seat: int, A: Make) -> list[Action]:
    """'Exerting for "Nothing" ... If you chose to make a "Useless Exertion" it must be made before the
    end of your Attack Phase' -- so in the Defense Phase too, where it leaves the attack phase's hand
    free ('you may no longer play cards from your hand during your current phase')."""
    return [
        A(T.EXERT, purpose="nothing", n=size, label=f"Exert{f' {size} cards' if size else ''} for nothing")
        for size in _exert_sizes(d, seat)
    ]


def _power_blows_without_exertion(d: Duel, seat: int, A: Make) -> list[Action]:
    """Cracker Bob, the Nail Studded Bat: a Power Blow without an Exertion (at.free_power_blow_card),
    still one a turn and only for an attack that may become one.  (Made at the end of the Attack Phase,
    as a Power Blow is: no Special after it.)"""
    if d.t_power_blow or at.free_power_blow_card(d, seat) is None:
        return []
    return [
        A(
            T.POWER_BLOW,
            target=j,
            label=f"Make {f'attack {j + 1}' if s.hidden else _nm(d, s.card)} a Power Blow without an Exertion",
        )
        for j, s in enumerate(d.outgoing)
        if at.can_power_blow(d, s)
    ]


def _draw(d: Duel, seat: int, p: Player, A: Make) -> list[Action]:
    if d.t_placing:
        return [
            A(
                T.PLACE,
                card=c,
                target=pos,
                label=f"Place the Unexpected {_nm(d, c)} as card {pos + 1} of this turn",
            )
            for c, pos in ux.placements(d, seat)
        ]
    if len(p.hand) > p.ability:
        return [
            A(T.DISCARD, card=c, label=f"Discard {_nm(d, c)} (hand above Ability)")
            for c in cb.distinct_hand(d, seat, lambda x: True)
        ]
    stop = A(T.DRAW, n=0, label="Stop drawing")
    if draw_room(d, seat) > 0:
        # "you may draw one card at a time, stopping at any point as long as you do not exceed your
        # Ability": each card is seen before the next is drawn.
        return [
            A(T.DRAW, n=1, label="Draw a card"),
            stop,
            *un.retrieve_options(d, seat, A, _exert_sizes(d, seat)),
        ]
    return [stop, *un.retrieve_options(d, seat, A, _exert_sizes(d, seat))]


def draw_room(d: Duel, seat: int) -> int:
    """How many more cards the seat may draw this phase: up to its Ability (a card drawn into play,
    an Unexpected one, counts as drawn) and no more than its Endurance and discard pile hold."""
    p = d.players[seat]
    return min(p.ability - len(p.hand) - d.t_drawn_into_play, len(p.endurance) + len(p.discard))


# The Ability Adjustment Phase offers no choice (engine.settle runs it); a finished duel offers none.
LEGAL_BY_PHASE: dict[Phase, Callable[[Duel, int, Player, Make], list[Action]]] = {
    Phase.SWEEP: _sweep,
    Phase.DEFENSE: _defense,
    Phase.ATTACK: _attack,
    Phase.DRAW: _draw,
}


@plug_in("legal_actions")
def compute_legal(d: Duel) -> list[Action]:
    if d.phase == Phase.OVER:
        return []
    if mt.is_choice(d):  # Mysterious Technique: the other seat chooses one of three face-down attacks
        return mt.choice_options(d, lambda type_, **kw: Action(type_, seat=d.reaction.seat, **kw))
    if d.reaction:  # a reaction window: the other seat answers the card just played
        return rx.options(d, lambda type_, **kw: Action(type_, seat=d.reaction.seat, **kw))
    seat = d.active

    def A(type_: str, **kw) -> Action:
        return Action(type_, seat=seat, **kw)

    if d.owed:  # Prone (or MA-block) discards owed for a card just played
        want = d.owed[0]
        return [
            A(T.DISCARD, card=c, purpose="owed", label=f"Discard {_nm(d, c)} (you owe a {want})")
            for c in cb.distinct_hand(d, seat, lambda x: x.type == want)
        ] or [A(T.PASS, label="Nothing to discard")]
    by_phase = LEGAL_BY_PHASE.get(d.phase)
    return by_phase(d, seat, d.players[seat], A) if by_phase else []
