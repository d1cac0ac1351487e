"""Search over the knowledge base: PostgreSQL full text (weighted, websearch syntax, accents folded)
combined with trigram similarity on names, so a misspelled card name still finds its entry."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass

from django.contrib.postgres.search import (
    SearchHeadline,
    SearchQuery,
    SearchRank,
    SearchVector,
    TrigramWordSimilarity,
)
from django.db.models import F, FloatField, Func, Q, QuerySet, TextField, Value
from django.db.models.functions import Coalesce, Concat, Greatest

from rulings.importers.base import fold
from rulings.models import Entry, Status

CONFIG = "english"
MAX_QUERY = 500  # characters kept from a query; longer ones are refused with a 400
TRIGRAM_MIN = 0.45
WEIGHTS = [0.05, 0.2, 0.5, 1.0]  # D, C, B, A


class SearchError(ValueError):
    """The query cannot be searched (too long, nothing searchable); the API answers 400."""


class Unaccent(Func):
    function = "rulings_unaccent"  # immutable wrapper created in the migration
    output_field = TextField()


def _doc(*fields):
    parts = []
    for field in fields:
        parts += [Coalesce(F(field), Value(""), output_field=TextField()), Value(" ")]
    return Unaccent(Concat(*parts, output_field=TextField()))


def refresh_search(queryset: QuerySet) -> int:
    """Recompute the stored search vector and trigram names of the given entries."""
    vector = (
        SearchVector(_doc("section", "title", "card_name"), weight="A", config=CONFIG)
        + SearchVector(_doc("question", "card_type", "card_group"), weight="B", config=CONFIG)
        + SearchVector(_doc("text", "change_note"), weight="C", config=CONFIG)
    )
    names = Func(
        Concat(F("title"), Value(" "), F("card_name"), Value(" "), F("section"), output_field=TextField()),
        function="lower",
        output_field=TextField(),
    )
    return queryset.update(search_vector=vector, search_names=Unaccent(names))


@dataclass
class Filters:
    game: str = ""
    kind: str = ""
    source: str = ""
    card: str = ""
    term: str = ""
    status: str = ""
    as_of: dt.date | None = None


def clean_query(raw: str) -> str:
    """Drop control characters and NULs, normalise, refuse absurd lengths."""
    if raw is None:
        return ""
    if len(raw) > 10 * MAX_QUERY:
        raise SearchError(f"the query is too long ({len(raw)} characters; at most {MAX_QUERY})")
    text = unicodedata.normalize("NFKC", raw)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > MAX_QUERY:
        raise SearchError(f"the query is too long ({len(text)} characters; at most {MAX_QUERY})")
    return text


def apply_filters(queryset: QuerySet, filters: Filters) -> QuerySet:
    if filters.game:
        queryset = queryset.filter(source__game=filters.game)
    if filters.kind:
        queryset = queryset.filter(kind__in=filters.kind.split(","))
    if filters.source:
        queryset = queryset.filter(source__slug=filters.source)
    if filters.card:
        queryset = queryset.filter(cards__slug=filters.card)
    if filters.term:
        queryset = queryset.filter(terms__slug=filters.term)
    if filters.as_of:
        queryset = queryset.filter(Q(valid_from__isnull=True) | Q(valid_from__lte=filters.as_of)).filter(
            Q(valid_to__isnull=True) | Q(valid_to__gt=filters.as_of)
        )
        if not filters.status:
            queryset = queryset.exclude(status=Status.WITHDRAWN)
    elif not filters.status:
        queryset = queryset.filter(status=Status.CURRENT)
    if filters.status and filters.status != "any":
        queryset = queryset.filter(status=filters.status)
    return queryset


def search(raw_query: str, filters: Filters | None = None, limit: int = 20) -> tuple[int, list[Entry]]:
    """(count, entries) best first; each entry carries .score and .highlight."""
    filters = filters or Filters()
    query_text = clean_query(raw_query)
    base = apply_filters(Entry.objects.all(), filters)
    if not re.search(r"\w", query_text):
        entries = list(
            base.select_related("source").prefetch_related("cards").order_by("source", "position")[:limit]
        )
        for entry in entries:
            entry.score, entry.highlight = 0.0, ""
        return (base.count() if entries else 0), entries
    folded = fold(query_text)
    query = SearchQuery(folded, search_type="websearch", config=CONFIG)
    words = " ".join(re.findall(r"\w+", folded))
    matches = base.filter(Q(search_vector=query) | Q(search_names__trigram_word_similar=words))
    ranked = matches.annotate(
        fts=SearchRank(F("search_vector"), query, weights=WEIGHTS, normalization=Value(1)),
        trigram=TrigramWordSimilarity(Value(words), "search_names"),
    ).annotate(
        score=Greatest(F("fts"), F("trigram") - Value(TRIGRAM_MIN) + Value(0.05), output_field=FloatField())
    )
    count = matches.count()
    top = list(
        ranked.select_related("source")
        .prefetch_related("cards")
        .annotate(
            highlight=SearchHeadline(
                Concat(F("question"), Value(" "), F("text"), output_field=TextField()),
                query,
                config=CONFIG,
                start_sel="<mark>",
                stop_sel="</mark>",
                max_words=35,
                min_words=15,
            )
        )
        .order_by("-score", "source__slug", "position")[:limit]
    )
    return count, top
