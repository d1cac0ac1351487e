from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config import health
from config.hardening import is_api, refusal


@require_GET
def home(request):
    return render(request, "home.html")


@never_cache
@require_GET
def healthz(request):
    result = health.report()
    status = 200 if result["ok"] else 503
    if not request.user.is_staff:
        # Versions, timings and the worker's host name are for staff; others learn only up or down.
        result = {
            "ok": result["ok"],
            "checks": {name: {"ok": c["ok"]} for name, c in result["checks"].items()},
        }
    return JsonResponse(result, status=status)


def favicon(request):
    # Resolved per request: the hashed name exists only once the static files are collected.
    return redirect(static("favicon.svg"), permanent=True)


# Django's own error pages, except under /api/: a client of the API gets {"detail": ...} as JSON
# for a URL no view matches ("/api/duels/abc/"), as it does from every view (DRF's handler).
def _api_or(page, status: int, detail: str):
    def handler(request, exception=None):  # handler500 is called without one
        if is_api(request):
            return refusal(request, detail, status)
        return page(request) if exception is None else page(request, exception)

    return handler


not_found = _api_or(defaults.page_not_found, 404, "Not found: no such address in the API.")
bad_request = _api_or(defaults.bad_request, 400, "Bad request.")
permission_denied = _api_or(defaults.permission_denied, 403, "You do not have permission to do this.")
server_error = _api_or(defaults.server_error, 500, "Server error: it is logged.")
