"""Attacks, combat tricks and power blows: what may be played in the attack phase."""

from __future__ import annotations

from .actions import ActionType as T
from .cards import ATTACK_TYPES, BLOCK_TYPES, SPECIAL_TYPES, describe_mask
from .combat import (
    R_ATTACK,
    R_EDGE,
    R_HEAD_SHOT,
    R_HIDDEN,
    R_POWER_BLOW,
    R_SEARCH_ATT,
    R_TRICK,
    distinct_hand,
    free_hand,
    icons_ok,
    owe_prone,
    persona_has,
    prone_ok,
    weapon_ok,
)
from .exertions import exert, finish_exertion
from .personas import power_cards, special_forbidden
from .state import Phase, Strike
from .under import one_in_play_ok
from .zones import put_in_play, take_from_hand, to_discard

R_NICK_WOLFE = "card/nick-wolfe"

UPPER_ROW = 0b000000111
R_CONJUNCTION_FIRST = "core/exertions/searching-for-an-attack/conjunction-first"


def restricted_mask(d, seat) -> int:
    """'You may only attack to an areas that the block does not cover' + standing Guards."""
    p = d.players[seat]
    mask = 0
    for cid in p.in_play:
        if d.card(cid).type == "guard":
            mask |= d.card(cid).mask
    if p.last_defense and p.last_defense_turn == d.turn and p.last_defense in p.in_play:
        last = d.card(p.last_defense)
        if last.type in BLOCK_TYPES and not persona_has(d, seat, "attack-blocked-areas"):
            mask |= last.mask
    return mask


def attack_ok(d, seat, c, from_exertion=False, technique=False) -> bool:
    if c.type not in ATTACK_TYPES or not c.playable or c.has("unexpected"):
        return False  # Unexpected attacks "may only enter play when drawn"
    if c.has("technique") and (not technique or from_exertion):
        return False  # Mysterious Technique is played face down with two attacks from the hand (technique.py)
    p = d.players[seat]
    special = c.type == "special-attack" or c.has("ranged")
    if from_exertion and special:
        return False  # "may not be pulled from an Exertion when searching for an attack"
    if p.disarmed and not (c.has("dirty-trick") or c.has("martial-arts")):
        return False
    if c.has("ranged") and not free_hand(d, seat):
        return False
    kershner = kershner_for(d, seat, c)
    if kershner is None or (kershner and from_exertion):
        return False  # played with a Hans Kershner from the hand, never from an Exertion
    if not icons_ok(d, seat, c):
        return False
    if c.has("head-shot") and (d.t_power_blow or not head_shot_allowed(d, seat, c)):
        return False  # a Head Shot by its Game Text: "The same rules ... also applies to these cards."
    return not (c.mask & restricted_mask(d, seat))


def _head_shot_maker_ok(d, x) -> bool:
    """A card that makes an upper attack a Head Shot: an Event uses the turn's Special card, an Edge
    does not ('Edge Cards are not Special Cards') but needs Edges allowed."""
    if x.conjunction != "upper-attack" or not x.playable:
        return False
    return edges_allowed(d, d.active) if x.type == "edge" else special_allowed(d, d.active)


def kershner_for(d, seat, c):
    """() when `c` needs no Hans Kershner; (card id,) of the one it is played with; None when it
    cannot be played.  "Hans Kershner must be played in conjunction with the weapon-specific card"
    of another Weapon of Choice; it is an Event, so only while a Special may still be played."""
    if weapon_ok(d, seat, c):
        return ()
    if not special_allowed(d, seat) or d.t_locked or d.players[seat].disarmed:
        return None
    found = distinct_hand(d, seat, lambda x: x.has("extra-weapon-card") and x.playable)
    return (found[0],) if found else None


def special_allowed(d, seat) -> bool:
    """A Special card (a Head Shot, a Hans Kershner played with an attack) may still be played -- not
    after Master's Chronicles discarded a Master card on 'If you do not play a Special card from your
    hand this turn' (effects.NO_SPECIAL_FROM_HAND)."""
    return not d.t_special and "no-special-from-hand" not in d.t_maydo and not special_forbidden(d, seat)


def is_slash(c) -> bool:
    return "Slash" in c.title.split()


def attack_room(d, seat, c=None) -> bool:
    """One attack a turn (plus extras cards give), and Ramirez: 'You may play an additional attack if
    that attack is a slash.'  `c` None: could some attack still be played (an Exertion may find a
    slash)?  The additional attack is the slash, whichever of the two came first."""
    base = 1 + d.t_extra
    if d.t_attacks < base:
        return True
    if d.t_attacks > base or not persona_has(d, seat, "extra-slash-attack"):
        return False
    if c is None or is_slash(c):
        return True
    return any(s.kind == "attack" and s.card in d.cards and is_slash(d.card(s.card)) for s in d.outgoing)


