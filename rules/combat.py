"""What an attack is and what answers it: the grid, an attack's properties with the cards played with
it, which defense governs which attack, Hand Icons and Prone, and playing defenses from the hand.

Exertions (and Power Blocks) are in rules/exertions.py; an attack becoming successful, and what a
successful attack does, in rules/success.py."""

from __future__ import annotations

from typing import NamedTuple

from .cards import _POOLS, BLOCK_TYPES, DEFENSE_TYPES, describe_mask
from .personas import faction_ok, foreign_gridded_ok, power_cards
from .state import Guarding, Strike
from .zones import put_in_play, take_from_hand, take_top, to_discard

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


def persona_has(d, seat, keyword) -> bool:
    """A power of this seat's Persona (the declared member of a Faction), active Place or Weapon of
    Choice in play (personas.power_cards)."""
    return any(d.card(c).has(keyword) for c in power_cards(d, seat))
