"""Reads for the card pages and the API: the errata timeline with diffs, comparisons, the
rulings naming a card, and card names linked inside ruling text."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlencode

from django.core.cache import cache
from django.db import connection
from django.http import Http404
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cards import kb
from cards.diff import diff_words, render_html
from cards.models import Card, TextVersion
from cards.schema import fold, slugify
from config.compiled import CompiledQuery
from rulings.textfold import fold_char

_CARD_BY_SLUG = CompiledQuery(lambda slug: Card.objects.filter(slug=slug))


def get_card(slug: str) -> Card:
    card = _CARD_BY_SLUG.first(slug)
    if card is None:
        raise Http404("No Card matches the given query.")
    return card


def _versions_query(card_id: int):
    versions = (
        TextVersion.objects.filter(card_id=card_id).select_related("created_by").order_by("position", "id")
    )
    if kb.available():
        versions = versions.select_related("source_entry__source")  # the page names the entry's source
    return versions


_VERSIONS = CompiledQuery(_versions_query)


def versions_of(card: Card) -> list[TextVersion]:
    """The card's text versions, oldest first (soft-deleted ones left out, as the manager does)."""
    versions = _VERSIONS(card.pk)
    for version in versions:
        version.card = card  # as the related manager would: no read of the card per version
    return versions


def deleted_versions(card: Card) -> list[TextVersion]:
    """Soft-deleted versions (kept, restorable), the latest deleted first."""
    return list(
        TextVersion.all_objects.filter(card=card, deleted_at__isnull=False)
        .select_related("deleted_by")
        .order_by("-deleted_at")
    )


@dataclass
class TimelineItem:
    version: TextVersion
    previous: TextVersion | None
    diff_html: SafeString  # against the previous version ("" for the first)
    changed: bool
    source_title: str  # the source document's title, or its slug when it is not in the knowledge base


def timeline(card: Card, versions: list[TextVersion] | None = None) -> list[TimelineItem]:
    """The versions oldest first, each with its word diff against the one before."""
    items, previous = [], None
    titles = kb.source_titles()
    for version in versions_of(card) if versions is None else versions:
        if previous is None:
            diff_html, changed = mark_safe(escape(version.text)), True  # noqa: S308 - escaped
        else:
            segments = diff_words(previous.text, version.text)
            diff_html = mark_safe(render_html(segments))  # noqa: S308 - render_html escapes
            changed = any(s.op != "equal" for s in segments)
        title = titles.get(version.source, version.source)
        items.append(TimelineItem(version, previous, diff_html, changed, title))
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


@dataclass
class RulingItem:
    """A ruling as the card page lists it: the part of its text where the card is named, and its
    question, each with the card names in it linked."""

    entry: object
    question_html: SafeString
    excerpt_html: SafeString


def rulings_with_excerpts(card: Card, versions: list[TextVersion] | None = None) -> tuple[list, list]:
    """For the card page: the rulings about the card, then those naming it in passing, each a
    RulingItem. `versions` (the card's, already read) spares reading them again."""
    version_entries = None if versions is None else {v.source_entry_id for v in versions if v.source_entry_id}
    about, mentions = kb.rulings_about(card, version_entries)
    matcher = _name_matcher()  # one catalogue read for every text on the page

    def item(entry) -> RulingItem:
        excerpt = kb.excerpt(entry.text, card.name)
        question = link_card_names(entry.question, matcher=matcher) if entry.question else ""
        return RulingItem(entry, question, link_card_names(excerpt, matcher=matcher))

    return [item(entry) for entry in about], [item(entry) for entry in mentions]


# ---------------------------------------------------------------- card names inside other text
def _preview(card: Card) -> tuple[str, str, str]:
    """(the card's page, its preview fragment, a text preview for the link's title)."""
    preview = f"{card.display_name} — {card.type or card.get_game_display()}"
    if card.text:
        preview += f": {card.text[:200]}{'…' if len(card.text) > 200 else ''}"
    url = card.get_absolute_url()
    return url, f"{url}preview/", preview


def _twins_preview(cards: list[Card]) -> tuple[str, str, str]:
    """A name several cards share (Sideswipe left and right): the text cannot say which one it
    means, so the link lists them all (an exact-name search) rather than picking one."""
    query = urlencode({"q": f'name="{cards[0].name}"'})
    names = ", ".join(card.display_name for card in cards)
    return f"{reverse('cards:search')}?{query}", "", f"{len(cards)} cards: {names}"


def _index_of(cards) -> dict[str, tuple[str, str, str]]:
    by_name: dict[str, list[Card]] = {}
    for card in sorted(cards, key=lambda card: (card.game, card.variant, card.pk)):
        by_name.setdefault(fold(card.name), []).append(card)
    return {
        name: _preview(twins[0]) if len(twins) == 1 else _twins_preview(twins)
        for name, twins in by_name.items()
    }


@dataclass(frozen=True)
class CatalogueNames:
    """Every catalogue slug, and the variant of every card that has one (Sideswipe's "left"), by
    slug: the duel board and the deck builder name cards by key and must tell twins apart."""

    slugs: frozenset[str]
    variants: dict[str, str]


@dataclass(frozen=True)
class NameMatcher:
    """Every card by its folded name, and the pattern that finds those names in a text."""

    index: dict[str, tuple[str, str, str]]
    pattern: re.Pattern | None


