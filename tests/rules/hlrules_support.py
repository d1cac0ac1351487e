"""Helpers for the rules tests: build a duel at a chosen point, find actions by card key.

Also registers the "rules-test" card pool: every real card plus a few cards that exist only to
exercise mechanisms the documents describe but print no card for (guards, disarming, ranged
attacks, dirty tricks, martial arts, places, factions, must-do effects).
"""

from __future__ import annotations

import rules
from rules.cards import cardpool, make_card, register_pool
from rules.flow import enter_attack, enter_defense
from rules.position import ZONES, instance_names
from rules.state import Duel

TEST_CARDS = [
    dict(title="Test Guard", type="guard", grid="XXX/XX-/---", text="Guard (test card)."),
    dict(
        title="Test Taunt",
        type="event",
        text="Your opponent must discard a card.",
        on_play=[{"effect": "opponent-must-discard", "amount": 1}],
    ),
    dict(
        title="Test Disarming Strike",
        type="attack",
        grid="---/X--/---",
        text="If successful, disarm.",
        on_success=[{"effect": "disarm"}],
    ),
    dict(
        title="Test Shattering Strike",
        type="attack",
        grid="---/--X/---",
        text="If successful, break the weapon.",
        on_success=[{"effect": "break-weapon"}],
    ),
    dict(
        title="Test Dirty Trick",
        type="attack",
        grid="---/-X-/---",
        keywords=["dirty-trick"],
        text="Dirty Trick.",
    ),
    dict(
        title="Test Ranged Shot",
        type="special-attack",
        grid="X--/---/---",
        keywords=["ranged"],
        text="Ranged.",
    ),
    dict(title="Test Kung Fu", type="martial-arts", text="Martial Arts pre-game."),
    dict(
        title="Test MA Kick", type="attack", grid="---/---/X--", keywords=["martial-arts"], text="MA attack."
    ),
    dict(
        title="Test MA Block", type="block", grid="---/XX-/XX-", keywords=["martial-arts"], text="MA block."
    ),
    dict(
        title="Test City",
        type="place",
        keywords=["exertion-size-3-or-5"],
        text="Place: 3 or 5 card exertions.",
    ),
    dict(title="Test Harbor", type="place", text="Place."),
    dict(
        title="Test Transportation",
        type="event",
        on_play=[{"effect": "activate-place"}],
        text="Activate a Place of your choice from your pre-game slots.",
    ),
    dict(title="Test City Streets", type="location", place="Test City", text="Place-specific location."),
    dict(title="Test Field", type="location", text="Location."),
    dict(title="Test Ruins", type="location", text="Location."),
    dict(title="Test Persona", type="persona", persona="Test Persona", master_limit=1, text="Persona."),
    dict(title="Test Master Strike", type="attack", grid="X--/---/---", text="A Master card."),
    dict(
        title="Test Duncan",
        type="persona",
        persona="Duncan MacLeod",
        master_limit=2,
        keywords=["attack-blocked-areas"],
        text="Persona: you may attack areas you just blocked.",
    ),
    dict(
        title="Test Connor",
        type="persona",
        persona="Connor MacLeod",
        master_limit=2,
        keywords=["exertion-size-3-or-5"],
        text="Persona: 3 or 5 card exertions.",
    ),
    dict(title="Test Kurgan", type="persona", persona="The Kurgan", master_limit=2, text="Persona."),
    dict(
        title="Test Highlanders",
        type="faction-persona",
        persona="The Highlanders",
        master_limit=3,
        members=["Duncan MacLeod", "Connor MacLeod"],
        counts_as=["Clan MacLeod"],
        text="Faction.",
    ),
    dict(
        title="Test Duncan Slash",
        type="attack",
        grid="XX-/---/---",
        persona="Duncan MacLeod",
        text="Duncan card.",
    ),
    dict(
        title="Test Connor Sig",
        type="attack",
        grid="-XX/---/---",
        persona="Connor MacLeod",
        signature=True,
        text="Connor signature.",
    ),
    dict(
        title="Test Clan Sig",
        type="attack",
        grid="-X-/-X-/---",
        persona="Clan MacLeod",
        signature=True,
        text="Clan MacLeod signature.",
    ),
    dict(
        title="Test Kurgan Card", type="attack", grid="X--/X--/---", persona="The Kurgan", text="Kurgan card."
    ),
    dict(title="Test Claymore", type="weapon", weapon="Claymore", hands=2, text="Two-handed weapon."),
    dict(
        title="Test Extra Attack",
        type="situation",
        text="You may make an extra attack this turn.",
        on_play=[{"effect": "extra-attack", "amount": 1}],
    ),
    dict(title="Test Pistol", type="object", hands=1, text="Object with a Hand Icon."),
    dict(title="Test Shield", type="object", hands=1, text="Object with a Hand Icon."),
    dict(
        title="Test Lunge",
        type="edge",
        conjunction="thrust",
        keywords=["unblockable"],
        text="Play in conjunction with a Thrust. This attack is unblockable.",
    ),
    dict(
        title="Test Resolve",
        type="edge",
        keywords=["counters-must-do"],
        text="Counter a 'Must Do' effect on you.",
    ),
    dict(title="Test Disengage", type="edge", keywords=["counters-attack"], text="Counter an attack."),
    dict(
        title="Test Smoke Bomb",
        type="object",
        keywords=["discard-to-use"],
        on_use=[{"effect": "extra-attack", "amount": 1}],
        text="Discard this card from play to make an extra attack this turn.",
    ),
    dict(
        title="Test Armor",
        type="object",
        keywords=["prevents-1-damage"],
        text="Prevent 1 damage from each successful attack against you.",
    ),
    dict(
        title="Test Drain",
        type="event",
        on_play=[{"effect": "opponent-loses-ability", "amount": 1}],
        text="Your opponent loses 1 Ability.",
    ),
    dict(
        title="Test Banish",
        type="event",
        on_play=[{"effect": "opponent-removes", "title": "Thrust"}],
        text="Your opponent must remove a Thrust from the game.",
    ),
    dict(
        title="Test Exile",
        type="event",
        on_play=[{"effect": "opponent-removes", "title": "Test Guard"}],
        text="Your opponent must remove a Test Guard from the game.",
    ),
    dict(title="Test Ambush", type="situation", keywords=["unexpected"], text="Unexpected Situation."),
    dict(title="Test Quake", type="location", keywords=["unexpected"], text="Unexpected Location."),
    dict(
        title="Test Sudden Strike",
        type="attack",
        grid="--X/---/---",
        keywords=["unexpected"],
        text="Unexpected Attack.",
    ),
    dict(
        title="Test Sudden Feint",
        type="combat-trick",
        grid="---/---/--X",
        keywords=["unexpected"],
        text="Unexpected Combat Trick.",
    ),
    dict(
        title="Test Beach",
        type="location",
        keywords=["makes-unexpected:Test Trip"],
        text="All Test Trip cards are considered to be Unexpected.",
    ),
    dict(title="Test Trip", type="situation", text="Situation."),
    dict(
        title="Test Focus",
        type="event",
        on_play=[{"effect": "nullify"}],
        text="Nullify a Situation or Location in play this turn.",
    ),
    dict(
        title="Test Riposte",
        type="edge",
        keywords=["counters-attack-as-played"],
        text="Play this card when your opponent plays an attack to counter that attack.",
    ),
    dict(
        title="Test Dispel",
        type="edge",
        keywords=["counters-special-as-played"],
        text="Play this card when your opponent plays a Special card to counter that card.",
    ),
    dict(
        title="Test Caltrops",
        type="object",
        keywords=["discard-to-use"],
        on_use=[{"effect": "counter-attack"}],
        text="Discard this card from play to counter an attack as your opponent plays it.",
    ),
    dict(
        title="Test MA Dirty Block",
        type="block",
        grid="---/XX-/XX-",
        keywords=["martial-arts", "blocks-dirty-tricks"],
        text="MA block. May be played against a Dirty Trick.",
    ),
]

