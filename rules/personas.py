"""Persona powers in play: MLE Faction Personas (declare a member each turn) and Places (face down
and inactive until a card activates one)."""

from __future__ import annotations

from .actions import ActionType as T
from .cards import SPECIAL_TYPES
from .zones import leave_play, remove_from, return_borrowed, take_from_hand, to_discard

R_FAITH = "card/faith"

R_FACTION = "mle/faction-personas/declare"
R_PLACE = "mle/places"


def faction(d, seat):
    """This seat's Faction Persona card id, if any."""
    for c in d.players[seat].pregame:
        if d.card(c).type == "faction-persona":
            return c
    return None


def members(d, seat) -> list:
    """The member Persona cards played with the Faction."""
    f = faction(d, seat)
    if f is None:
        return []
    names = set(d.card(f).members)
    return [c for c in d.players[seat].pregame if d.card(c).type == "persona" and d.card(c).persona in names]


def must_declare(d, seat) -> bool:
    """'you must declare at the beginning of each turn which Persona you will be using.'"""
    p = d.players[seat]
    return p.declared_turn != d.turn and bool(members(d, seat))


def declare_options(d, seat, A) -> list:
    return [
        A(T.DECLARE, card=c, label=f"Use {d.name(c)} this turn (Faction Persona)") for c in members(d, seat)
    ]


def declare(d, seat, cid, events):
    p = d.edit(seat)
    p.declared, p.declared_turn = cid, d.turn
    d.emit(
        events,
        "declare",
        f"Player {seat} declares {d.name(cid)} as the Persona they use this turn.",
        R_FACTION,
        seat,
        (cid,),
    )


_POWER_MEMO = ("_powers0", "_powers1")


def power_cards(d, seat):
    """Pre-game cards whose powers apply now: the Persona (for a Faction, the Faction and the member
    declared this turn), the active Place and the Weapon of Choice unless Disarmed (face down, out of
    play).  Asked for at almost every legal action, so the
    answer is kept in the duel's dict (a cache, not state, like combat.distinct_hand's) until the
    pre-game, the declared member or the active Place changes."""
    return _powers(d, seat)[0]


def combination_pregames(d, seat) -> tuple:
    """Combination Pre-Game cards played "as an additional PreGame in conjunction with a Persona
    Pre-Game card": their Persona text does not apply, only their Pre-Game text."""
    return _powers(d, seat)[1]


def _powers(d, seat) -> tuple:
    p = d.players[seat]
    memo = d.__dict__.get(_POWER_MEMO[seat])
    key = (p.declared, p.active_place, p.disarmed)
    if memo is not None and memo[0] is p.pregame and memo[1] == key:
        return memo[2]
    f = faction(d, seat)
    personas = [c for c in p.pregame if d.card(c).type == "persona"]
    combos = tuple(c for c in personas if d.card(c).has("combination-pre-game"))
    combos = combos if len(personas) > len(combos) else ()
    reminders = reminder_personas(d, seat) + combos
    out = []
    for c in p.pregame:
        t = d.card(c).type
        member = t == "persona" and (f is None or c == p.declared) and c not in reminders
        armed = t == "weapon" and not p.disarmed
        if member or armed or t == "faction-persona" or (t == "place" and c == p.active_place):
            out.append(c)
    got = (tuple(out), combos)
    d.__dict__[_POWER_MEMO[seat]] = (p.pregame, key, got)
    return got


def reminder_personas(d, seat) -> tuple:
    """Darius' two other Persona cards: "they serve only as a reminder of the Reserved cards you are
    using, and provide no other benefit"."""
    pre = d.players[seat].pregame
    if not any(d.card(c).has("reserved-from-two-personas") for c in pre):
        return ()
    return tuple(
        c for c in pre if d.card(c).type == "persona" and not d.card(c).has("reserved-from-two-personas")
    )


R_DARIUS = "card/darius"


def _darius(d, seat):
    """The Darius card whose power applies to this seat now, if any."""
    for c in power_cards(d, seat):
        if d.card(c).has("foreign-gridded-only-without-special"):
            return d.card(c)
    return None