def defense_exertion_forbidden(d) -> bool:
    """Jin Ke High Kick: 'If this is the only attack you play during your turn, your opponent cannot
    make an Exertion for a defense during his next turn.'"""
    attacks = [s for s in d.incoming if s.kind == "attack"]
    return (
        len(attacks) == 1
        and attacks[0].card in d.cards
        and d.card(attacks[0].card).has("sole-attack-forbids-defense-exertion")
    )


def edge_alone_options(d, seat, A) -> list:
    """An Edge played on its own in the Attack Phase (Darius Combination: 'You may play an additional
    attack this turn. If you do not play a Special card this turn you may play this card.')"""
    alone = distinct_hand(d, seat, _played_alone)
    if not alone or d.t_locked or not edges_allowed(d, seat):
        return []
    return [
        A(T.EDGE, card=c, label=f"Play the Edge {d.name(c)}")
        for c in alone
        if icons_ok(d, seat, d.card(c))
        and not (d.card(c).has("only-without-special") and not special_allowed(d, seat))
        and prone_ok(d, seat, (c,))
    ]


def _played_alone(x) -> bool:
    return x.type == "edge" and x.playable and x.has("played-alone")


def play_edge_alone(d, seat, cid, events):
    take_from_hand(d, seat, cid)
    owe_prone(d, seat, (cid,))
    put_in_play(d, seat, cid)
    d.emit(events, "edge", f"Player {seat} plays the Edge {d.name(cid)}.", R_EDGE, seat, (cid,))


def head_shot_allowed(d, seat, card=None) -> bool:
    """Darius: 'You may not play any Head Shot unless your opponent has less than 2 Ability.'  The Nail
    Studded Bat: 'You may only make a Head Shot using a card with the sub-title Nail-Studded Bat.'
    `card` makes the Head Shot; None asks whether some Head Shot could be made."""
    if persona_has(d, seat, "head-shot-only-below-2-ability") and d.players[1 - seat].ability >= 2:
        return False
    return card is None or head_shot_weapon(d, seat, card) is None


def head_shot_weapon(d, seat, card):
    """The Weapon of Choice in play that forbids a Head Shot made with `card` (not one of its own
    cards), or None."""
    for w in power_cards(d, seat):
        if d.card(w).has("head-shot-only-with-its-cards") and card.weapon != d.card(w).weapon:
            return w
    return None


def free_power_blow_card(d, seat):
    """The card letting this seat make a Power Blow without an Exertion now, or None: the Nail Studded
    Bat ('You may make any attack a Power Blow without an Exertion.') or Cracker Bob ('If you do not
    play a Special card this turn, you may make a Power Blow without an Exertion.')."""
    for c in power_cards(d, seat):
        card = d.card(c)
        if card.has("power-blow-without-exertion") or (
            card.has("power-blow-without-exertion-if-no-special") and not d.t_special
        ):
            return c
    return None


def can_power_blow(d, s: Strike) -> bool:
    if (
        s.kind != "attack"
        or s.ranged  # a Ranged Attack is a Special Attack
        or s.settled  # a countered attack "has no effect on play"
        or s.technique  # Mysterious Technique: "none of them may be a Power Blow"
        or s.power_blow
    ):
        return False
    # Only now the card: a countered attack's card may have been reshuffled since, under a new id.
    c = d.card(s.card)
    return c.type == "attack" and not c.has("dirty-trick") and not c.has("martial-arts")


def edges_allowed(d, seat) -> bool:
    return not d.t_edges_locked and d.players[seat].no_edges_turn != d.turn and not trick_unresolved(d)


def trick_unresolved(d) -> bool:
    """Superior Tactics: 'No Edge card may be played until this Combat Trick has been resolved.' --
    for the defender too: the trick resolves at the end of their Defense Phase (or when declared
    successful early), and until then neither player may play an Edge."""
    return d.phase in (Phase.SWEEP, Phase.DEFENSE) and any(
        s.kind == "trick" and not s.settled and s.card in d.cards and d.card(s.card).has("locks-edges")
        for s in d.incoming
    )


