"""The duel state: a value made of small records and tuples.

`apply` works on a clone: copying a Duel or a Player copies one attribute dict
(the zones are tuples and are shared until replaced), so a new state costs
little and the old one is never touched.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from . import position as _position
from . import rng as _rng
from .actions import Action, Event
from .cards import _POOLS, cardpool


class Phase(StrEnum):
    """The Sequence of Play, plus the end of the duel.  Values are the stored strings."""

    SWEEP = "sweep"
    DEFENSE = "defense"
    ATTACK = "attack"
    ABILITY = "ability"  # Ability Adjustment: no choice, the engine runs it
    DRAW = "draw"  # Draw/Discard
    OVER = "over"


LOG_KEEP = 16  # events kept in the state for view()["recent_events"]

# The engine front plugs in here as the package is imported: "legal_actions" and "apply"
# (rules/engine.py), "view" (rules/view.py), "public_facts" (rules/facts.py) and "explain"
# (rules/explain.py).  Duel's public methods call them, so this values layer imports nothing
# above it (tests/rules/test_rules_layers.py).
FRONT: dict = {}


def plug_in(name: str):
    """Decorator: make a function of a higher layer the implementation of FRONT[name]."""

    def register(fn):
        FRONT[name] = fn
        return fn

    return register


class Strike(NamedTuple):
    """An attack or combat trick played this turn / awaiting defense."""

    card: str
    kind: str = "attack"  # "attack" | "trick"
    hidden: bool = False  # face down and not yet revealed
    power_blow: bool = False
    head_shot: bool = False
    extras: tuple = ()  # edge / event ids played in conjunction
    was_hidden: bool = False
    settled: str = ""  # "" | "countered" | "successful" (declared successful early)
    ranged: bool = False  # a basic attack played as a Ranged Attack (Nick Wolfe)
    # Mysterious Technique (rules/technique.py): "face-down" until the opponent chooses, then "chosen"
    # (cannot be blocked or dodged) or "technique" (the Technique itself is the attack left)
    technique: str = ""


class Guarding(NamedTuple):
    """A defense in the sequence: it governs attacks from `start` until the next defense."""

    card: str
    start: int
    power_block: bool = False
    standing: bool = False  # a Guard left in play from an earlier turn
    from_exertion: bool = False


class Window(NamedTuple):
    """An open reaction window (rules/reactions.py): the other seat may answer a card just played."""

    seat: int  # the reacting seat (never the active one)
    trigger: str  # "attack" | "special"
    card: str  # the card played (an id; for a face-down attack never shown to `seat`)
    index: int = -1  # attack: its position among the active player's strikes this turn
    target: int = -1  # special: the target chosen with it (-1: none), applied if not countered


_PLAYER_FIELDS = (
    "ability",
    "hand",
    "endurance",
    "discard",
    "in_play",
    "pregame",
    "removed",
    "pending_damage",
    "exhaustions",
    "prone",
    "disarmed",
    "broken",
    "hidden_right",
    "last_defense",
    "last_defense_turn",
    "no_edges_turn",
    "must_do",
    "dtu_ready",
    "pending_loss",
    "declared",
    "declared_turn",
    "active_place",
    "places_shown",
    "borrowed",
    "added",
    "added_by",
    "pending_gain",
    "special_turn",
    "on_top",
    "under",
)


class Player:
    """One seat's zones and conditions.  Endurance top is the END of the tuple."""

    def __init__(self, **kw):
        self.ability = 15
        self.hand = ()
        self.endurance = ()
        self.discard = ()
        self.in_play = ()
        self.pregame = ()
        self.removed = ()
        self.pending_damage = 0
        self.exhaustions = 0  # exhaustions whose 5 Ability are still to be lost
        self.prone = False
        self.disarmed = False
        self.broken = False
        self.hidden_right = False  # may make the next attack this turn Hidden
        self.last_defense = ""
        self.last_defense_turn = 0
        self.no_edges_turn = 0  # may play no Edge cards in this turn
        self.must_do = ()  # 'Must Do' effects the opponent's cards left for the sweep
        self.dtu_ready = ()  # Discard to Use cards in play that may be used now
        self.pending_loss = 0  # Ability to lose (not damage) at the next Ability Adjustment
        self.declared = ""  # Faction Persona: the member Persona declared for this turn
        self.declared_turn = 0
        self.active_place = ""  # the Place turned face up (all start face down)
        self.places_shown = ()  # Places that have been face up (known to the opponent)
        self.borrowed = ()  # the opponent's cards this seat holds for now (Faith): they go back
        self.pending_gain = 0  # Ability a card raises at the next Ability Adjustment
        self.added = ()  # cards a card of this seat added to its Endurance from outside the game
        self.added_by = ()  # for each of `added`, the card that added it
        self.special_turn = 0  # the last turn in which this seat played a Special card (Cracker Bob)
        self.on_top = ()  # top Endurance cards held as if in the hand (Ramirez Pre-Game), top first
        self.under = ()  # this seat's cards kept under the opponent's Off Balance (rules/under.py)
        self.__dict__.update(kw)

    def clone(self) -> Player:
        new = Player.__new__(Player)
        new.__dict__ = self.__dict__.copy()
        return new

    def __eq__(self, other):
        return isinstance(other, Player) and self.__dict__ == other.__dict__

    def to_json(self) -> dict:
        out = {}
        for name in _PLAYER_FIELDS:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: dict) -> Player:
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


