from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config import health


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
