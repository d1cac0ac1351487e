"""The site's URLs and, for the load test only, the cheapest Django view there is: the baseline
every endpoint's latency is compared with."""

from django.http import JsonResponse
from django.urls import include, path


def trivial(request):
    return JsonResponse({"ok": True})


urlpatterns = [path("loadtest/trivial/", trivial), path("", include("config.urls"))]