def attack_variants(d, seat, cid, from_exertion=False):
    """(hidden, extras) combinations allowed for attack card cid."""
    c = d.card(cid)
    p = d.players[seat]
    special = c.type == "special-attack"
    hide = [False]
    if p.hidden_right and d.t_attacks == 0 and not special:
        hide.append(True)
    needs = () if from_exertion else kershner_for(d, seat, c) or ()
    extras = [needs]
    if not from_exertion:  # cards played with an attack come from the hand, before exerting
        if (
            not needs
            and not special
            and not d.t_power_blow
            and c.mask
            and c.mask & UPPER_ROW == c.mask
            and head_shot_allowed(d, seat)
            and can_power_blow(d, Strike(cid))
        ):
            for hs in distinct_hand(d, seat, lambda x: _head_shot_maker_ok(d, x)):
                if head_shot_allowed(d, seat, d.card(hs)):
                    extras.append((hs,))
        if edges_allowed(d, seat) and not d.t_twist and "Thrust" in c.title.split():
            for tw in distinct_hand(
                d,
                seat,
                lambda x: x.type == "edge" and x.conjunction == "thrust" and x.playable,
            ):
                with_kershner = kershner_for(d, seat, d.card(tw))
                if with_kershner is None or (with_kershner and needs):
                    continue  # one Hans Kershner, one Special card a turn
                if not special or d.card(tw).has("works-with-special"):
                    extras.append(needs + (tw,) + with_kershner)
    out = []
    for ex in extras:
        played = (() if from_exertion else (cid,)) + ex
        if not prone_ok(d, seat, played):
            continue
        for h in hide:
            out.append((h, ex))
    return out


def technique_edges(d, seat, cid) -> list:
    """Edges that may go with attack cid among Mysterious Technique's three, as with an ordinary attack
    (attack_variants): a Twist-like Edge with a Thrust, once a turn, never one needing a Hans Kershner
    nor one making a Power Blow ("none of them may be a Power Blow")."""
    c = d.card(cid)
    if c.type != "attack" or d.t_twist or "Thrust" not in c.title.split() or not edges_allowed(d, seat):
        return []
    return [
        tw
        for tw in distinct_hand(
            d,
            seat,
            lambda x: (
                x.type == "edge" and x.conjunction == "thrust" and x.playable and not x.has("power-blow")
            ),
        )
        if kershner_for(d, seat, d.card(tw)) == ()
    ]


def head_shot_cards(d, seat) -> list:
    """Head Shot-like cards in the hand that may be played now, before an Exertion for the upper attack
    to go with them: 'play the card first, then Exert for the attack to play with it.'"""
    if d.t_power_blow or d.t_locked or not head_shot_allowed(d, seat):
        return []
    return [
        hs
        for hs in distinct_hand(d, seat, lambda x: _head_shot_maker_ok(d, x))
        if prone_ok(d, seat, (hs,)) and head_shot_allowed(d, seat, d.card(hs))
    ]


def fits_played_first(d, cid) -> bool:
    """Whether attack cid may go with the Head Shot played before the Exertion: an upper attack that
    can become a Power Blow."""
    c = d.card(cid)
    return bool(c.mask) and c.mask & UPPER_ROW == c.mask and can_power_blow(d, Strike(cid))


def play_first(d, seat, cid, events):
    """Play a card that needs an attack before exerting for that attack (a Head Shot)."""
    take_from_hand(d, seat, cid)
    owe_prone(d, seat, (cid,))
    put_in_play(d, seat, cid)
    if d.card(cid).type in SPECIAL_TYPES:  # the Head Shot: Event; an Edge is not a Special card
        d.t_special = True
        d.t_played = True
    d.t_conjoined = d.t_conjoined + (cid,)
    d.emit(
        events,
        "play-first",
        f"Player {seat} plays {d.name(cid)}, then exerts for an upper attack to play with it.",
        R_CONJUNCTION_FIRST,
        seat,
        (cid,),
    )


def play_attack(
    d, seat, cid, hidden, extras, events, from_exertion=False, position=None, played_first=(), ranged=False
):
    """Play attack cid with `extras` from the hand; `played_first`: cards already in play that were
    played before the Exertion this attack comes from (a Head Shot)."""
    c = d.card(cid)
    if not from_exertion:
        take_from_hand(d, seat, cid)
    for e in extras:
        take_from_hand(d, seat, e)
    owe_prone(d, seat, ((cid,) if not from_exertion else ()) + tuple(extras))
    put_in_play(d, seat, cid)
    for e in extras:
        put_in_play(d, seat, e)
    extras = tuple(extras) + tuple(played_first)
    head_shot = c.has("head-shot") or any(d.card(e).conjunction == "upper-attack" for e in extras)
    pb = c.has("power-blow") or head_shot
    s = Strike(cid, "attack", hidden, pb, head_shot, extras, ranged=ranged)
    pos = len(d.outgoing) if position is None else position
    d.outgoing = d.outgoing[:pos] + (s,) + d.outgoing[pos:]
    d.t_attacks += 1
    d.t_played = True
    p = d.edit(seat)
    p.hidden_right = False  # the right covers only the next attack played
    for e in extras:
        ec = d.card(e)
        if ec.type in SPECIAL_TYPES:
            d.t_special = True  # a Head Shot or a Hans Kershner (Events); an Edge is not a Special card
        if ec.conjunction == "thrust":
            d.t_twist = True
    if pb:
        d.t_power_blow = True
        d.edit(1 - seat).hidden_right = True
    with_text = f" with {', '.join(d.name(e) for e in extras)}" if extras else ""
    src = " from the Exertion" if from_exertion else ""
    rule = R_HEAD_SHOT if head_shot else (R_SEARCH_ATT if from_exertion else R_ATTACK)
    if ranged:
        rule = R_NICK_WOLFE
    if hidden:
        d.emit(
            events,
            "attack",
            f"Player {seat} plays {c.name}{src} face down as a Hidden attack{with_text}.",
            R_HIDDEN,
            seat,
            (cid,) + tuple(extras),
            private_to=seat,
            public_text=f"Player {seat} plays a Hidden attack{src}{with_text if extras else ''}.",
        )
        if extras:  # cards played with a hidden attack are themselves face up
            d.emit(
                events,
                "attack-extras",
                f"Played with the hidden attack: {', '.join(d.name(e) for e in extras)}.",
                rule,
                seat,
                tuple(extras),
            )
    else:
        d.emit(
            events,
            "attack",
            f"Player {seat} attacks with {c.name}{src}{with_text} "
            f"({describe_mask(c.mask)}){' as a Power Blow' if pb else ''}"
            f"{' as a one point damage Ranged Attack' if ranged else ''}.",
            rule,
            seat,
            (cid,) + tuple(extras),
        )