# The catalogue's stamp (how many cards, and when one last changed), in SQL written once from the
# model's names: the ORM built its aggregate anew on every board and deck page (a tenth of a
# millisecond of CPU each, issue #16). A page reading other things in one statement reads the
# stamp in it too (games.boards: this text as a one-row table it joins).
CATALOGUE_STAMP_SQL = (
    f"SELECT count(*), max({connection.ops.quote_name(Card._meta.get_field('updated_at').column)})"  # noqa: S608
    f" FROM {connection.ops.quote_name(Card._meta.db_table)}"
)


def catalogue_stamp() -> tuple[int, datetime | None]:
    """The catalogue's stamp, read on its own (one query)."""
    with connection.cursor() as cursor:
        cursor.execute(CATALOGUE_STAMP_SQL)
        return cursor.fetchone()


def _catalogue_key(prefix: str, stamp: tuple[int, datetime | None]) -> str:
    """A cache key that changes whenever a card is added, removed or changed."""
    count, latest = stamp
    return f"{prefix}:{count}:{latest.timestamp() if latest else 0}"


_latest: dict[str, tuple[str, object]] = {}  # per process: each read's value for the newest key


def _catalogue_read(prefix: str, compute, stamp: tuple[int, datetime | None] | None = None):
    """A read of the whole catalogue, recomputed only when a card changed: the catalogue's stamp
    (given, or one query); then this process's copy, else the shared cache's, else computed."""
    key = _catalogue_key(prefix, catalogue_stamp() if stamp is None else stamp)
    held = _latest.get(prefix)
    if held is not None and held[0] == key:
        return held[1]
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, 3600)
    _latest[prefix] = (key, value)
    return value


def catalogue_names(stamp: tuple[int, datetime | None] | None = None) -> CatalogueNames:
    """Every slug and variant, in one catalogue read (a page naming many cards reads it once);
    `stamp`: the catalogue's stamp when the caller read it already (CATALOGUE_STAMP_SQL)."""

    def compute() -> CatalogueNames:
        rows = Card.objects.values_list("slug", "variant")
        return CatalogueNames(frozenset(slug for slug, _ in rows), {slug: v for slug, v in rows if v})

    return _catalogue_read("cards:names:v1", compute, stamp)


def known_slugs() -> frozenset[str]:
    """Every catalogue slug, cached until a card changes (the duel board links only to these)."""
    return catalogue_names().slugs


def variants_by_slug() -> dict[str, str]:
    """The variant of every card that has one, by slug, cached until a card changes."""
    return catalogue_names().variants


def _matcher_of(index: dict[str, tuple[str, str, str]]) -> NameMatcher:
    if not index:
        return NameMatcher(index, None)
    names = sorted(index, key=len, reverse=True)  # longest first: "Power Blow" before "Power"
    return NameMatcher(
        index, re.compile(r"(?<![\w'’])(" + "|".join(re.escape(n) for n in names) + r")(?![\w'’])")
    )


def _name_matcher() -> NameMatcher:
    """Every card by its folded name with its pattern, cached until a card changes."""
    return _catalogue_read(
        "cards:name-matcher:v1",
        lambda: _matcher_of(_index_of(card for card in Card.objects.all() if len(card.name) >= 3)),
    )


def label_for_key(key: str, name: str, variants: dict[str, str] | None = None) -> str:
    """A card named by its key with its variant, so two cards of one title never look alike:
    the catalogue's variant field when it has the card, else the rest of the key after the
    name's slug ("duck-generic" is "Duck (generic)")."""
    variant = (variants if variants is not None else variants_by_slug()).get(key)
    if variant is None:
        stem = slugify(name)
        variant = key[len(stem) + 1 :] if stem and key.startswith(stem + "-") else ""
    return f"{name} ({variant.replace('-', ' ')})" if variant else name


def _folded_with_positions(text: str) -> tuple[str, Sequence[int]]:
    """The text folded character by character, with each folded character's original index,
    so a match found in the folded text maps back to the original words."""
    if text.isascii():  # each character folds to itself lowercased, at the same index
        return text.lower(), range(len(text))
    folded, positions = [], []
    for index, char in enumerate(text):
        piece = fold_char(char)
        folded.append(piece)
        positions.extend([index] * len(piece))
    return "".join(folded), positions


def link_card_names(text: str, cards=None, matcher: NameMatcher | None = None) -> SafeString:
    """The text, escaped, with card names linked to their card pages: whole names, case and
    accents folded ("Nazgul" links the card Nazgûl), longest first. `cards` limits the names to
    those cards (an entry's linked cards); by default every card in the catalogue counts (or
    `matcher`'s, read once for many texts). The link's title is a short preview (shown on hover);
    ``data-preview`` points at the htmx one."""
    text = text or ""
    if matcher is None:
        matcher = _name_matcher() if cards is None else _matcher_of(_index_of(cards))
    index, pattern = matcher.index, matcher.pattern
    if pattern is None or not text:
        return mark_safe(escape(text))  # noqa: S308 - escaped
    folded, positions = _folded_with_positions(text)
    out, last = [], 0
    for match in pattern.finditer(folded):
        start, end = positions[match.start()], positions[match.end() - 1] + 1
        if start < last:
            continue
        url, preview_url, preview = index[match.group(1)]
        out.append(escape(text[last:start]))
        if preview_url:
            link = format_html(
                '<a class="card-link" href="{}" title="{}" data-preview="{}">{}</a>',
                url,
                preview,
                preview_url,
                text[start:end],
            )
        else:
            link = format_html(
                '<a class="card-link" href="{}" title="{}">{}</a>', url, preview, text[start:end]
            )
        out.append(link)
        last = end
    out.append(escape(text[last:]))
    return mark_safe("".join(str(part) for part in out))  # noqa: S308 - parts are escaped
