"""The effects cards have as they are played or used, by keyword (rules/triggers.py's `effect`):
a Special card's `on_play` effects and a Discard to Use card's `on_use` ones, each told who played
which card (`Played`); removing cards from the game (and, with a card that added cards to the
Endurance, the cards it added); losing Ability, which is not damage; and nullifying a card.

The actions that lead here (counter, use, resolve, ...) are in rules/effects.py.
"""

from __future__ import annotations

from .triggers import effect, run
from .zones import exhaust, has_left_play, remove_from

R_REMOVE = "core/advanced/removing-cards"
R_REMOVE_ADDED = "core/advanced/removing-cards/added-cards"
R_LOSS = "core/advanced/damage-vs-loss-of-ability"


class Played:
    """What an on_play / on_use effect knows: who played (or used) which card."""

    __slots__ = ("seat", "opponent", "cid", "card", "rule", "events")

    def __init__(self, d, seat, cid, events):
        self.seat, self.opponent, self.cid = seat, 1 - seat, cid
        self.card = d.card(cid)
        self.rule = f"card/{self.card.key}"
        self.events = events


def on_play(d, seat, cid, events):
    """The effects a Special card has when it is played."""
    run("on_play", d.card(cid), d, Played(d, seat, cid, events))


@effect("on_play", "opponent-must-discard")
def _opponent_must_discard(d, play: Played, amount):
    p = d.edit(play.opponent)
    p.must_do = p.must_do + ("discard",) * max(1, amount)
    d.emit(
        play.events,
        "effect",
        f"{play.card.name}: Player {play.opponent} must discard a card in their next sweep phase.",
        play.rule,
        play.seat,
        (play.cid,),
    )


@effect("on_play", "opponent-removes")
def _opponent_removes(d, play: Played, title):
    p = d.edit(play.opponent)
    p.must_do = p.must_do + (f"remove:{title}",)
    d.emit(
        play.events,
        "effect",
        f"{play.card.name}: Player {play.opponent} must remove a {title} from the game in their next sweep phase.",
        play.rule,
        play.seat,
        (play.cid,),
    )


@effect("on_play", "opponent-loses-ability")
def _opponent_loses_ability(d, play: Played, amount):
    d.edit(play.opponent).pending_loss += amount
    d.emit(
        play.events,
        "effect",
        f"{play.card.name}: Player {play.opponent} loses {amount} Ability at their next Ability Adjustment "
        f"(not damage).",
        R_LOSS,
        play.seat,
        (play.cid,),
    )


@effect("on_play", "extra-attack")
def _extra_attack_played(d, play: Played, amount):
    d.t_extra += max(1, amount)


@effect("on_use", "extra-attack")
def _extra_attack_used(d, use: Played, amount):
    d.t_extra += max(1, amount)
    d.emit(
        use.events,
        "effect",
        f"{use.card.name}: Player {use.seat} may make an extra attack.",
        use.rule,
        use.seat,
        (use.cid,),
    )


@effect("on_play", "nullify")
@effect("on_play", "activate-place")
def _applied_with_its_target(d, play: Played, _):
    """These need the target chosen with the card: the engine applies them after the effects
    without one (handlers.special_effects: nullify, personas.activate)."""


def remove_from_game(d, seat, title, events):
    """'If a card forces you to remove cards from the game, first search your discard pile, then
    your Endurance, then your hand, and finally cards you have in play to find the card that must
    be removed.'"""
    p = d.players[seat]
    strikes = {s.card for s in d.incoming + d.outgoing}
    for zone in ("discard", "endurance", "hand", "in_play"):
        found = [c for c in getattr(p, zone) if d.card(c).title == title and c not in strikes]
        if not found:
            continue
        cid = found[-1] if zone == "endurance" else found[0]  # the Endurance is searched from the top
        if zone == "in_play":
            p = d.edit(seat)
            p.in_play = remove_from(p.in_play, cid)
            has_left_play(d, cid, events)  # e.g. the cards under an Off Balance go back to the hand
        elif zone == "endurance":
            p = d.edit(seat)
            p.endurance = remove_from(p.endurance, cid)
            if not p.endurance:
                exhaust(d, seat, events)  # "otherwise taken from your Endurance, you Exhaust"
        else:
            p = d.edit(seat)
            setattr(p, zone, remove_from(getattr(p, zone), cid))
        p = d.edit(seat)
        p.removed = p.removed + (cid,)
        where = {
            "discard": "discard pile",
            "endurance": "Endurance",
            "hand": "hand",
            "in_play": "cards in play",
        }
        d.emit(
            events,
            "removed",
            f"Player {seat} removes {d.name(cid)} (from their {where[zone]}) from the game.",
            R_REMOVE,
            seat,
            (cid,),
        )
        remove_what_it_added(d, seat, cid, events)
        return cid
    d.emit(events, "removed", f"Player {seat} has no {title} to remove from the game.", R_REMOVE, seat)
    return None