def ranged_options(d, seat, A) -> list:
    """Nick Wolfe: 'You may once per turn designate a basic Attack in your hand to be a one point
    damage Ranged Attack. When played, it is played as a Ranged Attack with all conditions of a Ranged
    Attack. You must discard a Special Card from your hand in order to play this Ranged Attack. You may
    play this attack even if you are disarmed.'  (A Ranged Attack needs a free hand.)"""
    if "ranged" in d.t_maydo or not persona_has(d, seat, "ranged-basic-attack") or not free_hand(d, seat):
        return []
    restricted = restricted_mask(d, seat)
    basics = distinct_hand(
        d,
        seat,
        lambda x: (
            x.basic
            and x.type == "attack"
            and not (x.mask & restricted)
            and attack_room(d, seat, x)
            and icons_ok(d, seat, x)
        ),
    )
    specials = distinct_hand(d, seat, lambda x: x.type in SPECIAL_TYPES)
    return [
        A(
            T.RANGED,
            card=b,
            extras=(s,),
            label=f"Discard {d.name(s)} to attack with {d.name(b)} as a one point damage Ranged Attack",
        )
        for b in basics
        for s in specials
        if prone_ok(d, seat, (b,))
    ]


def play_ranged(d, seat, cid, special, events):
    take_from_hand(d, seat, special)
    to_discard(d, seat, (special,), events)
    d.t_maydo = d.t_maydo + ("ranged",)
    d.emit(
        events,
        "discard",
        f"Player {seat} discards {d.name(special)} to play a Ranged Attack.",
        R_NICK_WOLFE,
        seat,
        (special,),
    )
    play_attack(d, seat, cid, False, (), events, ranged=True)


def play_trick(d, seat, cid, events):
    c = d.card(cid)
    take_from_hand(d, seat, cid)
    owe_prone(d, seat, (cid,))
    put_in_play(d, seat, cid)
    d.outgoing = d.outgoing + (Strike(cid, "trick"),)
    d.t_trick = True
    d.t_played = True
    if c.has("locks-edges"):
        d.t_edges_locked = True
    d.emit(
        events,
        "trick",
        f"Player {seat} plays the Combat Trick {c.name} ({describe_mask(c.mask)}).",
        R_TRICK,
        seat,
        (cid,),
    )


def make_power_blow(d, seat, j, events, exert_for_it=True):
    rule = R_POWER_BLOW
    if exert_for_it:
        exert(d, seat, "power-blow", None, events)
        finish_exertion(d, seat, events)
    else:
        rule = f"card/{d.cards[free_power_blow_card(d, seat)]}"
    s = d.outgoing[j]
    d.outgoing = d.outgoing[:j] + (s._replace(power_blow=True),) + d.outgoing[j + 1 :]
    d.t_power_blow = True
    d.edit(1 - seat).hidden_right = True
    hidden = s.hidden
    d.emit(
        events,
        "power-blow",
        f"Player {seat} makes "
        f"{'attack ' + str(j + 1) if hidden else d.name(s.card)} a Power Blow (4 damage); the "
        f"opponent may make their next attack Hidden.",
        rule,
        seat,
        () if hidden else (s.card,),
    )


def special_ok(d, seat, c) -> bool:
    if c.type not in ("situation", "location", "object", "event") or not c.playable:
        return False
    if c.conjunction or c.has("unexpected"):
        return False  # played with another card / may only enter play when drawn
    if not icons_ok(d, seat, c) or not one_in_play_ok(d, seat, c):
        return False
    return weapon_ok(d, seat, c)