def _foreign_gridded(c, darius) -> bool:
    return bool(c.mask) and c.persona is not None and c.persona != darius.persona


def foreign_gridded_ok(d, seat, c) -> bool:
    """Darius: 'You may only play a gridded card from another Persona if you choose not to play a
    Special.' -- not once this turn's Special is played."""
    if not c.mask or not c.persona:
        return True
    darius = _darius(d, seat)
    return darius is None or not _foreign_gridded(c, darius) or not (d.t_special and seat == d.active)


def special_forbidden(d, seat) -> bool:
    """... and no Special once such a gridded card was played this turn (attack, trick or defense)."""
    if seat != d.active:
        return False
    if any(
        d.card(c).has("only-without-special") for c in d.players[seat].in_play if d.card(c).type == "edge"
    ):
        return True  # an Edge played this turn on that condition (edges are swept at the next sweep)
    darius = _darius(d, seat)
    if darius is None:
        return False
    played = [s.card for s in d.outgoing] + [g.card for g in d.defenses if not g.standing]
    return any(c in d.cards and _foreign_gridded(d.card(c), darius) for c in played)


R_RAMIREZ_PG = "mle-clarifications/ramirez-pre-game"


def peek_options(d, seat, A) -> list:
    """Ramirez as a non-Persona Pre-Game: 'Once per turn, you may look at the top two cards or your
    deck. Until the end of your turn, if these cards still are on the top of your Endurance, you can
    play them as if they were in your hand.'"""
    if "peek" in d.t_maydo or not combination_pregames(d, seat) or not d.players[seat].endurance:
        return []
    return [A(T.PEEK, label="Look at the top two cards of your Endurance (Ramirez Pre-Game)")]


def peek(d, seat, events):
    """The two cards join the hand as if they were there (FAQ: 'Your top 2 cards are treated as
    being already in your hand and are not drawn'), remembered as `on_top`; zones.restore_on_top
    puts them back once they are no longer on top or the Attack Phase ends."""
    p = d.edit(seat)
    top = tuple(reversed(p.endurance[-2:]))
    p.endurance = p.endurance[: len(p.endurance) - len(top)]
    p.hand = p.hand + top
    p.on_top = top
    d.t_maydo = d.t_maydo + ("peek",)
    names = ", ".join(d.name(c) for c in top)
    d.emit(
        events,
        "peek",
        f"Player {seat} looks at the top {len(top)} cards of the Endurance ({names}) and may play them "
        f"this turn as if in the hand.",
        R_RAMIREZ_PG,
        seat,
        top,
        private_to=seat,
        public_text=f"Player {seat} looks at the top {len(top)} cards of the Endurance (Ramirez Pre-Game).",
    )


def start_unarmed(d, events):
    """Nick Wolfe: 'You must begin the game unarmed.'"""
    for seat in (0, 1):
        for c in power_cards(d, seat):
            if d.card(c).has("starts-unarmed"):
                d.edit(seat).disarmed = True
                d.emit(
                    events,
                    "effect",
                    f"Player {seat} begins the game unarmed.",
                    f"card/{d.cards[c]}",
                    seat,
                    (c,),
                )


def may_become_armed(d, seat) -> bool:
    """Nick Wolfe: 'You cannot become armed unless Learn Fast is in play.'"""
    if not any(d.card(c).has("starts-unarmed") for c in power_cards(d, seat)):
        return True
    return any(d.card(c).title == "Learn Fast" for p in d.players for c in p.in_play)


def borrow_options(d, seat, A) -> list:
    """Faith: 'Once per turn, you may discard a Special card from you hand to take any Reserved card
    in your opponent's discard pile. You may play that card this turn.'"""
    if d.t_locked or "borrow" in d.t_maydo:
        return []
    if not any(d.card(c).has("takes-reserved-from-opponent-discard") for c in power_cards(d, seat)):
        return []
    reserved = {}
    for c in d.players[1 - seat].discard:
        reserved.setdefault(d.cards[c], c)  # identical cards: one choice
    # FAQ: stealing an opponent's Martial Arts card -- "if you are using a MA PG in your deck, then yes you
    # can steal one of your opponents cards and use it. Otherwise, no you cannot."
    ma_pregame = any(d.card(c).type == "martial-arts" for c in d.players[seat].pregame)
    reserved = [
        c
        for c in reserved.values()
        if d.card(c).reserved and (ma_pregame or not d.card(c).has("martial-arts"))
    ]
    specials = {}
    for c in d.players[seat].hand:
        if d.card(c).type in SPECIAL_TYPES:
            specials.setdefault(d.cards[c], c)
    return [
        A(
            T.BORROW,
            card=r,
            extras=(s,),
            label=f"Discard {d.name(s)} to take {d.name(r)} from your opponent's discard pile",
        )
        for r in reserved
        for s in specials.values()
    ]


