"""apply(): check an action against legal_actions() (rules/legal.py) and carry it out on a clone,
one handler per action type (rules/handlers.py's APPLY_BY_TYPE), then run the steps that offer no
choice (`settle`)."""

from __future__ import annotations

from dataclasses import replace

from . import card_effects as ce
from . import effects as fx
from . import handlers as hd
from . import reactions as rx
from . import technique as mt
from .actions import Action, Event
from .actions import ActionType as T
from .errors import IllegalAction
from .flow import ability_adjustment
from .legal import compute_legal
from .state import FRONT, LOG_KEEP, Duel, Phase, plug_in

R_GOLDEN = "core/sequence-of-play/golden-rule"


def _canonical(d: Duel, a: Action) -> Action:
    """Identical cards in hand are one choice: map an id to the first hand card of its key."""
    hand = d.players[d.to_move].hand
    first: dict = {}
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
def apply_action(d: Duel, action: Action) -> tuple[Duel, list[Event]]:
    if d.phase == Phase.OVER:
        raise IllegalAction("The duel is over; no action can be taken.", "core/goal")
    if not isinstance(action, Action):
        raise IllegalAction("Not an Action.", "api")
    if action.seat is not None and action.seat != d.to_move:
        if mt.is_choice(d):
            raise IllegalAction(
                f"Player {d.to_move} is choosing one of the three face-down attacks of Mysterious Technique "
                f"[{mt.R_TECHNIQUE}].",
                mt.R_TECHNIQUE,
            )
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
    if act.type == T.DRAW and (act.n or 0) > 1 and d.phase == Phase.DRAW and not d.reaction:
        return hd.draw_several(d, act)
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


def settle(d: Duel, events: list) -> None:
    """Run steps that offer no choice (nothing to sweep, no attack to face, a full hand...)."""
    while d.phase != Phase.OVER:
        if d.phase == Phase.ABILITY:
            ability_adjustment(d, events)
            continue
        acts = compute_legal(d)
        if len(acts) == 1 and acts[0].type in (T.PASS, T.DRAW):
            do(d, acts[0], events)
            continue
        d._legal = acts
        return
    d._legal = []


def do(d: Duel, a: Action, events: list) -> None:
    if mt.is_choice(d):
        mt.choose(d, a, events)
        return
    if d.reaction:
        w, countered = rx.respond(d, a, events)
        if w.trigger == "special" and not countered:
            hd.special_effects(d, d.active, w.card, None if w.target < 0 else w.target, events)
        elif w.trigger == "edge" and not countered:
            ce.on_play(d, d.active, w.card, events)
        return
    was_played = d.t_played
    handler = hd.APPLY_BY_TYPE.get(a.type)
    if handler is None:
        raise IllegalAction(f"Unknown action type {a.type!r}.", "api")
    handler(d, d.active, a, events)
    if not was_played and d.t_played:
        fx.arm_on_first_card(d)
