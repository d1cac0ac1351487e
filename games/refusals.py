"""How a refused request (`games.errors.DuelError`) is answered: the one mapping to HTTP.

The API: `api_exception_handler` (REST_FRAMEWORK's EXCEPTION_HANDLER) answers a `DuelError` with
its status and `{"detail": message}`; anything else goes to DRF's own handler.

Pages: `shown_as_message(then)` turns a `DuelError` raised by a view into a one-time message and
the answer `then(request, **kwargs)` gives (back to the board, to the lobby, ...);
`refusal_on(form)` puts it on a form instead, for pages that show the form again.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import wraps

from django.contrib import messages
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.errors import DuelError


def api_exception_handler(exc, context):
    if isinstance(exc, DuelError):
        return Response({"detail": exc.message}, status=exc.status)
    return exception_handler(exc, context)


def shown_as_message(then):
    """A page view whose refusals become an error message, then `then(request, *args, **kwargs)`."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            try:
                return view(request, *args, **kwargs)
            except DuelError as error:
                messages.error(request, error.message)
                return then(request, *args, **kwargs)

        return wrapped

    return decorate


@contextmanager
def refusal_on(form, field: str | None = None):
    """A refusal inside the block becomes an error on `form` (the page shows the form again)."""
    try:
        yield
    except DuelError as error:
        form.add_error(field, error.message)
