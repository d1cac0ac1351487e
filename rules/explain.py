"""Why an action is illegal: a readable message naming the rule it breaks."""

from __future__ import annotations

from . import attacks as at
from . import combat as cb
from .cards import ATTACK_TYPES, DEFENSE_TYPES, SPECIAL_TYPES
from .personas import must_declare
from .state import Phase, plug_in
from .technique import TRIGGER as TECHNIQUE
from .under import PURPOSE as OFF_BALANCE
from .under import R_OFF_BALANCE, one_in_play_ok
from .view import visible_ids

# The one answer for a card the player cannot see, whatever that card is (an opponent's card in
# hand or Endurance, a face-down attack, or no card at all): any other answer would tell them.
NOT_IN_HAND = "That card is not in your hand."

# rule id -> the rulebook sentence it stands for
SENTENCES = {
    "core/sequence-of-play": "Each turn runs Sweep, Defense, Attack, Ability Adjustment, Draw/Discard.",
    "core/sequence-of-play/defense-phase": "If there is no attack coming, you cannot play a defense, nor make "
    "an Exertion for one. ... cannot knowingly play an inappropriate defense.",
    "core/sequence-of-play/attack-phase": "During this phase you may normally only play one attack.",
    "core/sequence-of-play/attack-phase/last-block": "You may only attack to an areas that the block does not cover.",
    "core/constructing/special-cards": "You may only play one Special Card per turn, and only during your "
    "Defense or Attack Phases.",
    "core/advanced/exertions/one-per-turn": "You may only make one Exertion per turn.",
    "core/advanced/exertions/hand-locked": "After you make an Exertion, you may no longer play cards from your "
    "hand during your current phase.",
    "core/beginning-the-game/must-play": "During your turn, you must play at least one non-Edge card, or make "
    "an Exertion.",
    "core/sequence-of-play/draw-discard": "If you have more cards in your hand than your Ability, you must "
    "discard down to your Ability.",
    "mle/combat-tricks": "You may play one Combat Trick from your hand each turn, during your Attack Phase. "
    "You play any and all Combat Tricks first, then any and all attacks.",
    "core/advanced/power-blows": "You may only make one Power Blow per turn.",
    "core/advanced/guard": "You must remove your Guard from play in order to play a new defense.",
    "core/advanced/disarming": "If either occurs, you may not play attacks or blocks.",
    "core/advanced/prone": "If you are Prone, you must discard a card from your hand with the same Icon type "
    "as any card you play.",
    "core/advanced/special-attacks": "Special Attacks may not be Power Blows (including Head Shots), may not be "
    "Hidden, and may not be pulled from an Exertion when searching for an attack.",
    "core/advanced/hidden-attacks": "If you have the opportunity to play a Hidden Attack, you may play it face down.",
    "core/advanced/head-shots": "A Head Shot: Event Card is played in conjunction with an upper attack. ... Your "
    "attack must be able to become a Power Blow to be a Head Shot.",
    "core/sequence-of-play/sweep-phase": "If your opponent did not attack during his last turn you may discard one "
    "defense from your hand during this phase.",
    "core/sequence-of-play/sweep-phase/must-do": "'Must Do' effects ... are taken care of first.",
    "core/advanced/discard-to-use": "You may not use a Discard to Use Card the turn it is put into play. You may "
    "only discard it after your opponent has played their first card on their next turn.",
    "core/advanced/countering-cards": "If a card is countered, it is immediately discarded, and has no effect on "
    "play, but is still considered to have been played.",
    "core/advanced/successful-attacks/declare-early": "That player may declare an attack successful before the end "
    "of their Defense Phase, instead of waiting for the end of the Defense Phase.",
    "core/sequence-of-play/golden-rule/reactions": "A Golden Rule you must remember is that you ordinarily "
    "never do anything during your opponents' turn. (Ordinarily: a card that counters a card as it is "
    "played, or a Discard to Use card, answers the opponent's play.)",
    "mle/faction-personas/declare": "you must declare at the beginning of each turn which Persona you will be using.",
}


def _msg(rule, what):
    sentence = SENTENCES.get(rule)
    return (f"{what} [{rule}" + (f': "{sentence}"' if sentence else "") + "]", rule)


