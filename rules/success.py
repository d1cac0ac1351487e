"""Successful attacks: "An attack becomes successful if your opponent did not play a defense ... or if
the attack does at least one damage. ... Any effects of a successful attack occur the moment the
attack becomes successful." -- resolving the attacks at the end of the Defense Phase (or one declared
successful early), damage, Head Shots, and the on_success effects the cards declare."""

from __future__ import annotations

from .cards import BLOCK_TYPES
from .combat import (
    R_DEFENSE,
    R_DISARM,
    R_EARLY,
    R_HEAD_SHOT,
    R_MULTI_DEF,
    R_POWER_BLOCK,
    R_SUCCESS,
    covered,
    governing,
    props,
)
from .state import Phase
from .triggers import effect, run
from .zones import leave_play


def resolve_incoming(d, events):
    """End of the Defense Phase: every attack not defended becomes successful."""
    for j, s in enumerate(d.incoming):
        if s.settled:
            continue  # countered, or already declared successful
        hit(d, j, events)
        if d.phase == Phase.OVER:
            return


def hit(d, j, events, early=False):
    """Strike j is defended or becomes successful now ('Any effects of a successful attack occur
    the moment the attack becomes successful')."""
    seat = d.active
    attacker = 1 - seat
    s = d.incoming[j]
    sp = props(d, s)
    g = governing(d, j)
    what = d.name(s.card)
    if covered(d, j):
        gcard = d.card(g.card)
        if s.power_blow and gcard.type in BLOCK_TYPES and not g.power_block:
            damage = 2
            d.emit(
                events,
                "hit",
                f"{gcard.name} blocks the Power Blow {what} without a Power Block: "
                f"Player {seat} takes 2 damage.",
                R_POWER_BLOCK,
                seat,
                (s.card, g.card),
            )
        else:
            d.emit(
                events,
                "defended",
                f"{gcard.name} {'avoids' if gcard.type == 'dodge' else 'blocks'} {what}.",
                R_MULTI_DEF if g.start < j else R_DEFENSE,
                seat,
                (s.card, g.card),
            )
            return
    else:
        damage = sp.damage
        how = (
            f"Player {seat} declares {what} successful"
            if early
            else f"{what} is successful against Player {seat}"
        )
        d.emit(
            events,
            "hit",
            f"{how}{f': {damage} damage' if damage else ''}.",
            R_EARLY if early else R_SUCCESS,
            attacker,
            (s.card,),
        )
    if s.head_shot:
        d.winner, d.reason, d.phase = attacker, "head shot", Phase.OVER
        d.emit(
            events,
            "head-shot",
            f"The Head Shot {what} is successful: Player {seat} loses the game and their head.",
            R_HEAD_SHOT,
            attacker,
            (s.card,),
        )
        return
    if damage:
        armor = [
            c
            for c in d.players[seat].in_play
            if d.card(c).has("prevents-1-damage") and c not in d.t_nullified
        ]
        if armor:
            damage = max(0, damage - len(armor))
            d.emit(
                events,
                "prevent",
                f"{', '.join(d.name(c) for c in armor)}: Player {seat} takes {damage} damage instead.",
                f"card/{d.cards[armor[0]]}",
                seat,
                tuple(armor),
            )
        d.edit(seat).pending_damage += damage
    on_success(d, attacker, seat, s, events)


class Success:
    """What an on_success effect knows: who hit whom with which card."""

    __slots__ = ("attacker", "defender", "strike", "card", "rule", "events", "knocked")

    def __init__(self, attacker, defender, strike, card, events):
        self.attacker, self.defender, self.strike, self.card = attacker, defender, strike, card
        self.rule = f"card/{card.key}"
        self.events = events
        self.knocked = False  # the last Prone roll came up


def on_success(d, attacker, defender, s, events):
    c = d.card(s.card)
    run("on_success", c, d, Success(attacker, defender, s, c, events))


@effect("on_success", "prone")
def _knock_prone(d, hit: Success, chance):
    roll = d.roll(6)
    hit.knocked = roll <= chance
    if hit.knocked:
        d.edit(hit.defender).prone = True
    d.emit(
        hit.events,
        "roll",
        f"{hit.card.name}: rolled {roll} (needs {chance} or less in 6): Player {hit.defender} "
        f"{'is knocked Prone' if hit.knocked else 'keeps their feet'}.",
        hit.rule,
        hit.attacker,
        (hit.strike.card,),
    )


@effect("on_success", "self-damage")
def _self_damage(d, hit: Success, amount):
    d.edit(hit.attacker).pending_damage += amount
    d.emit(
        hit.events,
        "effect",
        f"{hit.card.name}: Player {hit.attacker} takes {amount} damage.",
        hit.rule,
        hit.attacker,
        (hit.strike.card,),
    )


@effect("on_success", "self-damage-if-prone")
def _self_damage_if_prone(d, hit: Success, amount):
    """'a 3 in 6 chance your opponent becomes Prone and you take 2 damage': both or neither."""
    if hit.knocked:
        _self_damage(d, hit, amount)


@effect("on_success", "no-edges")
def _no_edges(d, hit: Success, _):
    d.edit(hit.defender).no_edges_turn = d.turn
    d.emit(
        hit.events,
        "effect",
        f"{hit.card.name}: Player {hit.defender} cannot play Edge cards this turn.",
        hit.rule,
        hit.attacker,
        (hit.strike.card,),
    )


@effect("on_success", "standing-defenses-lost")
def _standing_defenses_lost(d, hit: Success, _):
    """Jin Ke High Kick: 'If this attack is successful, both players lose all standing defenses.'"""
    for seat in (hit.attacker, hit.defender):
        for c in d.players[seat].in_play:
            if d.card(c).type == "guard":
                leave_play(d, seat, c, hit.events)
                d.defenses = tuple(g for g in d.defenses if g.card != c)
                d.emit(
                    hit.events,
                    "discard",
                    f"{d.name(c)} leaves play (a standing defense).",
                    hit.rule,
                    seat,
                    (c,),
                )


@effect("on_success", "disarm")
def _disarm(d, hit: Success, _):
    _disarm_defender(d, hit, broken=False)


@effect("on_success", "break-weapon")
def _break_weapon(d, hit: Success, _):
    _disarm_defender(d, hit, broken=True)


def _disarm_defender(d, hit: Success, broken: bool):
    p = d.edit(hit.defender)
    p.disarmed = True
    p.broken = p.broken or broken
    d.emit(
        hit.events,
        "effect",
        f"{hit.card.name}: Player {hit.defender} is "
        f"{'Disarmed: their weapon is broken' if broken else 'Disarmed'}.",
        R_DISARM,
        hit.attacker,
        (hit.strike.card,),
    )
