"""Saved decks and the ready-made ones; a deck is checked by the rules package."""

from __future__ import annotations

from django.db.models import Q

import rules
from games.errors import DuelError
from games.models import SavedDeck


def deck_problems(pregame: list[str], endurance: list[str]) -> list[str]:
    return rules.check_deck(rules.Deck(pregame=tuple(pregame), endurance=tuple(endurance)))


def save_deck(owner, name: str, pregame: list[str], endurance: list[str]) -> SavedDeck:
    """Save a legal deck; an illegal one is refused with every problem the rules find."""
    name = name.strip()
    if not name:
        raise DuelError("A deck needs a name.")
    problems = deck_problems(pregame, endurance)
    if problems:
        raise DuelError("This deck is not legal: " + " ".join(problems))
    deck, _ = SavedDeck.objects.update_or_create(
        owner=owner, name=name, defaults={"pregame": pregame, "endurance": endurance}
    )
    return deck


def ensure_starter_decks() -> list[SavedDeck]:
    """The ready-made legal decks from the rules package, as saved decks anyone may use."""
    decks = []
    for deck in rules.starter_decks():
        name = deck.name.replace("-", " ").title()
        saved, _ = SavedDeck.objects.update_or_create(
            owner=None,
            name=name,
            defaults={"pregame": list(deck.pregame), "endurance": list(deck.endurance), "is_starter": True},
        )
        decks.append(saved)
    return decks


def starter_decks():
    """The ready-made decks. `load_bundled_data` saves them from the rules package on every start;
    pages only read them, saving them here just once if a database has none yet."""
    decks = SavedDeck.objects.filter(owner__isnull=True)
    if not decks.exists():
        ensure_starter_decks()
    return decks


def decks_to_offer(user) -> tuple[list[SavedDeck], list[SavedDeck]]:
    """(the player's own decks, the ready-made ones), each in the decks' order, read together in
    one statement: an accept form offers both."""
    both = list(SavedDeck.objects.filter(Q(owner=user) | Q(owner__isnull=True)))
    ready_made = [deck for deck in both if deck.owner_id is None]
    if not ready_made:
        ready_made = list(starter_decks())
    return [deck for deck in both if deck.owner_id is not None], ready_made


def usable_deck(user, deck_id) -> SavedDeck:
    try:
        if not 0 < int(deck_id) < 2**63:  # past bigint, PostgreSQL would raise rather than find none
            raise ValueError(deck_id)
        return SavedDeck.objects.get(Q(owner=user) | Q(owner__isnull=True), pk=deck_id)
    except (SavedDeck.DoesNotExist, ValueError, TypeError):
        raise DuelError("Choose one of your decks or a ready-made one.") from None
