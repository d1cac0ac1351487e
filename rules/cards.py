"""Card definitions: loaded from TOML under rules/data/, keyed by slug.

A card is data: its type, grid, deck-building fields and a few keyword/effect
fields the engine understands.  Pools other than "highlander" can be
registered (tests use this for mechanisms no printed card in the documents
exercises, e.g. guards or disarming).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

DATA_DIR = Path(__file__).parent / "data"

# Types that are played before the game and never sit in the Endurance.
PREGAME_TYPES = frozenset({"persona", "faction-persona", "weapon", "pre-game", "martial-arts", "place"})
ATTACK_TYPES = frozenset({"attack", "special-attack"})
DEFENSE_TYPES = frozenset({"block", "dodge", "guard"})
BLOCK_TYPES = frozenset({"block", "guard"})
# "Events, Situations, Locations, and Objects are all considered Special Cards."
SPECIAL_TYPES = frozenset({"event", "situation", "location", "object"})
# Cards that stay in play through their owner's sweep phase.
STANDING_TYPES = frozenset({"guard", "situation", "location", "object"})
ALL_TYPES = PREGAME_TYPES | ATTACK_TYPES | DEFENSE_TYPES | SPECIAL_TYPES | {"edge", "combat-trick"}

_MASTER_WORD = re.compile(r"^master(?:'s|s)?$")


def slugify(name: str) -> str:
    """ASCII-fold, lower-case, collapse non-alphanumerics to '-', strip '-'."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")


def parse_grid(grid) -> str | None:
    """Accept 'X--/---/---', 'X--------' or a list of 9 cells; return 9 chars of 'X'/'-'."""
    if grid is None or grid == "":
        return None
    if isinstance(grid, (list, tuple)):
        cells = "".join("X" if c in (True, 1, "X", "x") else "-" for c in grid)
    else:
        cells = grid.replace("/", "").replace(" ", "")
    cells = cells.upper().replace("-", "-")
    if len(cells) != 9 or set(cells) - {"X", "-"}:
        raise ValueError(f"bad grid {grid!r}: need 9 cells of X or -")
    return cells


def grid_mask(cells: str | None) -> int:
    """Bit i set when cell i (row-major, top-left first) is covered."""
    if not cells:
        return 0
    return sum(1 << i for i, c in enumerate(cells) if c == "X")


AREA_NAMES = (
    "upper left",
    "upper center",
    "upper right",
    "middle left",
    "middle center",
    "middle right",
    "lower left",
    "lower center",
    "lower right",
)


def describe_mask(mask: int) -> str:
    return ", ".join(AREA_NAMES[i] for i in range(9) if mask >> i & 1) or "no area"