# Per-turn bookkeeping, reset at the start of every turn.
TURN_DEFAULTS = {
    "t_played": False,  # played a non-Edge card this turn
    "t_exerted": False,  # made this turn's Exertion
    "t_special": False,  # played this turn's Special card
    "t_trick": False,  # played this turn's Combat Trick
    "t_attacks": 0,  # attacks played this turn
    "t_extra": 0,  # extra attack opportunities gained
    "t_power_blow": False,
    "t_locked": False,  # exerted: no more cards from hand this phase
    "t_twist": False,  # played a Twist Of The Blade
    "t_edges_locked": False,  # a combat trick forbids Edge cards until resolved
    "t_maydo": (),  # may-do effects already used
    "t_nullified": (),  # cards in play nullified for the rest of this turn
    "t_placing": False,  # drew an Unexpected attack / combat trick: place it before the turn ends
    "t_conjoined": (),  # a card played first, waiting for the attack an Exertion finds to go with it
    "t_drawn_into_play": 0,  # cards drawn this draw phase that went into play (Unexpected): counted as drawn
    "t_entry_exertion": 0,  # the size of the Exertion declared with a card played "when it enters play" (0: none)
}

_DUEL_FIELDS = (
    "pool",
    "cards",
    "players",
    "turn",
    "active",
    "phase",
    "rng",
    "ids",
    "winner",
    "reason",
    "incoming",
    "defenses",
    "ptr",
    "revealed",
    "outgoing",
    "exertion",
    "exert_purpose",
    "exert_private",
    "owed",
    "pending_unexpected",
    "log",
    *TURN_DEFAULTS,
    "reaction",
)