@effect("on_play", "gains-ability")
def _gains_ability(d, play: Played, amount):
    d.edit(play.seat).pending_gain += amount
    d.emit(
        play.events,
        "effect",
        f"{play.card.name}: Player {play.seat} gains {amount} Ability at their Ability Adjustment.",
        play.rule,
        play.seat,
        (play.cid,),
    )


@effect("on_play", "add-to-endurance")
def _add_to_endurance(d, play: Played, title):
    """A card allowing you to add a card (of `title`, from outside the game) to your Endurance: it is
    shuffled in, and remembered with the card that added it."""
    key = next(k for k, c in d.defs().items() if c.title == title)
    cid = d.new_id()
    d.own_cards()[cid] = key
    p = d.edit(play.seat)
    p.endurance = d.shuffle(p.endurance + (cid,))
    p.added, p.added_by = p.added + (cid,), p.added_by + (play.cid,)
    d.emit(
        play.events,
        "effect",
        f"{play.card.name}: Player {play.seat} adds a {title} to their Endurance.",
        play.rule,
        play.seat,
        (play.cid,),
    )


def remove_what_it_added(d, seat, source, events):
    """'If a card allowing you to add cards to your Endurance is removed, the added card or cards must
    also be removed' -- from wherever they are now."""
    p = d.players[seat]
    added = [c for c, by in zip(p.added, p.added_by, strict=True) if by == source]
    if not added:
        return
    p = d.edit(seat)
    for cid in added:
        for zone in ("discard", "endurance", "hand", "in_play"):
            if cid in getattr(p, zone):
                setattr(p, zone, remove_from(getattr(p, zone), cid))
                p.removed = p.removed + (cid,)
                if zone == "in_play":
                    d.incoming = tuple(s for s in d.incoming if s.card != cid)
                    d.outgoing = tuple(s for s in d.outgoing if s.card != cid)
                if zone == "endurance" and not p.endurance:
                    exhaust(d, seat, events)
                    p = d.edit(seat)
                break
    keep = [(c, by) for c, by in zip(p.added, p.added_by, strict=True) if by != source]
    p.added, p.added_by = tuple(c for c, _ in keep), tuple(by for _, by in keep)
    d.emit(
        events,
        "removed",
        f"Player {seat} removes the {len(added)} card(s) {d.name(source)} added to their Endurance from the game.",
        R_REMOVE_ADDED,
        seat,
        tuple(c for c in added if c in p.removed),
    )


# ---------------------------------------------------------------- nullifying

R_NULLIFY = "core/advanced/ignoring-or-nullifying"


def nullifies(c) -> bool:
    return any(name == "nullify" for name, _ in c.on_play)


def nullify_targets(d) -> list:
    """Situations and Locations in play (either player's), in seat order."""
    return [c for p in d.players for c in p.in_play if d.card(c).type in ("situation", "location")]


def nullify(d, seat, cid, events):
    """'When you Nullify a card or its effects, the card has no effect on any card, player, rule or
    effect in the game.'  (This turn.)"""
    d.t_nullified = d.t_nullified + (cid,)
    d.emit(
        events,
        "nullify",
        f"Player {seat} nullifies {d.name(cid)} for the rest of the turn.",
        R_NULLIFY,
        seat,
        (cid,),
    )
