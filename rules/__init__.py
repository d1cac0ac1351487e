"""Highlander: The Card Game -- a pure, deterministic rules engine (no Django).

import rules
pool = rules.cardpool("highlander")
problems = rules.check_deck(deck)
duel = rules.new_duel(deck_a, deck_b, seed=1234)
duel2, events = duel.apply(duel.legal_actions()[0])
"""

# The engine front and the explanations plug into Duel's methods as they are imported (state.FRONT).
from . import engine, explain, facts, view  # noqa: F401
from .actions import Action, Event
from .cards import CardDef, cardpool, register_pool, slugify
from .dealing import new_duel
from .deck import Deck, check_deck, starter_decks
from .errors import IllegalAction, IllegalDeck
from .state import Duel

__all__ = [
    "Action",
    "CardDef",
    "Deck",
    "Duel",
    "Event",
    "IllegalAction",
    "IllegalDeck",
    "cardpool",
    "check_deck",
    "new_duel",
    "register_pool",
    "slugify",
    "starter_decks",
    "bots",
]

from . import bots  # noqa: E402  (rules.bots.choose)