class Duel:
    """A duel between seats 0 and 1.  Treat as immutable: use apply()."""

    def __init__(self):
        self.pool = "highlander"
        self.cards = {}  # instance id -> card key (every card in the duel)
        self.players = (Player(), Player())
        self.turn = 1
        self.active = 0
        self.phase = Phase.SWEEP
        # The deal stream (shuffles, dice) and the card-id stream: rules/rng.py. A version-1 duel
        # has no id stream (None) and names cards from `rng`.
        self.rng, self.ids = _rng.streams(0)
        self.winner: int | None = None
        self.reason = ""
        self.incoming = ()  # opponent's strikes the active player must face
        self.defenses = ()  # the active player's defenses this turn (Guarding)
        self.ptr = 0  # next incoming strike to answer from hand
        self.revealed = False  # hidden incoming strikes have been revealed
        self.outgoing = ()  # the active player's strikes this turn
        self.exertion = ()  # cards revealed by the exertion being resolved
        self.exert_purpose = ""
        self.exert_private = False  # only the exerting player has seen them so far
        self.owed = ()  # card types the active player still owes (Prone discards)
        self.pending_unexpected = ()  # unexpected cards put into play, effects pending
        self.log = ()
        self.__dict__.update(TURN_DEFAULTS)
        self.reaction = ()  # an open reaction window (a Window), or () -- rules/reactions.py
        self._legal = None

    # ---- value semantics -------------------------------------------------
    def clone(self) -> Duel:
        new = Duel.__new__(Duel)
        new.__dict__ = self.__dict__.copy()
        new._legal = None
        new.__dict__.pop("_owned", None)
        return new

    def __deepcopy__(self, memo):
        """A deep copy of the state and the legal-action cache, without the per-hand memos
        (combat.distinct_hand), so bench's deepcopy baseline measures what it always did."""
        import copy

        new = Duel.__new__(Duel)
        memo[id(self)] = new
        new.__dict__ = {
            k: copy.deepcopy(v, memo)
            for k, v in self.__dict__.items()
            if k not in ("_hand0", "_hand1", "_powers0", "_powers1")
        }
        return new

    def _state(self):
        return tuple(getattr(self, f) for f in _DUEL_FIELDS)

    def __eq__(self, other):
        return isinstance(other, Duel) and self._state() == other._state()

    def __hash__(self):
        return hash((self.turn, self.active, self.phase, self.rng))

    def to_json(self) -> dict:
        out = {}
        for name in _DUEL_FIELDS:
            value = getattr(self, name)
            if name == "players":
                value = [p.to_json() for p in value]
            elif name in ("incoming", "outgoing", "defenses"):
                value = [[list(x) if isinstance(x, tuple) else x for x in rec] for rec in value]
            elif name == "log":
                value = [e.to_json() for e in value]
            elif name == "cards":
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        out["rng"] = _rng.to_json(self.rng)
        out["ids"] = _rng.to_json(self.ids)
        return out

    @classmethod
    def from_json(cls, data: dict) -> Duel:
        d = cls()
        d.ids = None  # absent from a version-1 state: its ids come from `rng`
        for name in _DUEL_FIELDS:
            if name not in data:
                continue  # a state saved before the field existed: keep the default
            value = data[name]
            if name == "players":
                value = tuple(Player.from_json(p) for p in value)
            elif name in ("incoming", "outgoing"):
                value = tuple(Strike(*[tuple(x) if isinstance(x, list) else x for x in r]) for r in value)
            elif name == "defenses":
                value = tuple(Guarding(*r) for r in value)
            elif name == "log":
                value = tuple(Event.from_json(e) for e in value)
            elif name == "reaction":
                value = Window(*value) if value else ()
            elif name == "cards":
                value = dict(value)
            elif name in ("rng", "ids"):
                value = _rng.from_json(value)
            elif name == "phase":
                value = Phase(value)
            elif isinstance(value, list):
                value = tuple(value)
            setattr(d, name, value)
        cardpool(d.pool)  # make sure the pool is loaded
        return d

    # ---- positions (rules/position.py, rules/POSITIONS.md) -----------------
    @classmethod
    def from_position(cls, position: dict) -> Duel:
        """The duel a position describes: card keys in zones, no history.  Raises
        PositionError (a ValueError) naming the field at fault."""
        return cls.from_json(_position.from_position(position, Duel().to_json()))

    def position(self) -> dict:
        """This duel as a position: what the rules look at, with card keys instead of ids."""
        return _position.to_position(self.to_json(), Duel().to_json())

    # ---- the public API ----------------------------------------------------
    @property
    def rng_version(self) -> int:
        """2: keyed BLAKE2b streams; 1: splitmix64, for duels dealt before (rules/rng.py)."""
        return 1 if self.ids is None else 2

    @property
    def to_move(self) -> int:
        """The seat whose decision it is: the player whose turn it is (the golden rule), except
        while a reaction window is open, when it is the seat that may respond."""
        return self.reaction[0] if self.reaction else self.active

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = FRONT["legal_actions"](self)
        return list(self._legal)

    def apply(self, action: Action) -> tuple[Duel, list[Event]]:
        return FRONT["apply"](self, action)

    def view(self, seat: int) -> dict:
        return FRONT["view"](self, seat)

    def public_facts(self, seat: int):  # -> rules.facts.Facts (a layer above: not imported here)
        """A cheap, lazy subset of view(seat) for bots (rules/facts.py)."""
        return FRONT["public_facts"](self, seat)

    # ---- helpers used by the engine (on clones only) -----------------------
    def defs(self):
        return cardpool(self.pool)

    def card(self, cid: str):
        return _POOLS[self.pool][self.cards[cid]]

    def key(self, cid: str) -> str:
        return self.cards[cid]

    def name(self, cid: str) -> str:
        return _POOLS[self.pool][self.cards[cid]].name

    def roll(self, sides: int) -> int:
        """A die roll 1..sides from the duel's RNG."""
        value, self.rng = _rng.below(self.rng, sides)
        return value + 1

    def new_id(self) -> str:
        """A fresh card instance id from the id stream, which shares nothing with the deal."""
        while True:
            if self.ids is None:  # version 1
                value, self.rng = self.rng.next64()
            else:
                value, self.ids = self.ids.next64()
            cid = "c%010x" % (value >> 24)
            if cid not in self.cards:
                return cid

    def shuffle(self, items) -> tuple:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j, self.rng = _rng.below(self.rng, i + 1)
            items[i], items[j] = items[j], items[i]
        return tuple(items)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def edit(self, seat: int) -> Player:
        """A private copy of a seat's Player to change (copy-on-write within one apply)."""
        owned = self.__dict__.setdefault("_owned", set())
        if seat not in owned:
            players = list(self.players)
            players[seat] = players[seat].clone()
            self.players = tuple(players)
            owned.add(seat)
        return self.players[seat]

    def own_cards(self) -> dict:
        """A private copy of the instance map to change."""
        owned = self.__dict__.setdefault("_owned", set())
        if "cards" not in owned:
            self.cards = dict(self.cards)
            owned.add("cards")
        return self.cards

    def emit(
        self,
        events: list,
        kind: str,
        text: str,
        rule: str,
        seat=None,
        cards=(),
        private_to=None,
        public_text=None,
    ):
        ev = Event(
            kind,
            text,
            rule,
            seat,
            tuple((c, self.cards[c]) for c in cards),
            private_to,
            public_text,
            self.turn,
        )
        events.append(ev)
        return ev
