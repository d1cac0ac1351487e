from types import SimpleNamespace

from django import template

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
def starter_decks():
    from games.models import SavedDeck

    return SavedDeck.objects.filter(owner__isnull=True)
