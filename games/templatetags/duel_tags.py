from types import SimpleNamespace

from django import template
from django.utils.html import format_html

from cards.templatetags.cards_tags import card_grid

register = template.Library()


@register.simple_tag
def duel_grid(grid: str, kind: str = "attack", size: int = 72):
    """Draw a rules-package grid (9 cells, rows top to bottom) with the catalogue's SVG drawing."""
    if not grid or len(grid) != 9:
        return ""
    rows = "/".join(grid[i : i + 3] for i in (0, 3, 6))
    return card_grid(SimpleNamespace(grid=rows, type=kind), size)


@register.simple_tag
def hand_grid(card: dict):
    """A small grid for a card in hand, so a player sees which areas a block or attack covers."""
    import rules

    definition = rules.cardpool().get(card.get("key", ""))
    if definition is None or not definition.grid:
        return ""
    return duel_grid(definition.grid, definition.type, 30)


@register.simple_tag
def starter_decks():
    from games.actions import decks

    return decks.starter_decks()


@register.simple_tag(takes_context=True)
def card_name(context, card: dict):
    """A card on the board, linked to its catalogue page when the catalogue has it (the engine's
    stand-in dodges are not printed cards, so they are named without a link)."""
    from cards.selectors import catalogue_names, label_for_key

    if card.get("hidden"):
        return "a face-down card"
    # The view reads the catalogue once for the page (`catalogue_names`); else once per template.
    catalogue = context.get("catalogue_names") or context.render_context.get("catalogue_names")
    if catalogue is None:
        catalogue = context.render_context["catalogue_names"] = catalogue_names()
    # Twins (Sideswipe left and right) are named with their variant, never alike.
    label = label_for_key(card.get("key", ""), card.get("name") or "", catalogue.variants)
    if card.get("key") in catalogue.slugs:
        return format_html(
            '<a class="card-link" href="/cards/{}/" data-preview="/cards/{}/preview/">{}</a>',
            card["key"],
            card["key"],
            label or card["key"],
        )
    stand_in = "Not a printed card: the rules engine's stand-in"
    return format_html('<span title="{}">{}</span>', stand_in, label or "?")
