"""Pages of the knowledge base (thin: the work is in search.py and selectors.py)."""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.http import Http404
from django.shortcuts import render
from django.utils.feedgenerator import Atom1Feed

from rulings import selectors
from rulings.api import filters_from
from rulings.models import Entry, Game, Kind, Source, Term
from rulings.search import SearchError, search


def search_page(request):
    query = request.GET.get("q", "")
    error, count, results = "", 0, []
    try:
        count, results = search(query, filters_from(request.GET), limit=30) if query.strip() else (0, [])
    except SearchError as exc:
        error = str(exc)
    context = {
        "query": query,
        "count": count,
        "results": results,
        "error": error,
        "games": Game.choices,
        "kinds": Kind.choices,
        "sources": Source.objects.all(),
        "params": request.GET,
    }
    template = "rulings/_results.html" if getattr(request, "htmx", False) else "rulings/search.html"
    return render(request, template, context, status=400 if error else 200)


def entry_page(request, pk: int):
    try:
        entry, around, refs = selectors.entry_detail(pk)
    except Entry.DoesNotExist as exc:
        raise Http404("no such entry") from exc
    return render(request, "rulings/entry.html", {"entry": entry, "around": around, "refs": refs})


def source_page(request, slug: str):
    try:
        source, entries = selectors.source_document(slug)
    except Source.DoesNotExist as exc:
        raise Http404("no such source") from exc
    return render(request, "rulings/source.html", {"source": source, "entries": entries})


def term_page(request, game: str, slug: str):
    try:
        term, entries = selectors.term_detail(game, slug)
    except Term.DoesNotExist as exc:
        raise Http404("no such term") from exc
    return render(request, "rulings/term.html", {"term": term, "entries": entries})


class EntriesFeed(Feed):
    feed_type = Atom1Feed
    title = "The judge's table: rulings"
    link = "/rulings/"
    subtitle = "Rulings, errata, clarifications and FAQ answers, newest first."

    def items(self):
        return Entry.objects.select_related("source").order_by("-source__date", "-updated_at", "-pk")[:50]

    def item_title(self, item):
        return f"{item.get_kind_display()}: {item.heading()[:120]}"

    def item_description(self, item):
        return item.text

    def item_updateddate(self, item):
        return item.updated_at

    def item_author_name(self, item):
        return item.source.authority