POOL = "rules-test"
register_pool(POOL, list(cardpool("highlander").values()) + [make_card(c) for c in TEST_CARDS])

FILLER = ["upper-left-attack", "thrust", "lower-right-block", "upper-center-block", "middle-left-attack"] * 8


def duel_at(
    phase="attack",
    active=0,
    hands=((), ()),
    endurance=None,
    discard=((), ()),
    in_play=((), ()),
    pregame=((), ()),
    ability=(15, 15),
    incoming=(),
    outgoing=(),
    pool=POOL,
    seed=7,
    turn=3,
    **attrs,
) -> Duel:
    """A duel in `phase` of seat `active`'s turn, set up from a position (rules/POSITIONS.md).
    incoming: [(key, {strike fields})] played by the other seat last turn; outgoing: strikes the
    active seat played this turn (their cards are put into play). Endurance lists are given top
    card first.  Other keyword arguments set Player fields of the active seat or, with a `t_`
    prefix, the turn's flags (t_exerted=True, ...)."""
    endurance = endurance or (FILLER, FILLER)
    players = [
        {
            "ability": ability[seat],
            "hand": list(hands[seat]),
            "endurance": list(endurance[seat]),
            "discard": list(discard[seat]),
            "in_play": list(in_play[seat]),
            "pregame": list(pregame[seat]),
        }
        for seat in (0, 1)
    ]
    placed = []  # (seat, index in in_play) of each strike card and of its extras, named below
    for owner, strikes in ((1 - active, incoming), (active, outgoing)):
        for key, fields in strikes:
            extras = list(fields.get("extras", ()))
            start = len(players[owner]["in_play"])
            players[owner]["in_play"] += [key, *extras]
            placed.append((owner, start, len(extras), fields))
    name = _namer(players)
    position = {
        "pool": pool,
        "seed": seed,
        "turn": turn,
        "active": active,
        "phase": phase,
        "players": players,
    }
    strikes = [
        {**fields, "card": name(owner, start), "extras": [name(owner, start + 1 + i) for i in range(n)]}
        for owner, start, n, fields in placed
    ]
    position["incoming"] = strikes[: len(incoming)]
    position["outgoing"] = strikes[len(incoming) :]
    for field, value in attrs.items():
        if field.startswith("t_"):
            position.setdefault("this_turn", {})[field[2:]] = value
        else:
            players[active][field] = value
    d = Duel.from_position(position)
    events = []
    if phase == "defense":
        enter_defense(d, events)
    elif phase == "attack":
        enter_attack(d, events)
    return d