def borrow(d, seat, cid, special, events):
    """The card comes into the hand under a fresh id: ids in a hand are never shown to the opponent."""
    take_from_hand(d, seat, special)
    to_discard(d, seat, (special,), events)
    owner = d.edit(1 - seat)
    owner.discard = remove_from(owner.discard, cid)
    cards = d.own_cards()
    key = cards.pop(cid)
    fresh = d.new_id()
    cards[fresh] = key
    p = d.edit(seat)
    p.hand = p.hand + (fresh,)
    p.borrowed = p.borrowed + (fresh,)
    d.t_maydo = d.t_maydo + ("borrow",)
    d.emit(
        events,
        "borrow",
        f"Player {seat} discards {d.name(special)} and takes {d.name(fresh)} from Player {1 - seat}'s discard pile.",
        R_FAITH,
        seat,
        (special,),
    )


def return_unplayed(d, seat, events):
    """'... or if you do not play it this turn': borrowed cards still in the hand go back."""
    for cid in d.players[seat].borrowed:
        if cid in d.players[seat].hand:
            take_from_hand(d, seat, cid)
            return_borrowed(d, seat, cid)
            d.emit(
                events,
                "borrow",
                f"{d.name(cid)} was not played: it returns to Player {1 - seat}'s discard pile.",
                R_FAITH,
                seat,
                (cid,),
            )


def faction_ok(d, seat, c) -> bool:
    """A Faction player uses the cards of the member declared this turn (and the Faction's own)."""
    if not c.persona:
        return True
    f = faction(d, seat)
    if f is None:
        return True
    fc = d.card(f)
    if c.persona not in fc.members:
        return True  # the Faction's own (or Clan) cards
    p = d.players[seat]
    return bool(p.declared) and d.card(p.declared).persona in (c.persona, c.dual_with)  # a Dual card: either


# ---------------------------------------------------------------- places


def places(d, seat) -> list:
    return [c for c in d.players[seat].pregame if d.card(c).type == "place"]


def activates_place(c) -> bool:
    return any(name == "activate-place" for name, _ in c.on_play)


def activate(d, seat, place, events):
    """'When such a card is played, that person may activate a Place of their choice from their
    pre-game slots. That Place card is turned face up, and any previously active Place card is
    turned face down (and once again becomes inactive). Any cards already in play that are
    specific to the previously active Place are now discarded'"""
    p = d.players[seat]
    old = p.active_place
    p = d.edit(seat)
    p.active_place = place
    if place not in p.places_shown:
        p.places_shown = p.places_shown + (place,)  # once seen face up, the opponent knows it
    d.emit(
        events,
        "place",
        f"Player {seat} activates the Place {d.name(place)} (turned face up)"
        f"{f'; {d.name(old)} is turned face down' if old and old != place else ''}.",
        R_PLACE,
        seat,
        (place,),
    )
    if old and old != place:
        title = d.card(old).title
        for c in d.players[seat].in_play:
            if d.card(c).place == title:
                leave_play(d, seat, c, events)
                d.emit(
                    events,
                    "discard",
                    f"{d.name(c)} is discarded: its Place is no longer active.",
                    R_PLACE,
                    seat,
                    (c,),
                )


def hidden_places(d, seat) -> set:
    """Place cards `seat` may not identify: the opponent's face-down Places never yet activated."""
    p = d.players[1 - seat]
    return {c for c in p.pregame if d.card(c).type == "place" and c not in p.places_shown}
