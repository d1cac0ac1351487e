from html import escape
from types import SimpleNamespace

from django import template
from django.utils.safestring import mark_safe

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


def _catalogue(context):
    """The catalogue's slugs and variants: the view reads them once for the page
    (`catalogue_names`); else once per template."""
    from cards.selectors import catalogue_names

    catalogue = context.get("catalogue_names") or context.render_context.get("catalogue_names")
    if catalogue is None:
        catalogue = context.render_context["catalogue_names"] = catalogue_names()
    return catalogue


# The title of a card the catalogue does not print (the rules engine's stand-ins), escaped once.
_STAND_IN = escape("Not a printed card: the rules engine's stand-in")


def _named(card: dict, catalogue) -> str:
    """The card's HTML, each value escaped (html.escape, as Django's escape does, without its
    lazy-string wrappers: a discard pile names dozens of cards)."""
    from cards.selectors import label_for_key

    if card.get("hidden"):
        return "a face-down card"
    key = card.get("key", "")
    # Twins (Sideswipe left and right) are named with their variant, never alike.
    label = escape(label_for_key(key, card.get("name") or "", catalogue.variants))
    if key in catalogue.slugs:
        slug = escape(key)
        return f'<a class="card-link" href="/cards/{slug}/" data-preview="/cards/{slug}/preview/">{label or slug}</a>'
    return f'<span title="{_STAND_IN}">{label or "?"}</span>'


@register.simple_tag(takes_context=True)
def card_name(context, card: dict):
    """A card on the board, linked to its catalogue page when the catalogue has it (the engine's
    stand-in dodges are not printed cards, so they are named without a link)."""
    return mark_safe(_named(card, _catalogue(context)))  # noqa: S308 (its values escaped)


@register.simple_tag(takes_context=True)
def card_names(context, cards: list[dict]):
    """Cards named as `card_name` names them, separated by commas: one tag for the list rather than
    a template loop calling `card_name` per card (the board renders four such lists)."""
    catalogue = _catalogue(context)
    return mark_safe(", ".join(_named(card, catalogue) for card in cards))  # noqa: S308 (each escaped)


@register.simple_tag(takes_context=True)
def card_tally(context, cards: list[dict]):
    """A pile (a discard pile runs to dozens of cards) as list items, each card once with how
    many of it, in the order of their names; twins told apart, as `card_name` tells them."""
    catalogue = _catalogue(context)
    tally: dict[tuple, list] = {}
    for card in cards:
        key = ("", "") if card.get("hidden") else (card.get("key", ""), card.get("name") or "")
        tally.setdefault(key, [card, 0])[1] += 1
    in_order = sorted(tally.values(), key=lambda item: (item[0].get("name") or "", item[0].get("key", "")))
    # "× 2" kept together: on a phone a long twin's name wrapped the count onto a line of its own
    times = " ×\u00a0"
    items = (f"<li>{_named(card, catalogue)}{f'{times}{n}' if n > 1 else ''}</li>" for card, n in in_order)
    return mark_safe("".join(items))  # noqa: S308 (each name escaped)


@register.simple_tag
def event_log(events: list[dict]):
    """The board's log, latest first, as list items: each event's turn, its text and the rule or
    card text applied (escaped). One tag rather than a template loop: forty events of three
    lookups each were a tenth of the board fragment's rendering."""
    if not events:
        return mark_safe('<li class="muted">Nothing yet.</li>')
    items = (
        f'<li><span class="muted">T{escape(str(event.get("turn", "")))}</span> {escape(str(event.get("text", "")))}'
        f' <span class="rule" title="The rule or card text applied">{escape(str(event.get("rule", "")))}</span></li>'
        for event in reversed(events)
    )
    return mark_safe("\n".join(items))  # noqa: S308 (each value escaped)


@register.simple_tag(takes_context=True)
def action_forms(context, actions: list[dict], move_url: str):
    """One form per legal action, each posting the action with the duel's version and its own
    idempotency key (the key of the board's render, numbered), through htmx or as a plain post:
    one tag rather than a template loop of five lookups, a CSRF token and a button per action."""
    token = escape(str(context.get("csrf_token", "")))
    version = escape(str(context["duel"].version))
    key = escape(str(context.get("idempotency_key", "")))
    url = escape(move_url)
    disabled = " disabled" if context.get("pending") else ""
    forms = (
        f'<form method="post" action="{url}" hx-post="{url}" hx-target="#board" hx-swap="outerHTML">'
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{token}">'
        f'<input type="hidden" name="version" value="{version}">'
        f'<input type="hidden" name="key" value="{key}-{number}">'
        f'<input type="hidden" name="action" value="{escape(action["json"])}">'
        f'<button type="submit" class="action action-{escape(str(action["type"]))}"{disabled}>'
        f"{escape(str(action['label']))}</button>"
        "</form>"
        for number, action in enumerate(actions, start=1)
    )
    return mark_safe("\n".join(forms))  # noqa: S308 (each value escaped)