@dataclass(frozen=True, slots=True)
class CardDef:
    key: str
    title: str  # the title as the six-of-a-title rule counts it
    type: str
    text: str
    name: str = ""  # display name as printed (may include a persona, e.g. "Darius Combination")
    grid: str | None = None  # 9 chars, rows top to bottom
    restriction: int | None = None  # the Restriction Number, if any
    persona: str | None = None  # persona / faction sub-title (persona-specific card)
    weapon: str | None = None  # weapon sub-title (weapon-specific card)
    place: str | None = None  # place sub-title (place-specific card)
    reserved: bool = False
    signature: bool = False
    basic: bool = False  # one of the nine Basic Attacks / six Basic Blocks
    keywords: tuple = ()  # e.g. ("unblockable", "power-blow", "unexpected", "martial-arts")
    damage: int | None = None  # overrides the usual 2 for a successful attack
    hands: int = 0  # Hand Icons
    master_limit: int | None = None  # on personas: how many Master cards may be included
    members: tuple = ()  # on faction personas: the member personas
    counts_as: tuple = ()  # faction personas: extra sub-titles they may use; personas: their Factions
    conjunction: str | None = None  # edges/events: what they are played with
    on_success: tuple = ()  # effect primitives, each a tuple (name, arg)
    on_play: tuple = ()  # effect primitives applied when the card is played
    on_use: tuple = ()  # Discard to Use cards: effect primitives applied when discarded to use
    source: str = ""  # where the text comes from
    playable: bool = True  # False: deck checking refuses it, naming `unplayable_reason`
    unplayable_reason: str = ""  # why the engine cannot play it (shown to the deck builder)
    dual_with: str | None = None  # a Dual card's second Persona or Weapon sub-title
    mask: int = field(default=0, compare=False)
    is_master: bool = field(default=False, compare=False)  # computed from the title

    @property
    def pregame(self) -> bool:
        return self.type in PREGAME_TYPES

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_ally(self) -> bool:
        """'An Ally is any non-Pre Game card that depicts a character from the television series or
        movies, and has their name as the title of the card.' The data marks the character (keyword
        "ally"); a Pre-Game card is never an Ally."""
        return self.has("ally") and not self.pregame

    def to_json(self) -> dict:
        return {
            "key": self.key,
            "title": self.title,
            "name": self.name,
            "type": self.type,
            "text": self.text,
            "grid": self.grid,
            "restriction": self.restriction,
            "persona": self.persona,
            "weapon": self.weapon,
            "place": self.place,
            "reserved": self.reserved,
            "signature": self.signature,
            "basic": self.basic,
            "keywords": list(self.keywords),
            "damage": self.damage,
            "hands": self.hands,
            "master_limit": self.master_limit,
            "members": list(self.members),
            "counts_as": list(self.counts_as),
            "conjunction": self.conjunction,
            "on_success": [list(e) for e in self.on_success],
            "on_play": [list(e) for e in self.on_play],
            "on_use": [list(e) for e in self.on_use],
            "source": self.source,
            "playable": self.playable,
            "unplayable_reason": self.unplayable_reason,
            "dual_with": self.dual_with,
            "master": self.is_master,
        }


def make_card(entry: Mapping) -> CardDef:
    """Build a CardDef from one TOML table (also used by tests for their own pools)."""
    entry = dict(entry)
    title = entry.pop("title")
    name = entry.pop("name", None) or title
    key = entry.pop("key", None) or slugify(name)
    ctype = entry.pop("type")
    if ctype not in ALL_TYPES:
        raise ValueError(f"{key}: unknown card type {ctype!r}")
    grid = parse_grid(entry.pop("grid", None))
    on_success, on_play, on_use = (
        tuple((e["effect"], e.get("chance", e.get("amount", e.get("title", 0)))) for e in entry.pop(name, ()))
        for name in ("on_success", "on_play", "on_use")
    )
    for field_name in ("keywords", "members", "counts_as"):
        if field_name in entry:
            entry[field_name] = tuple(entry[field_name])
    # Card Groups: any card with the word Master in its title is a Master Card.
    master = any(_MASTER_WORD.match(w) for w in re.split(r"[\s:]+", title.lower()))
    return CardDef(
        key=key,
        title=title,
        name=name,
        type=ctype,
        grid=grid,
        on_success=on_success,
        on_play=on_play,
        on_use=on_use,
        mask=grid_mask(grid),
        is_master=master,
        **entry,
    )


_POOLS: dict[str, Mapping[str, CardDef]] = {}
POOL_VERSION = [0]


def register_pool(name: str, cards: Iterable[CardDef]) -> Mapping[str, CardDef]:
    pool: dict[str, CardDef] = {}
    for card in cards:
        if card.key in pool:
            raise ValueError(f"duplicate card key {card.key!r} in pool {name!r}")
        pool[card.key] = card
    _POOLS[name] = MappingProxyType(pool)
    POOL_VERSION[0] += 1  # deck checks cached against an older pool are stale
    return _POOLS[name]


def _load_highlander() -> Mapping[str, CardDef]:
    cards = []
    for path in sorted(DATA_DIR.glob("*.toml")):
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        cards.extend(make_card(entry) for entry in data.get("card", ()))
    return register_pool("highlander", cards)


def cardpool(name: str = "highlander") -> Mapping[str, CardDef]:
    """Card definitions keyed by card key (a slug)."""
    if name not in _POOLS:
        if name != "highlander":
            raise KeyError(f"unknown card pool {name!r}")
        _load_highlander()
    return _POOLS[name]
