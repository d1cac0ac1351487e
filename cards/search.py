"""Card search: the query language (``cards.query``) compiled to the ORM.

Bare words match the folded name; when nothing matches, the bare words are matched fuzzily
(trigram similarity on the folded name) and the best match is offered as "did you mean".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.contrib.postgres.search import TrigramSimilarity, TrigramWordSimilarity
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Greatest

from cards.models import Card
from cards.query import And, Field, Name, Node, Not, Or, bare_words, parse
from rulings.textfold import fold, straight_quotes

FUZZY_WORD_THRESHOLD = 0.5  # word similarity of one bare word to a name
FUZZY_PHRASE_THRESHOLD = 0.3  # similarity of all the bare words to a name

IS_FILTERS = {
    "errata": Q(has_errata=True),
    "special": Q(is_special=True),
    "basic": Q(attributes__basic=True),
    "master": Q(attributes__master=True) | Q(name__iregex=r"\mmaster"),
    "reserved": Q(attributes__reserved=True),
    "signature": Q(attributes__signature=True),
    "pregame": Q(attributes__pregame=True),
    "vehicle": Q(attributes__vehicle=True) | Q(attributes__vehicle_attack=True),
}
ORDER_LOOKUPS = {"<": "lt", "<=": "lte", ">": "gt", ">=": "gte", "=": "exact"}


@dataclass
class SearchResult:
    query: str
    ast: Node | None
    cards: QuerySet
    did_you_mean: str | None = None
    fuzzy: bool = False


def compile_query(node: Node | None, *, fuzzy: bool = False) -> Q:
    """The AST as a Q object. With ``fuzzy``, bare words (not negated) match by trigram word similarity."""
    if node is None:
        return Q()
    return _compile(node, fuzzy=fuzzy, negated=False)


def _compile(node: Node, *, fuzzy: bool, negated: bool) -> Q:
    if isinstance(node, And):
        q = Q()
        for item in node.items:
            q &= _compile(item, fuzzy=fuzzy, negated=negated)
        return q
    if isinstance(node, Or):
        q = Q(pk__in=[])
        for item in node.items:
            q |= _compile(item, fuzzy=fuzzy, negated=negated)
        return q
    if isinstance(node, Not):
        return ~_compile(node.item, fuzzy=fuzzy, negated=not negated)
    if isinstance(node, Name):
        folded = fold(node.text)
        if fuzzy and not negated:
            ids = (
                Card.objects.annotate(sim=TrigramWordSimilarity(folded, "search_name"))
                .filter(sim__gte=FUZZY_WORD_THRESHOLD)
                .values("pk")
            )
            return Q(search_name__contains=folded) | Q(pk__in=ids)
        return Q(search_name__contains=folded)
    if isinstance(node, Field):
        return _field(node)
    raise TypeError(f"unknown node {node!r}")  # pragma: no cover


def _field(node: Field) -> Q:
    key, op, value = node.key, node.op, node.value
    exact = op == "="
    if key == "text":
        return Q(text__unaccent__iexact=value) if exact else Q(text__unaccent__icontains=value)
    if key == "type":
        return Q(type__unaccent__iexact=value) if exact else Q(type__unaccent__icontains=value)
    if key == "sub":
        return Q(subtitle__unaccent__iexact=value) if exact else Q(subtitle__unaccent__icontains=value)
    if key == "name":
        return Q(search_name=fold(value)) if exact else Q(search_name__contains=fold(value))
    if key == "game":
        return Q(game=value)
    if key == "r":
        if value is None:
            return Q(restriction__isnull=True)
        if op == "!=":
            return Q(restriction__isnull=False) & ~Q(restriction=value)
        return Q(**{f"restriction__{ORDER_LOOKUPS[op]}": value})
    if key == "is":
        return IS_FILTERS[value]
    if key == "grid":
        kind, data = value
        if kind == "pattern":
            if "?" not in data:
                return Q(attributes__grid=data)
            regex = "^" + re.escape(data).replace(r"\?", "?").replace("?", "[X-]") + "$"
            return Q(attributes__grid__regex=regex)
        q = Q(attributes__has_key="grid")
        for row, col in data:
            q &= Q(attributes__grid__regex=f"^.{{{row * 4 + col}}}X")
        return q
    raise ValueError(f"unknown field {key!r}")  # pragma: no cover


def search(query: str, cards: QuerySet | None = None) -> SearchResult:
    """Run a query (raises ``cards.query.QuerySyntaxError`` when it is broken)."""
    ast = parse(straight_quotes(query))
    base = (cards if cards is not None else Card.objects.all()).order_by("game", "name", "variant")
    if ast is None:
        return SearchResult(query, None, base)
    exact = base.filter(compile_query(ast))
    words = bare_words(ast)
    if not words or exact.exists():
        return SearchResult(query, ast, exact)
    phrase = fold(" ".join(words))
    fuzzy = (
        base.filter(compile_query(ast, fuzzy=True))
        .annotate(
            similarity=Greatest(
                TrigramSimilarity("search_name", phrase), TrigramWordSimilarity(phrase, "search_name")
            )
        )
        .order_by(F("similarity").desc(), "game", "name", "variant")
    )
    best = fuzzy.first()
    if best is None:
        # No word matched alone: try the whole phrase against whole names.
        fuzzy = (
            base.filter(compile_query(_without_names(ast)))
            .annotate(similarity=TrigramSimilarity("search_name", phrase))
            .filter(similarity__gte=FUZZY_PHRASE_THRESHOLD)
            .order_by(F("similarity").desc(), "game", "name", "variant")
        )
        best = fuzzy.first()
    return SearchResult(query, ast, fuzzy, did_you_mean=best.display_name if best else None, fuzzy=True)


def _without_names(node: Node | None) -> Node | None:
    """The query minus its (non-negated) bare words, for the whole-phrase fuzzy fallback."""
    if node is None or isinstance(node, Name):
        return None
    if isinstance(node, (And, Or)):
        items = tuple(i for i in (_without_names(x) for x in node.items) if i is not None)
        if not items:
            return None
        return items[0] if len(items) == 1 else type(node)(items)
    return node
