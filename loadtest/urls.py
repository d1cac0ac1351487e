"""The site's URLs and, for the load test only, the baselines every endpoint's latency is compared
with: the cheapest Django view there is, the cheapest page of the site a signed-in player can be
shown (its floor), the cheapest durable write a signed-in player can make (the floor of a move's
POST), and the search's statements alone (the floor of the two search endpoints)."""

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render
from django.urls import include, path
from django.views.decorators.http import require_POST

from rulings.search import Filters, SearchError, analyse, clean_query, statement_rows
from rulings.views import PAGE_RESULTS


def trivial(request):
    return JsonResponse({"ok": True})


def floor_page(request):
    """The site's chrome and nothing inside it: its base template (the navigation with the
    player's two counts, the search box, the account links and the sign-out form's CSRF token)
    through the same middleware, for the session's player. What every page of the site costs
    before its own work: the floor of the lobby, a board, a search page."""
    return render(request, "base.html", {})


# The write floor's own table, made on first use (the load test's databases only: this URLconf is
# never the site's). Logged, as every table of the site: its commit waits for the WAL on disk.
WRITE_FLOOR_TABLE = (
    "CREATE TABLE IF NOT EXISTS loadtest_write_floor"
    " (id bigserial PRIMARY KEY, user_id integer NOT NULL, at timestamptz NOT NULL DEFAULT now())"
)
_write_floor_ready = False


@require_POST
@login_required
def floor_write(request):
    """One row inserted and committed for the session's player, through the same middleware (the
    session, the CSRF check): what any request that must not lose what it was sent costs here
    before its own work. A move's POST is such a request (the move is stored before the answer
    says it was accepted), so its p99 carries this machine's commit latency: PostgreSQL answers a
    COMMIT once the WAL is flushed to the disk, and this virtual disk's flushes take 10-60 ms a
    few times in a hundred, loaded or not."""
    global _write_floor_ready  # noqa: PLW0603 - once per process
    with connection.cursor() as cursor:
        if not _write_floor_ready:
            cursor.execute(WRITE_FLOOR_TABLE)
            _write_floor_ready = True
        cursor.execute(
            "INSERT INTO loadtest_write_floor (user_id) VALUES (%s) RETURNING id", [request.user.pk]
        )
        (row_id,) = cursor.fetchone()
    return JsonResponse({"id": row_id}, status=202)


def floor_search(request):
    """The question read (its words from the lexicon, or from this process' memory of it) and the
    one statement that finds, scores and returns its rows, as the search page and API run them;
    none of the Python after it (rows made entries, re-ranked and highlighted, the facets, the
    template or serializer). What a search costs on this corpus before the site's own work: the
    floor of the two search endpoints. Unscoped: a question naming a game is searched over the
    whole corpus, which matches more entries than the page's search of that game's first."""
    try:
        analysis = analyse(clean_query(request.GET.get("q", "")), None)
    except SearchError as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    rows, _ = statement_rows(analysis, Filters(), PAGE_RESULTS)
    return JsonResponse({"rows": len(rows)})


urlpatterns = [
    path("loadtest/trivial/", trivial),
    path("loadtest/floor-page/", floor_page),
    path("loadtest/floor-write/", floor_write),
    path("loadtest/floor-search/", floor_search),
    path("", include("config.urls")),
]
