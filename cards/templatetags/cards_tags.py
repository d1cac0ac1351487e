import functools
import re
from html import escape

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from cards import selectors
from config.reversing import SLUG_MARK, url_filler

register = template.Library()

GRID_COLOURS = [
    ("special attack", "#b8860b"),
    ("combat trick", "#7d3c98"),
    ("attack", "#c0392b"),
    ("block", "#2e6fbf"),
    ("guard", "#2e6fbf"),
    ("dodge", "#2e8b57"),
]
ROW_NAMES, COL_NAMES = ("upper", "middle", "lower"), ("left", "center", "right")


def grid_colour(card_type: str) -> str:
    kind = (card_type or "").lower()
    return next((colour for word, colour in GRID_COLOURS if word in kind), "#555555")


@register.simple_tag
def card_grid(card, size=96):
    """The card's 3x3 grid as an inline SVG (empty when it has none)."""
    if not card.grid:
        return ""
    return _grid_svg(card.grid, card.type or "", size)


@functools.lru_cache(maxsize=1024)
def _grid_svg(grid: str, card_type: str, size) -> str:
    """Drawn once per grid, type and size: a board shows the same few grids on every page."""
    colour, cell = grid_colour(card_type), size / 3
    rects, covered = [], []
    for r, row in enumerate(grid.split("/")):
        for c, mark in enumerate(row):
            on = mark == "X"
            if on:
                covered.append(f"{ROW_NAMES[r]} {COL_NAMES[c]}")
            rects.append(
                (
                    f"{c * cell + 1:.1f}",
                    f"{r * cell + 1:.1f}",
                    f"{cell - 2:.1f}",
                    f"{cell - 2:.1f}",
                    colour if on else "#ffffff",
                    "covered" if on else "open",
                )
            )
    label = f"Grid {grid}: " + (", ".join(covered) if covered else "no area") + " covered"
    body = format_html_join(
        "",
        '<rect x="{}" y="{}" width="{}" height="{}" fill="{}" '
        'stroke="#333" stroke-width="1" class="cell {}"/>',
        rects,
    )
    return format_html(
        '<svg class="card-grid" role="img" aria-label="{}" width="{}" height="{}" viewBox="0 0 {} {}" '
        'xmlns="http://www.w3.org/2000/svg"><title>{}</title>{}</svg>',
        label,
        size,
        size,
        size,
        size,
        label,
        body,
    )


SNIPPET_CHARS = 160


@register.filter
def card_snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    """A card's text shortened for a result list: whole when short; else the sentences that fit,
    or failing that the words that fit, with an ellipsis (never a word cut in half)."""
    text = " ".join((text or "").split())
    if len(text) <= limit:
        return text
    sentences = re.split(r"(?<=[.!?])\s+", text)
    kept = ""
    for sentence in sentences:
        if len(kept) + len(sentence) + 1 > limit:
            break
        kept = f"{kept} {sentence}".strip()
    if len(kept) < limit // 2:  # the first sentence alone is too long: cut between words
        kept = text[: limit + 1].rsplit(" ", 1)[0].rstrip(",;:")
    return f"{kept} …"


def _card_line(card, card_url) -> str:
    grid = f'<div class="card-result-grid">{card_grid(card, 42)}</div>' if card.grid else ""
    badge = (
        ' <span class="badge errata-badge" title="The text shown has its errata applied">errata</span>'
        if card.has_errata
        else ""
    )
    meta = [card.get_game_display(), card.type, card.subtitle]
    meta.append(f"R{card.restriction}" if card.restriction is not None else "")
    text = f'\n  <p class="card-result-text">{escape(card_snippet(card.text))}</p>' if card.text else ""
    return (
        f'<li class="card-result">{grid}<div class="card-result-body">\n'
        f'  <p class="card-result-title"><a href="{escape(card_url(card.slug))}" class="card-link">'
        f"{escape(card.display_name)}</a>{badge}</p>\n"
        f'  <p class="card-meta">{escape(" · ".join(str(part) for part in meta if part))}</p>{text}\n'
        "</div></li>"
    )


@register.simple_tag
def card_lines(cards):
    """The cards of a result page as list items: one tag for the page, not a template loop (a page
    of cards, each a dozen lookups through the template engine and a reverse(), was most of the
    search page's rendering). Each value escaped."""
    card_url = url_filler("cards:detail", SLUG_MARK)
    return mark_safe("\n".join(_card_line(card, card_url) for card in cards))  # noqa: S308 (escaped)


@register.filter
def cardlinks(text, cards=None):
    """Escape the text and link the card names in it to their pages (preview on hover).

    `{{ entry.text|cardlinks:entry.cards.all }}` links only the entry's own cards."""
    return selectors.link_card_names(text or "", None if cards is None else list(cards))
