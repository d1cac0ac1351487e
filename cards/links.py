"""Which catalogue cards a knowledge-base entry names: whole names, case and accents folded,
longest first, plus the card an erratum is headed with. Derived data, computed here and written
to the entry <-> card link table; the knowledge base calls it through the hook registered in
cards.apps (rulings.services.link_cards), the catalogue calls it when a card is added or renamed."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from cards.models import Card
from rulings.importers.base import fold
from rulings.models import Entry
from rulings.services import folded_haystack, name_needle, named_in, sync_links


def _matching_cards(entry: Entry, cards: list[Card]) -> list[Card]:
    game = entry.source.game
    game_cards = [card for card in cards if card.game == game]
    names = named_in(folded_haystack(entry), {card.name for card in game_cards})
    found = [card for card in game_cards if card.name in names]
    if entry.card_name:
        named = [card for card in game_cards if fold(card.name) == fold(entry.card_name)]
        if entry.card_variant and len(named) > 1:
            named = [card for card in named if fold(card.variant) == fold(entry.card_variant)] or named
        found += named
    return list({card.pk: card for card in found}.values())


def link_entries(entries: Iterable[Entry]) -> None:
    """Link each entry to every catalogue card whose whole name it contains."""
    entries = list(entries)
    if not entries:
        return
    games = {entry.source.game for entry in entries}
    cards = list(Card.objects.filter(game__in=games))
    sync_links(
        Entry.cards.through, "card_id", {e.pk: {c.pk for c in _matching_cards(e, cards)} for e in entries}
    )


def relink_card(card: Card) -> None:
    """Recompute the links of the entries a card (added or renamed) may concern: those naming it
    now and those linked to it before (its old name)."""
    needle = name_needle(card.name)
    if not needle.strip():
        return
    candidates = Entry.objects.filter(source__game=card.game).filter(
        Q(link_text__contains=needle) | Q(cards=card)
    )
    link_entries(candidates.select_related("source").distinct())
