"""Card pages: search (htmx live results, plain GET without JS) and the card page."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render

from cards import selectors
from cards.query import QuerySyntaxError
from cards.search import search

PAGE_SIZE = 60


def card_search(request):
    query = request.GET.get("q", "").strip()
    context = {"q": query, "error": None, "result": None, "page": None}
    try:
        result = search(query)
    except QuerySyntaxError as exc:
        context["error"] = exc
    else:
        context["result"] = result
        context["page"] = Paginator(result.cards, PAGE_SIZE).get_page(request.GET.get("page"))
    template = "cards/_results.html" if request.htmx and not request.htmx.boosted else "cards/search.html"
    return render(request, template, context, status=400 if context["error"] else 200)


def card_detail(request, slug):
    card = selectors.get_card(slug)
    versions = selectors.versions_of(card)  # read once for the timeline and the rulings
    items = selectors.timeline(card, versions)
    rulings_about, rulings_mentioning = selectors.rulings_with_excerpts(card, versions)
    compared = None
    if request.GET.get("a") and request.GET.get("b"):
        compared = selectors.compare(card, request.GET["a"], request.GET["b"])
    context = {
        "card": card,
        "timeline": items,
        "versions": [i.version for i in items],
        "compared": compared,
        "a": request.GET.get("a", ""),
        "b": request.GET.get("b", ""),
        "rulings_about": rulings_about,
        "rulings_mentioning": rulings_mentioning,
    }
    return render(request, "cards/detail.html", context)


def card_preview(request, slug):
    return render(request, "cards/_preview.html", {"card": selectors.get_card(slug)})