def _namer(players):
    """name(seat, i): the position's name (key or key#n) for card i of a seat's in-play zone."""
    order = [
        (seat, zone, i) for seat in (0, 1) for zone in ZONES for i in range(len(players[seat].get(zone, ())))
    ]
    keys = [players[seat][zone][i] for seat, zone, i in order]
    names = dict(zip(order, instance_names(keys), strict=True))
    return lambda seat, i: names[(seat, "in_play", i)]


def ids(d, seat, zone, key):
    return [c for c in getattr(d.players[seat], zone) if d.cards[c] == key]


def cid(d, seat, zone, key):
    found = ids(d, seat, zone, key)
    assert found, f"no {key} in seat {seat}'s {zone}"
    return found[0]


def find(d, type_, key=None, **kw) -> rules.Action:
    """The legal action of this type (and card key, and fields) -- fails if none."""
    for a in d.legal_actions():
        if a.type != type_ or (key is not None and (a.card is None or d.cards[a.card] != key)):
            continue
        if all(getattr(a, k) == v for k, v in kw.items()):
            return a
    raise AssertionError(f"no legal {type_} {key} {kw}; legal: {[a.label for a in d.legal_actions()]}")


def has(d, type_, key=None, **kw) -> bool:
    try:
        find(d, type_, key, **kw)
        return True
    except AssertionError:
        return False


def step(d, type_, key=None, **kw):
    d2, events = d.apply(find(d, type_, key, **kw))
    return d2, events


def draw(d, n):
    """Draw n cards one at a time ("Draw a card" n times), then stop drawing if the phase goes on."""
    seat, events = d.to_move, []
    for _ in range(n):
        d, more = step(d, "draw", n=1)
        events += more
    if d.phase == "draw" and d.active == seat and has(d, "draw", n=0):
        d, more = step(d, "draw", n=0)
        events += more
    return d, events


def keys(d, seat, zone):
    return sorted(d.cards[c] for c in getattr(d.players[seat], zone))


def rules_of(events):
    return [e.rule for e in events]
