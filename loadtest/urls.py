"""The site's URLs and, for the load test only, two baselines every endpoint's latency is compared
with: the cheapest Django view there is, and the cheapest page of the site a signed-in player can
be shown (its floor)."""

from django.http import JsonResponse
from django.shortcuts import render
from django.urls import include, path


def trivial(request):
    return JsonResponse({"ok": True})


def floor_page(request):
    """The site's chrome and nothing inside it: its base template (the navigation with the
    player's two counts, the search box, the account links and the sign-out form's CSRF token)
    through the same middleware, for the session's player. What every page of the site costs
    before its own work: the floor of the lobby, a board, a search page."""
    return render(request, "base.html", {})


urlpatterns = [
    path("loadtest/trivial/", trivial),
    path("loadtest/floor-page/", floor_page),
    path("", include("config.urls")),
]
