"""Starting a duel: check both decks, deal, roll for the first player, run the first steps."""

from __future__ import annotations

from . import rng as _rng
from .deck import Deck, check_deck
from .engine import settle
from .errors import IllegalDeck
from .flow import start_turn
from .personas import start_unarmed
from .state import LOG_KEEP, Duel, Player
from .unexpected import draw, resolve_unexpected

R_BEGIN = "core/beginning-the-game"
START_ABILITY = 15


def new_duel(deck_a: Deck, deck_b: Deck, seed: int = 0, rng_version: int = _rng.VERSION) -> Duel:
    """Shuffle, deal a hand of 15 each and roll for the first player.  Raises IllegalDeck.

    Every bit of `seed` keys the randomness: give it at least 128 secret random bits where the
    deal must stay secret. `rng_version` 1 only replays duels dealt before version 2."""
    for seat, deck in enumerate((deck_a, deck_b)):
        problems = check_deck(deck)
        if problems:
            raise IllegalDeck(problems, seat)
    if deck_a.pool != deck_b.pool:
        raise ValueError("both decks must come from the same card pool")
    d = Duel()
    d.pool = deck_a.pool
    d.rng, d.ids = _rng.streams(seed, rng_version)
    d.cards = {}
    d.__dict__["_owned"] = {0, 1, "cards"}
    players = []
    for deck in (deck_a, deck_b):
        ids = []
        for key in deck.pregame + deck.endurance:
            cid = d.new_id()  # random ids: an id says nothing about deck position
            d.cards[cid] = key
            ids.append(cid)
        n = len(deck.pregame)
        players.append(Player(ability=START_ABILITY, pregame=tuple(ids[:n]), endurance=d.shuffle(ids[n:])))
    d.players = tuple(players)
    events: list = []
    d.active = d.roll(6) % 2
    d.emit(
        events,
        "start",
        f"Both players shuffle and draw {START_ABILITY} cards; the die gives the first "
        f"turn to Player {d.active}.",
        R_BEGIN,
        d.active,
    )
    start_unarmed(d, events)
    for seat in (0, 1):
        draw(d, seat, START_ABILITY, events, setup=True)
    resolve_unexpected(d, events)
    start_turn(d, events)
    settle(d, events)
    d.log = tuple(events[-LOG_KEEP:])
    d.__dict__.pop("_owned", None)
    return d
