"""Reads for the card pages and the API: the errata timeline with diffs, comparisons, the
rulings naming a card, and card names linked inside ruling text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Max
from django.shortcuts import get_object_or_404
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cards import kb
from cards.diff import diff_words, render_html
from cards.models import Card, TextVersion


def get_card(slug: str) -> Card:
    return get_object_or_404(Card, slug=slug)


def versions_of(card: Card) -> list[TextVersion]:
    versions = card.versions.select_related("created_by").order_by("position", "id")
    if kb.available():
        versions = versions.select_related("source_entry")
    return list(versions)


@dataclass
class TimelineItem:
    version: TextVersion
    previous: TextVersion | None
    diff_html: SafeString  # against the previous version ("" for the first)
    changed: bool


def timeline(card: Card) -> list[TimelineItem]:
    """The versions oldest first, each with its word diff against the one before."""
    items, previous = [], None
    for version in versions_of(card):
        if previous is None:
            diff_html, changed = mark_safe(escape(version.text)), True  # noqa: S308 - escaped
        else:
            segments = diff_words(previous.text, version.text)
            diff_html = mark_safe(render_html(segments))  # noqa: S308 - render_html escapes
            changed = any(s.op != "equal" for s in segments)
        items.append(TimelineItem(version, previous, diff_html, changed))
        previous = version
    return items


def compare(card: Card, old_id, new_id) -> tuple[TextVersion, TextVersion, SafeString] | None:
    """Any two versions of the card and the word diff between them (None if not both found)."""
    versions = {str(v.pk): v for v in card.versions.all()}
    old, new = versions.get(str(old_id)), versions.get(str(new_id))
    if old is None or new is None:
        return None
    return old, new, mark_safe(render_html(diff_words(old.text, new.text)))  # noqa: S308 - escaped


def rulings_for(card: Card) -> list:
    return kb.rulings_for(card)


# ---------------------------------------------------------------- card names inside other text
def _name_index() -> tuple[re.Pattern | None, dict]:
    stamp = Card.objects.aggregate(m=Max("updated_at"))["m"]
    key = f"cards:name-index:{Card.objects.count()}:{stamp.timestamp() if stamp else 0}"
    cached = cache.get(key)
    if cached is None:
        by_name: dict[str, tuple[str, str]] = {}
        for card in Card.objects.order_by("variant", "pk"):
            if len(card.name) >= 3:
                preview = f"{card.name} — {card.type or card.get_game_display()}"
                if card.text:
                    preview += f": {card.text[:200]}{'…' if len(card.text) > 200 else ''}"
                by_name.setdefault(card.name, (card.get_absolute_url(), preview))
        cached = by_name
        cache.set(key, cached, 3600)
    if not cached:
        return None, {}
    names = sorted(cached, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w'’])(" + "|".join(re.escape(n) for n in names) + r")(?![\w'’])")
    return pattern, cached


def link_card_names(text: str) -> SafeString:
    """The text, escaped, with each card name linked to its card page; the link's title is a
    short preview of the card (shown on hover) and ``data-preview`` points at the htmx preview."""
    pattern, index = _name_index()
    if pattern is None:
        return mark_safe(escape(text))  # noqa: S308 - escaped
    out, last = [], 0
    for match in pattern.finditer(text or ""):
        url, preview = index[match.group(1)]
        out.append(escape(text[last : match.start()]))
        out.append(
            format_html(
                '<a class="card-link" href="{}" title="{}" data-preview="{}preview/">{}</a>',
                url,
                preview,
                url,
                match.group(1),
            )
        )
        last = match.end()
    out.append(escape((text or "")[last:]))
    return mark_safe("".join(str(part) for part in out))  # noqa: S308 - parts are escaped
