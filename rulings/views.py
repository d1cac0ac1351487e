"""Pages of the knowledge base (thin: the work is in search.py and selectors.py)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.syndication.views import Feed
from django.db.models import F
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.feedgenerator import Atom1Feed
from django.views.decorators.http import require_POST

from config.throttling import throttle_view
from rulings import asked, selectors, services
from rulings.api import filters_from
from rulings.labels import label_all
from rulings.lines import lines, neighbour_lines
from rulings.models import Entry, Game, Kind, Source, Status, Term
from rulings.search import EXACT, SearchError, facet_counts, find
from rulings.suggestions import suggestions

FACETS = (("game", "Game"), ("kind", "Kind"), ("source", "Source"))


def _facets(params, counts: dict, sources) -> list[dict]:
    """Each facet's values with their number of matches, as links that select (or clear) the value:
    plain links, so the facets work without JavaScript. A link's query string is the page's, the
    page dropped, with the facet set to the value where it stood (else last), or left out to clear
    it, as QueryDict.urlencode writes it: the pairs before and after the facet are encoded once per
    facet, not once per link (0.12 ms of the search page's 4.4)."""
    labels = {
        "game": dict(Game.choices),
        "kind": dict(Kind.choices),
        "source": {source.slug: source.title for source in sources},
    }
    # the query string's pairs once (a QueryDict copy per link is a deepcopy), the page dropped
    pairs = [(key, values) for key, values in params.lists() if key != "page"]
    facets = []
    for name, title in FACETS:
        values = counts.get(name, {})
        if not values:
            continue
        at = next((i for i, (key, _) in enumerate(pairs) if key == name), len(pairs))
        before = urlencode([(key, item) for key, items in pairs[:at] for item in items])
        after = urlencode([(key, item) for key, items in pairs[at + 1 :] for item in items])
        cleared = "?" + "&".join(part for part in (before, after) if part)
        items = []
        for value, n in sorted(values.items(), key=lambda item: (-item[1], item[0])):
            selected = params.get(name) == value
            chosen = urlencode([(name, value)])
            url = cleared if selected else "?" + "&".join(part for part in (before, chosen, after) if part)
            items.append(
                {"label": labels[name].get(value, value), "count": n, "url": url, "selected": selected}
            )
        facets.append({"name": title, "items": items})
    return facets


# The results a search page shows, as many as the API's default: every answer make eval's questions
# find at all is among the first 20 (recall@20 1.000 on both halves), and the ten more rows the page
# once showed were a seventh of its time at 100,000 entries (p50 12.1 -> 10.5 ms, in process).
PAGE_RESULTS = 20


def search_page(request):
    """Results for a question; with none, suggestions; with no question yet, what to read."""
    query = request.GET.get("q", "")
    error, count, count_is, results, facets, corrections, left_out = "", 0, EXACT, [], [], [], []
    facets_estimated = False
    suggested, recent, viewed, named_game, named_source = None, [], [], "", None
    unmatched_game, unmatched_source = "", None
    sources = None
    try:
        if query.strip():
            filters = filters_from(request.GET)
            found = find(query, filters, limit=PAGE_RESULTS)
            sources = selectors.all_sources(found.sources_version)
            count, count_is = found.count, found.count_is
            corrections, left_out = found.corrections, found.left_out
            named_game = Game(found.named_game).label if found.named_game else ""
            by_slug = {source.slug: source for source in sources}
            named_source = by_slug.get(found.named_source)
            unmatched_game = Game(found.unmatched_game).label if found.unmatched_game else ""
            unmatched_source = by_slug.get(found.unmatched_source)
            results = lines(label_all(found.entries), show_text=True, asked=query)
            # the game or source the question names narrows the other facets as one chosen would
            searched = dataclasses.replace(
                filters, game=found.named_game or filters.game, source=found.named_source or filters.source
            )
            matches = facet_counts(found.analysis, searched)
            facets, facets_estimated = _facets(request.GET, matches.counts, sources), matches.estimated
            if not results:
                suggested = suggestions(query)
        else:
            recent, viewed = lines(selectors.recent_entries()), lines(selectors.most_viewed())
    except SearchError as exc:
        error = str(exc)
    if sources is None:
        sources = selectors.all_sources()
    context = {
        "query": query,
        "count": count,
        "count_is": count_is,
        "corrections": corrections,
        "left_out": left_out,
        "named_game": named_game,
        "named_source": named_source,
        "unmatched_game": unmatched_game,
        "unmatched_source": unmatched_source,
        "results": results,
        "error": error,
        "games": Game.choices,
        "kinds": Kind.choices,
        "sources": sources,
        "source_choices": [(source.slug, source.title) for source in sources],
        "facets": facets,
        "facets_estimated": facets_estimated,
        # the form's fields, each present: a missing key costs the template a dir() per lookup
        "params": {name: request.GET.get(name, "") for name in ("game", "kind", "source", "as_of")},
        "suggested": suggested,
        "recent": recent,
        "most_viewed": viewed,
    }
    template = "rulings/_results.html" if getattr(request, "htmx", False) else "rulings/search.html"
    return render(request, template, context, status=400 if error else 200)


def entry_page(request, pk: int):
    """An entry; reached from a search's results, it asks whether it answered the question."""
    return _entry_response(request, pk, request.GET.get("asked", ""))


def _entry_response(request, pk: int, question: str, refused: str = ""):
    try:
        entry, around, refs = selectors.entry_detail(pk)
    except Entry.DoesNotExist as exc:
        raise Http404("no such entry") from exc
    services.count_view(entry.pk)
    try:  # a question search could not learn from is not offered for a report
        question = asked.asked_text(question) if entry.status == Status.CURRENT else ""
    except asked.QuestionRefused:
        question = ""
    context = {
        "entry": entry,
        "around": neighbour_lines(around),
        "refs": refs,
        "asked": question,
        "refused": refused,
    }
    return render(request, "rulings/entry.html", context, status=400 if refused else 200)


@require_POST
@throttle_view("answer_reports", "reports of an answer")
def report_answer(request, pk: int):
    """A judge says the entry answered their question: kept for an editor to accept."""
    entry = get_object_or_404(Entry.objects.only("pk", "status"), pk=pk)
    question = request.POST.get("question", "")
    try:
        asked.report_answer(entry, question)
    except asked.QuestionRefused as refused:  # the page again, the reason said, the question not offered
        return _entry_response(request, pk, "", refused=f"Not recorded: {refused}.")
    messages.success(
        request,
        "Thank you: an editor will read your report. Once accepted, a judge asking much the same "
        "question finds this entry sooner.",
    )
    return redirect("rulings:entry", pk=pk)


def source_page(request, slug: str):
    try:
        source, entries, contents = selectors.source_document(slug)
    except Source.DoesNotExist as exc:
        raise Http404("no such source") from exc
    return render(
        request, "rulings/source.html", {"source": source, "entries": entries, "contents": contents}
    )


def term_page(request, game: str, slug: str):
    try:
        term, definition, entries = selectors.term_detail(game, slug)
    except Term.DoesNotExist as exc:
        raise Http404("no such term") from exc
    return render(request, "rulings/term.html", {"term": term, "definition": definition, "entries": entries})


class TextSummaryAtomFeed(Atom1Feed):
    """Summaries as type="text": entry text an admin typed is shown as text by a feed reader,
    never run as markup (Django's Atom feed marks them type="html")."""

    def add_item_elements(self, handler, item):
        super().add_item_elements(handler, {**item, "description": None})
        if item["description"] is not None:
            handler.addQuickElement("summary", item["description"], {"type": "text"})


class EntriesFeed(Feed):
    feed_type = TextSummaryAtomFeed
    title = "The judge's table: rulings"
    link = "/rulings/"
    subtitle = "Rulings, errata, clarifications and FAQ answers, newest first."

    def items(self):
        """The newest entries first: by the date they came into force (their source's edition),
        then the latest changed; only what is in force now."""
        return (
            selectors.listed(Entry.objects.filter(status=Status.CURRENT))
            .select_related("source")
            .order_by(F("valid_from").desc(nulls_last=True), "-updated_at", "-pk")[:50]
        )

    def item_link(self, item):
        return item.get_absolute_url()

    def item_pubdate(self, item):
        if item.valid_from is None:
            return None
        return dt.datetime.combine(item.valid_from, dt.time(), tzinfo=dt.UTC)

    def item_title(self, item):
        return f"{item.get_kind_display()}: {item.heading()[:120]}"

    def item_description(self, item):
        return item.text

    def item_updateddate(self, item):
        return item.updated_at

    def item_author_name(self, item):
        return item.source.authority
