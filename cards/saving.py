"""Saving a card's own fields (admin, import, API, an errata revert) with what derives from them:
``is_special`` from its type, and, when the card is new or renamed, the knowledge-base entries that
name it. Below cards.errata and cards.services, which both save cards."""

from __future__ import annotations

from cards.links import relink_card
from cards.models import Card

SPECIAL_CARD_TYPES = {"event", "situation", "location", "object"}


def derive_is_special(game: str, type_: str) -> bool:
    """Highlander's Special Cards (events, situations, locations, objects, Unexpected ones
    included) and Special Attacks."""
    if game != "highlander":
        return False
    kind = (type_ or "").strip().lower()
    if kind.startswith("unexpected "):
        kind = kind[len("unexpected ") :]
    return kind in SPECIAL_CARD_TYPES or kind.startswith("special attack")


def save_card(card: Card, *, user=None, reason: str = "") -> Card:
    """Save a card's own fields (admin, import, API) with what derives from them: ``is_special``
    from its type, and, when it is new or renamed, the knowledge-base entries that name it."""
    old = Card.objects.filter(pk=card.pk).values_list("name", "game").first() if card.pk else None
    card.is_special = derive_is_special(card.game, card.type)
    if user is not None and getattr(user, "is_authenticated", False):
        card._history_user = user
    if reason:
        card._change_reason = reason
    card.save()
    if old != (card.name, card.game):
        relink_card(card)  # the entries naming it now, and those that named it before a rename
    return card
