"""Attacks, defenses, the 3x3 grid, exertions, power blows and resolving attacks."""

from __future__ import annotations

from typing import NamedTuple

from .cards import _POOLS, BLOCK_TYPES, DEFENSE_TYPES, describe_mask
from .personas import faction_ok, foreign_gridded_ok, power_cards
from .state import Guarding, Phase, Strike
from .triggers import effect, run
from .zones import leave_play, put_in_play, take_from_hand, take_top, to_discard

R_DEFENSE = "core/sequence-of-play/defense-phase"
R_MULTI_DEF = "core/advanced/multiple-defenses"
R_ATTACK = "core/sequence-of-play/attack-phase"
R_EXERT = "core/advanced/exertions"
R_POWER_BLOW = "core/exertions/power-blows"
R_POWER_BLOCK = "core/exertions/power-blocks"
R_SEARCH_ATT = "core/exertions/searching-for-an-attack"
R_SEARCH_DEF = "core/exertions/searching-for-a-defense"
R_NOTHING = "core/exertions/exerting-for-nothing"
R_HIDDEN = "core/advanced/hidden-attacks"
R_SUCCESS = "core/advanced/successful-attacks"
R_EARLY = "core/advanced/successful-attacks/declare-early"
R_HEAD_SHOT = "core/advanced/head-shots"
R_SPECIAL = "core/constructing/special-cards"
R_TRICK = "mle/combat-tricks"
R_GUARD = "core/advanced/guard"
R_PRONE = "core/advanced/prone"
R_DISARM = "core/advanced/disarming"
R_EDGE = "core/advanced/edge-cards"
R_MA = "mle/martial-arts"
R_CRACKER_BOB = "card/cracker-bob"


class Props(NamedTuple):
    mask: int
    special: bool
    unblockable: bool
    undodgeable: bool
    no_hand: bool
    damage: int
    ma: bool
    dirty: bool


_PROPS: dict = {}


def props(d, s: Strike) -> Props:
    """The effective properties of an attack or combat trick, with the cards played with it."""
    memo_key = (
        d.pool,
        d.cards[s.card],
        s.kind,
        s.power_blow,
        tuple(d.cards[e] for e in s.extras),
        s.ranged,
        s.technique,
    )
    got = _PROPS.get(memo_key)
    if got is not None:
        return got
    c = d.card(s.card)
    kws = set(c.keywords)
    for e in s.extras:
        kws.update(d.card(e).keywords)
    ma = "martial-arts" in kws
    dirty = "dirty-trick" in kws
    ranged = "ranged" in kws or s.ranged
    special = c.type == "special-attack" or ranged
    if s.technique == "chosen":  # Mysterious Technique: "the chosen attack cannot be blocked or dodged"
        kws.update(("unblockable", "undodgeable"))
    if s.kind == "trick" or dirty or (ma and c.damage is None):
        damage = 0
    elif s.power_blow:
        damage = 4
    elif s.ranged:
        damage = 1  # Nick Wolfe: "a one point damage Ranged Attack"
    else:
        damage = c.damage if c.damage is not None else 2
    got = Props(
        c.mask,
        special,
        "unblockable" in kws or ranged or dirty,
        "undodgeable" in kws,
        "no-hand-defense" in kws,
        damage,
        ma,
        dirty,
    )
    _PROPS[memo_key] = got
    return got


def can_defend(d, dcard, s: Strike, sp: Props, from_hand: bool) -> bool:
    """'If the colored area on your defense card covers the entire corresponding colored area
    on your opponents' attack, the defense is successful' -- within the attack's limits."""
    if dcard.mask & sp.mask != sp.mask:
        return False  # (an attack with no area, Mysterious Technique: every defense covers all of it)
    is_block = dcard.type in BLOCK_TYPES
    if is_block:
        vs_dirty = sp.dirty and dcard.has("blocks-dirty-tricks")  # "may be played against a Dirty Trick"
        if sp.unblockable and not vs_dirty:
            return False
        if (
            dcard.has("martial-arts") and not sp.ma and not vs_dirty
        ):  # "MA blocks will not block regular attacks."
            return False
    elif sp.undodgeable:
        return False
    return not (from_hand and sp.no_hand)


