"""The board's event stream (`/duels/<id>/events/`): an async view, served by the ASGI server.

The same seat check as the board: signed out, 403; not a player of this duel (or no such duel),
404. Under a WSGI server (the test suite's live server) a stream could not be sent as it
happens, so it answers 204, which tells an EventSource to stop; the board then polls.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpResponse, StreamingHttpResponse

from games import live
from games.models import Seat

MAX_VERSION_DIGITS = 18  # past bigint is no version of ours


def _refusal(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _since(request) -> int | str:
    """The version the board has: the EventSource's Last-Event-ID on a reconnect, else ?since=."""
    raw = request.headers.get("Last-Event-ID") or request.GET.get("since", "0")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_VERSION_DIGITS:
        return "'since' (or Last-Event-ID) must be the board's version, a whole number."
    return int(raw)


def _duel_as_seen_by(duel_id: int, user_id: int) -> tuple[int, bool] | None:
    """(version, over) of the duel if the user holds a seat in it, else None. The stream keeps
    no database connection: it is handed back (to the pool) before the stream starts."""
    try:
        row = (
            Seat.objects.filter(duel_id=duel_id, user_id=user_id)
            .values_list("duel__version", "duel__status")
            .first()
        )
    finally:
        connection.close()
    if row is None:
        return None
    version, status = row
    return version, status not in ("active",)


async def board_events(request, duel_id: int):
    user = await request.auser()
    if not user.is_authenticated:
        return _refusal("Sign in to follow a duel.", 403)
    since = _since(request)
    if isinstance(since, str):
        return _refusal(since, 400)
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    try:
        stream = await live.BoardStream(duel_id, user.pk).open()
    except live.TooManyStreams:
        return _refusal(
            f"Too many open boards: at most {live.MAX_STREAMS_PER_USER} follow duels at once. "
            "Close another tab.",
            429,
        )
    seen = await sync_to_async(_duel_as_seen_by)(duel_id, user.pk)
    if seen is None:
        await stream.close()
        return _refusal("Only the duel's players can follow its board.", 404)
    version, over = seen
    response = StreamingHttpResponse(stream.events(since, version, over), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy such as nginx must not hold the events back
    return response
