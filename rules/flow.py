"""Moving through the Sequence of Play: the steps that start and end phases and turns."""

from __future__ import annotations

from .cards import STANDING_TYPES
from .combat import advance_ptr, reveal_hidden
from .effects import arm_discard_to_use
from .personas import return_unplayed
from .state import TURN_DEFAULTS, Guarding, Phase
from .unexpected import resolve_unexpected
from .zones import leave_play, restore_on_top

R_GOAL = "core/goal/zero-ability"
R_SWEEP = "core/sequence-of-play/sweep-phase"
R_ABILITY = "core/sequence-of-play/ability-adjustment"
R_TURN_LIMIT = "engine/turn-limit"
TURN_LIMIT = 1000  # a safety net: a duel this long is declared a draw


def start_turn(d, events):
    """'At the beginning of your next turn, you discard any cards still in play that normally
    do not remain in play.'"""
    seat = d.active
    d.phase = Phase.SWEEP
    swept = [c for c in d.players[seat].in_play if d.card(c).type not in STANDING_TYPES]
    for cid in swept:
        leave_play(d, seat, cid, events)
    if swept:
        d.emit(
            events,
            "sweep",
            f"Player {seat} sweeps {', '.join(d.name(c) for c in swept)}.",
            R_SWEEP,
            seat,
            tuple(swept),
        )


def enter_defense(d, events):
    d.phase = Phase.DEFENSE
    d.t_locked = False
    p = d.players[d.active]
    guards = [c for c in p.in_play if d.card(c).type == "guard"]
    # "You can leave it in play and block with it again next turn!"
    d.defenses = (Guarding(guards[-1], 0, False, True, False),) if guards else ()
    d.revealed = False
    advance_ptr(d, 0)
    if d.ptr >= len(d.incoming):
        reveal_hidden(d, events)


def enter_attack(d, events):
    """'When a player begins their Attack Phase at zero Ability, their opponent wins the game.'"""
    seat = d.active
    if d.players[seat].ability <= 0:
        d.winner, d.reason, d.phase = 1 - seat, "zero ability", Phase.OVER
        d.emit(
            events,
            "win",
            f"Player {seat} begins the Attack Phase at zero Ability: Player {1 - seat} wins.",
            R_GOAL,
            1 - seat,
        )
        return
    d.phase = Phase.ATTACK
    d.t_locked = False


MAXIMUM_ABILITY = 15  # "his starting Ability (also known as Maximum Ability)"
R_ABILITY_RAISED = "core/sequence-of-play/ability-adjustment/raise"


def ability_adjustment(d, events):
    """'If a card lowers your Ability, or you have pending damage, make that adjustment now.'"""
    seat = d.active
    restore_on_top(d, seat)  # before the draw: they are drawn, not held
    p = d.players[seat]
    loss = p.pending_damage + 5 * p.exhaustions + p.pending_loss
    if loss:
        p = d.edit(seat)
        parts = []
        if p.pending_damage:
            parts.append(f"{p.pending_damage} damage")
        if p.pending_loss:
            parts.append(f"{p.pending_loss} lost (not damage)")
        if p.exhaustions:
            parts.append(f"{5 * p.exhaustions} for exhaustion")
        rule = "core/exhaustion" if loss == 5 * p.exhaustions else R_ABILITY
        p.ability = max(0, p.ability - loss)
        p.pending_damage = 0
        p.pending_loss = 0
        p.exhaustions = 0
        d.emit(
            events,
            "ability",
            f"Player {seat} loses {loss} Ability ({', '.join(parts)}): now {p.ability}.",
            rule,
            seat,
        )
    if p.pending_gain:  # "If a card raises your Ability, make that adjustment now." (after any loss)
        p = d.edit(seat)
        gain, p.pending_gain = p.pending_gain, 0
        p.ability = min(MAXIMUM_ABILITY, p.ability + gain)
        d.emit(
            events, "ability", f"Player {seat} gains {gain} Ability: now {p.ability}.", R_ABILITY_RAISED, seat
        )
    d.phase = Phase.DRAW


def end_turn(d, events):
    seat = d.active
    # Before the Unexpected cards resolve: a Discard to Use card one of them puts into play (Unplanned
    # Situation) waits for the opponent's next card -- "Regardless of how a discard-to-use card enters
    # play, the opponent still gets a chance to play one card before you can discard it." (FAQ)
    arm_discard_to_use(d, seat)
    resolve_unexpected(d, events)
    if d.players[seat].borrowed:
        return_unplayed(d, seat, events)
    if d.t_special:
        d.edit(seat).special_turn = d.turn  # Cracker Bob's opponent pays for blocks next turn
    if d.players[seat].hidden_right:
        d.edit(seat).hidden_right = False  # the right lasts for one turn only
    d.incoming, d.outgoing = d.outgoing, ()
    d.defenses, d.ptr, d.revealed, d.owed = (), 0, False, ()
    d.__dict__.update(TURN_DEFAULTS)
    d.turn += 1
    d.active = 1 - seat
    if d.turn > TURN_LIMIT:
        d.winner, d.reason, d.phase = None, "turn limit", Phase.OVER
        d.emit(
            events, "draw-game", f"The duel reaches {TURN_LIMIT} turns and is declared a draw.", R_TURN_LIMIT
        )
        return
    start_turn(d, events)