def governing(d, j: int):
    """The defense that answers strike j: the latest one played at or before j in the sequence
    ('As soon as you play a new defense, your previous defense will no longer help')."""
    best = None
    for g in d.defenses:
        if g.start <= j and (best is None or g.start >= best.start):
            best = g
    return best


def covered(d, j: int) -> bool:
    s = d.incoming[j]
    if s.hidden or s.settled:
        return False
    g = governing(d, j)
    if g is None:
        return False
    if g.start < j and d.card(g.card).type in BLOCK_TYPES and blocks_cover_one_attack(d):
        return False
    return can_defend(d, d.card(g.card), s, props(d, s), not g.from_exertion)


def blocks_cover_one_attack(d) -> bool:
    """Darius Combination: 'Blocks will not defend against consecutive attacks this turn.' -- while it
    is in play (until its owner's next sweep) a block answers only the attack it was played against."""
    return any(d.card(c).has("blocks-cover-one-attack") for c in d.players[1 - d.active].in_play)


def advance_ptr(d, start: int):
    """Move past strikes the current defense already covers (visible ones only)."""
    n = len(d.incoming)
    ptr = start
    while ptr < n and (d.incoming[ptr].settled or (not d.incoming[ptr].hidden and covered(d, ptr))):
        ptr += 1
    d.ptr = ptr


def has_ma_pregame(d, seat) -> bool:
    return any(d.card(c).type == "martial-arts" for c in d.players[seat].pregame)


def weapons(d, seat) -> set:
    p = d.players[seat]
    if p.disarmed:
        return set()
    return {d.card(c).weapon or d.card(c).title for c in p.pregame if d.card(c).type == "weapon"}


def weapon_ok(d, seat, c) -> bool:
    """A Weapon specific card needs its Weapon of Choice -- either Weapon a Dual card names."""
    if not c.weapon:
        return True
    held = weapons(d, seat)
    return c.weapon in held or (c.dual_with is not None and c.dual_with in held)


def hand_icons(d, seat) -> int:
    """Hand Icons among the cards a seat has in play (a Disarmed Weapon of Choice is out of play)."""
    p = d.players[seat]
    icons = sum(
        d.card(c).hands for c in p.pregame + p.in_play if d.card(c).type != "weapon" or not p.disarmed
    )
    if not any(d.card(c).type == "weapon" for c in p.pregame) and not p.disarmed:
        icons += 1  # no Weapon of Choice: "still considered to be using a one handed weapon"
    return icons


def free_hand(d, seat) -> bool:
    """'If you have only one or fewer Hand Icons in play, you are considered to have a free hand.'"""
    return hand_icons(d, seat) <= 1


def icons_ok(d, seat, c) -> bool:
    """'A card with a Hand Icon cannot be played if you already have two Hand Icons in play. You can
    never have more than two Hand Icons among any of the cards you have in play.'  (Also: a Faction
    player uses only the cards of the member Persona declared this turn.)"""
    return (
        (not c.hands or hand_icons(d, seat) + c.hands <= 2)
        and faction_ok(d, seat, c)
        and foreign_gridded_ok(d, seat, c)
    )


def prone_ok(d, seat, played) -> bool:
    """Prone: 'you must discard a card from your hand with the same Icon type as any card you play.'"""
    p = d.players[seat]
    if not p.prone:
        return True
    rest = list(p.hand)
    for cid in played:
        if cid in rest:
            rest.remove(cid)
    need: dict = {}
    for cid in played:
        t = d.card(cid).type
        need[t] = need.get(t, 0) + 1
    return all(sum(1 for c in rest if d.card(c).type == t) >= n for t, n in need.items())


def owe_prone(d, seat, played):
    if d.players[seat].prone:
        d.owed = d.owed + tuple(d.card(c).type for c in played)


_HAND_MEMO = ("_hand0", "_hand1")