def _head_shot_weapon(d, seat, cards):
    """The Nail Studded Bat's message when one of `cards` would make a Head Shot it forbids, else None."""
    for c in cards:
        if c.has("head-shot") or c.conjunction == "upper-attack":
            w = at.head_shot_weapon(d, seat, c)
            if w is not None:
                return _msg(
                    f"card/{d.cards[w]}",
                    f"With {d.name(w)} you may only make a Head Shot with a card of its sub-title "
                    f"({d.card(w).weapon}); {c.name} is not one.",
                )
    return None


@plug_in("explain")
def explain(d, a):
    unseen = {a.card, *a.extras} - {None} - visible_ids(d, d.to_move)
    if unseen:
        return _msg("core/sequence-of-play", NOT_IN_HAND)
    if d.reaction and d.reaction.trigger == TECHNIQUE:
        return _msg(
            "card/mysterious-technique",
            f"Player {d.reaction.seat} chooses one of the three face-down attacks of Mysterious Technique.",
        )
    if d.reaction:
        return _msg(
            "core/sequence-of-play/golden-rule/reactions",
            f"Player {d.reaction.seat} may only respond to the card just played (a listed response) or "
            f"decline.",
        )
    seat = d.active
    p = d.players[seat]
    t = a.type
    phase = d.phase
    card = d.card(a.card) if a.card is not None and a.card in d.cards else None
    in_hand = a.card in p.hand if a.card else False
    if d.owed and t != "discard":
        return _msg(
            "core/advanced/prone", "You must first discard the card(s) you owe for playing while Prone."
        )
    if t in ("defend", "attack", "trick", "special", "discard_defense", "discard") and a.card and not in_hand:
        return _msg("core/sequence-of-play", f"{card.name} is not in your hand.")
    if t in ("defend", "attack", "trick", "special") and d.t_locked:
        return _msg("core/advanced/exertions/hand-locked", "You have exerted in this phase.")
    if t == "exert" and d.t_exerted:
        return _msg("core/advanced/exertions/one-per-turn", "You have already exerted this turn.")
    if t == "defend":
        if phase != Phase.DEFENSE:
            return _msg(
                "core/sequence-of-play/defense-phase",
                f"Defenses are played in the defense phase, not the {phase} phase.",
            )
        if not d.incoming:
            return _msg("core/sequence-of-play/defense-phase", "There is no attack coming.")
        if card.type not in DEFENSE_TYPES:
            return _msg("core/sequence-of-play/defense-phase", f"{card.name} is not a defense.")
        if any(d.card(c).type == "guard" for c in p.in_play):
            return _msg("core/advanced/guard", "You have a Guard in play.")
        if card.type in ("block", "guard") and p.disarmed:
            return _msg("core/advanced/disarming", "You are Disarmed.")
        if a.target != d.ptr:
            return _msg(
                "core/advanced/multiple-defenses",
                "Defenses from the hand are played against the attacks in the sequence they were played.",
            )
        if p.prone and not cb.prone_ok(d, seat, (a.card,)):
            return _msg("core/advanced/prone", f"You have no other {card.type} to discard.")
        return _msg(
            "core/sequence-of-play/defense-phase",
            f"{card.name} does not defend that attack "
            f"(its grid must cover every area of the attack, and the attack's text may forbid it).",
        )
    if t in ("attack", "trick"):
        if phase != Phase.ATTACK:
            return _msg(
                "core/sequence-of-play/attack-phase",
                f"Attacks are played in the attack phase, not the {phase} phase.",
            )
        if t == "trick":
            if card.type != "combat-trick":
                return _msg("mle/combat-tricks", f"{card.name} is not a Combat Trick.")
            return _msg("mle/combat-tricks", "Only one Combat Trick a turn, and before any attack.")
        if card.type not in ATTACK_TYPES:
            return _msg("core/sequence-of-play/attack-phase", f"{card.name} is not an attack.")
        if card.has("technique") and a.purpose != "technique":
            return _msg(
                "card/mysterious-technique", f"{card.name} is played face down along with two other attacks."
            )
        if d.t_attacks >= 1 + d.t_extra:
            return _msg(
                "core/sequence-of-play/attack-phase", "You have no attack opportunity left this turn."
            )
        if p.disarmed:
            return _msg("core/advanced/disarming", "You are Disarmed.")
        if card.mask & at.restricted_mask(d, seat):
            return _msg(
                "core/sequence-of-play/attack-phase/last-block",
                f"{card.name} aims at an area your last block (or Guard) covers.",
            )
        if a.hidden and card.type == "special-attack":
            return _msg("core/advanced/special-attacks", f"{card.name} is a Special Attack.")
        if a.hidden:
            return _msg(
                "core/advanced/hidden-attacks",
                "You have no right to a Hidden attack now (only the first "
                "attack of the turn after your opponent's Power Blow).",
            )
        forbidding = _head_shot_weapon(d, seat, (card, *(d.card(e) for e in a.extras if e in d.cards)))
        if forbidding:
            return forbidding
        if a.extras:
            return _msg(
                "core/advanced/head-shots", "That card cannot be played in conjunction with this attack."
            )
        return _msg("core/sequence-of-play/attack-phase", f"{card.name} cannot be played now.")
    if t == "special":
        if phase not in (Phase.DEFENSE, Phase.ATTACK):
            return _msg("core/constructing/special-cards", f"Not in the {phase} phase.")
        if card.type not in SPECIAL_TYPES:
            return _msg("core/constructing/special-cards", f"{card.name} is not a Special card.")
        if d.t_special:
            return _msg(
                "core/constructing/special-cards", "You have already played a Special card this turn."
            )
        if not one_in_play_ok(d, seat, card):
            return _msg(R_OFF_BALANCE, f"You may only have 1 {card.name} in play.")
        return _msg("core/constructing/special-cards", f"{card.name} cannot be played on its own now.")
    if t == "pass" and phase == Phase.ATTACK and not (d.t_played or d.t_exerted):
        return _msg(
            "core/beginning-the-game/must-play", "You have not played a non-Edge card or exerted this turn."
        )
    if t == "exert":
        forbidding = _head_shot_weapon(d, seat, tuple(d.card(e) for e in a.extras if e in d.cards))
        if forbidding:
            return forbidding
        if a.purpose == "defense" and not d.incoming:
            return _msg("core/sequence-of-play/defense-phase", "There is no attack coming.")
        if a.purpose == "power-blow" and d.t_power_blow:
            return _msg("core/advanced/power-blows", "You have already made a Power Blow this turn.")
        if a.purpose == "power-blow":
            return _msg("core/advanced/special-attacks", "That attack cannot become a Power Blow.")
        if a.purpose == OFF_BALANCE:
            return _msg(
                R_OFF_BALANCE,
                "Only in your turn, against an Off Balance your opponent has in play, and with the turn's one "
                "Exertion.",
            )
    if t == "draw":
        if phase != Phase.DRAW:
            return _msg(
                "core/sequence-of-play/draw-discard",
                "You may normally draw cards only during the draw phase.",
            )
        return _msg("core/sequence-of-play/draw-discard", "You may not draw above your Ability.")
    if t == "discard_defense":
        return _msg(
            "core/sequence-of-play/sweep-phase",
            "Only in the sweep phase, once, when the opponent did not attack.",
        )
    if phase == Phase.SWEEP and t != "declare" and must_declare(d, seat):
        return _msg("mle/faction-personas/declare", "Declare which member Persona you use this turn first.")
    if t == "use":
        return _msg(
            "core/advanced/discard-to-use", f"{card.name if card else 'That card'} cannot be used now."
        )
    if t == "counter":
        return _msg("core/advanced/countering-cards", "That card cannot counter that now.")
    if t == "declare_success":
        return _msg(
            "core/advanced/successful-attacks/declare-early",
            "Only an attack not yet defended or settled, before the end of your Defense Phase.",
        )
    if p.must_do and phase == Phase.SWEEP and t != "discard":
        return _msg("core/sequence-of-play/sweep-phase/must-do", "A 'Must Do' effect is waiting.")
    return _msg("core/sequence-of-play", f"'{t}' is not a legal action in the {phase} phase now.")