def distinct_hand(d, seat, pred):
    """One card id per distinct key among hand cards matching pred (identical cards, one button)."""
    hand = d.players[seat].hand
    memo = d.__dict__.get(_HAND_MEMO[seat])
    if memo is None or memo[0] is not hand:  # hands are tuples: a new hand is a new object
        seen: dict = {}
        cards = d.cards
        for cid in hand:
            seen.setdefault(cards[cid], cid)
        pool = _POOLS[d.pool]
        memo = (hand, tuple((pool[key], cid) for key, cid in seen.items()))
        d.__dict__[_HAND_MEMO[seat]] = memo  # a cache only: not part of the state
    return [cid for card, cid in memo[1] if pred(card)]


# ---------------------------------------------------------------- defenses


def guard_in_play(d, seat) -> bool:
    return any(d.card(c).type == "guard" for c in d.players[seat].in_play)


def hand_defense_ok(d, seat, dcard) -> bool:
    p = d.players[seat]
    if dcard.type not in DEFENSE_TYPES or not dcard.playable:
        return False
    if dcard.type in BLOCK_TYPES and p.disarmed:
        return False
    if not weapon_ok(d, seat, dcard):
        return False
    if not icons_ok(d, seat, dcard):
        return False
    return not guard_in_play(
        d, seat
    )  # "You must remove your Guard from play in order to play a new defense."


def defense_options(d, seat, j):
    """Hand cards that may be played against strike j."""
    s = d.incoming[j]
    sp = None if s.hidden else props(d, s)
    out = []
    for cid in distinct_hand(d, seat, lambda c: hand_defense_ok(d, seat, c)):
        c = d.card(cid)
        if sp is not None and not can_defend(d, c, s, sp, True):
            continue
        extra_block = sp is not None and sp.ma and c.type in BLOCK_TYPES and not has_ma_pregame(d, seat)
        if not prone_ok(d, seat, (cid,)):
            continue
        if (
            extra_block
            and sum(1 for h in d.players[seat].hand if h != cid and d.card(h).type in BLOCK_TYPES) == 0
        ):
            continue
        out.append(cid)
    return out


def play_defense(d, seat, cid, j, events, from_exertion=False):
    c = d.card(cid)
    s = d.incoming[j]
    if not from_exertion:
        take_from_hand(d, seat, cid)
        owe_prone(d, seat, (cid,))
        if not s.hidden and props(d, s).ma and c.type in BLOCK_TYPES and not has_ma_pregame(d, seat):
            d.owed = d.owed + ("block",)  # "he must discard a block to play a block against a MA attack"
    put_in_play(d, seat, cid)
    d.defenses = d.defenses + (Guarding(cid, j, False, False, from_exertion),)
    d.t_played = True
    p = d.edit(seat)
    p.last_defense, p.last_defense_turn = cid, d.turn
    what = "a hidden attack" if s.hidden else d.name(s.card)
    src = " from the Exertion" if from_exertion else ""
    d.emit(
        events,
        "defend",
        f"Player {seat} plays {c.name}{src} against {what} (attack {j + 1}).",
        R_SEARCH_DEF if from_exertion else R_DEFENSE,
        seat,
        (cid,),
    )
    if c.type in BLOCK_TYPES:
        _block_costs_endurance(d, seat, events)
    if not from_exertion:
        advance_ptr(d, j + 1)
        if d.ptr >= len(d.incoming):
            reveal_hidden(d, events)


def _block_costs_endurance(d, seat, events):
    """Cracker Bob: 'If you do play a Special card, your opponent must discard the top card of his
    Endurance for each block he plays.' -- the blocks against the turn in which Bob played it."""
    bob = 1 - seat
    if d.players[bob].special_turn != d.turn - 1 or not persona_has(
        d, bob, "blocks-cost-endurance-after-special"
    ):
        return
    top = take_top(d, seat, 1, events)
    if top:
        to_discard(d, seat, top, events)
        d.emit(
            events,
            "discard",
            f"Player {seat} discards {d.name(top[0])} from the top of the Endurance for the block "
            f"(Player {bob} played a Special card last turn).",
            R_CRACKER_BOB,
            seat,
            top,
        )


def reveal_hidden(d, events):
    """'After they have played all of their defenses, reveal the attack.'"""
    if d.revealed:
        return
    d.revealed = True
    attacker = 1 - d.active
    if any(s.hidden for s in d.incoming):
        d.incoming = tuple(s._replace(hidden=False, was_hidden=True) if s.hidden else s for s in d.incoming)
        for s in d.incoming:
            if s.was_hidden:
                d.emit(
                    events,
                    "reveal",
                    f"Player {attacker} reveals the hidden attack: {d.name(s.card)} "
                    f"({describe_mask(d.card(s.card).mask)}).",
                    R_HIDDEN,
                    attacker,
                    (s.card,),
                )


def exertion_size(d, seat, n):
    return n if n in (3, 5) and persona_has(d, seat, "exertion-size-3-or-5") else 5


def persona_has(d, seat, keyword) -> bool:
    """A power of this seat's Persona (the declared member of a Faction) or active Place."""
    return any(d.card(c).has(keyword) for c in power_cards(d, seat))


def exert(d, seat, purpose, n, events, private=False):
    """'To make an Exertion, reveal the top 5 cards from your Endurance.'"""
    d.t_exerted = True
    d.t_locked = True
    cards = take_top(d, seat, exertion_size(d, seat, n), events)
    d.exertion = cards
    d.exert_purpose = purpose
    d.exert_private = private
    names = ", ".join(d.name(c) for c in cards) or "no cards"
    text = f"Player {seat} exerts ({purpose}) and reveals {len(cards)} card(s): {names}."
    if private:
        d.emit(
            events,
            "exert",
            f"Player {seat} exerts ({purpose}) and looks at {len(cards)} card(s): {names}.",
            R_SEARCH_ATT,
            seat,
            cards,
            private_to=seat,
            public_text=f"Player {seat} exerts ({purpose}) and looks at {len(cards)} card(s).",
        )
    else:
        d.emit(events, "exert", text, R_EXERT, seat, cards)
    return cards


def finish_exertion(d, seat, events, used=()):
    """'Any cards that you reveal and do not use are placed into your Discard Pile.'"""
    unused = tuple(c for c in d.exertion if c not in used)
    if unused:
        d.emit(
            events,
            "exert-discard",
            f"Player {seat} discards the unused exertion cards: {', '.join(d.name(c) for c in unused)}.",
            R_EXERT,
            seat,
            unused,
        )
    to_discard(d, seat, unused, events)
    d.exertion = ()
    d.exert_purpose = ""
    d.exert_private = False


def exertion_defense_options(d, seat):
    out = []
    if guard_in_play(d, seat):
        return out  # "You must remove your Guard from play in order to play a new defense."
    for cid in d.exertion:
        c = d.card(cid)
        if (
            c.type not in DEFENSE_TYPES
            or not c.playable
            or (c.type in BLOCK_TYPES and d.players[seat].disarmed)
        ):
            continue
        if not weapon_ok(d, seat, c) or not icons_ok(d, seat, c):
            continue
        for j, s in enumerate(d.incoming):
            if not s.settled and not covered(d, j) and can_defend(d, c, s, props(d, s), False):
                out.append((cid, j))
    return out


def power_block_options(d):
    """Blocks now answering a Power Blow that are not yet Power Blocks."""
    out = []
    for j, s in enumerate(d.incoming):
        g = governing(d, j)
        if (
            s.power_blow
            and g is not None
            and not g.power_block
            and covered(d, j)
            and d.card(g.card).type in BLOCK_TYPES
            and g.card not in out
        ):
            out.append(g.card)
    return out


def make_power_block(d, seat, cid, events):
    exert(d, seat, "power-block", None, events)
    finish_exertion(d, seat, events)
    d.defenses = tuple(g._replace(power_block=True) if g.card == cid else g for g in d.defenses)
    d.emit(
        events,
        "power-block",
        f"Player {seat} makes {d.name(cid)} a Power Block.",
        R_POWER_BLOCK,
        seat,
        (cid,),
    )


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
