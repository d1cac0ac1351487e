"""The bare move path: a baseline for the move-latency benchmark, served only by its own
processes (see `_bench_settings`).

It does what every move must do on this stack and nothing else: a signed-in Django request
(session, user, CSRF) reads the duel's version and stores a pending move in `games_move`; on
commit a Celery task locks the move and its duel, writes the duel back with its version bumped
and marks the move applied, all in raw SQL. No DRF, no ORM, no rules, no events, no notifications.
What the real move takes beyond this is the application's own work."""

import json

from celery import shared_task
from django.db import connection, transaction
from django.http import JsonResponse
from django.urls import path
from django.utils import timezone

from config.urls import urlpatterns as site_urlpatterns


def store_bare_move(duel_id: int, user_id: int, version: int, actions: list, key: str) -> int | None:
    """Store a pending move and queue its task on commit: the move's id, or None when stale."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT d.version, s.index FROM games_duel d JOIN games_seat s ON s.duel_id = d.id "
            "WHERE d.id = %s AND s.user_id = %s",
            [duel_id, user_id],
        )
        row = cursor.fetchone()
        if row is None or row[0] != version:
            return None
        cursor.execute(
            "INSERT INTO games_move (duel_id, seat, user_id, key, version, actions, status, error,"
            " created_at) VALUES (%s, %s, %s, %s, %s, %s, 'pending', '', %s) RETURNING id",
            [duel_id, row[1], user_id, key, row[0], json.dumps(actions), timezone.now()],
        )
        move_id = cursor.fetchone()[0]
    transaction.on_commit(lambda: apply_bare_move.delay(move_id))
    return move_id


def bare_move(request, duel_id: int):
    if not request.user.is_authenticated:
        return JsonResponse({"detail": "sign in"}, status=403)
    body = json.loads(request.body)
    move_id = store_bare_move(
        duel_id, request.user.pk, body["version"], body["actions"], request.headers["Idempotency-Key"]
    )
    if move_id is None:
        return JsonResponse({"detail": "stale version"}, status=409)
    return JsonResponse({"id": move_id}, status=202)


@shared_task(name="bench.apply_bare_move")
def apply_bare_move(move_id: int) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT d.id, d.state FROM games_move m JOIN games_duel d ON d.id = m.duel_id "
            "WHERE m.id = %s AND m.status = 'pending' FOR UPDATE OF m, d",
            [move_id],
        )
        row = cursor.fetchone()
        if row is None:
            return
        duel_id, state = row
        cursor.execute(
            "UPDATE games_duel SET version = version + 1, state = %s WHERE id = %s",
            [json.dumps(json.loads(state)), duel_id],
        )
        cursor.execute(
            "UPDATE games_move SET status = 'applied', resolved_at = %s WHERE id = %s",
            [timezone.now(), move_id],
        )


def trivial(request):
    """The cheapest Django view there is (all the middleware, no session read, no query): what the
    cheapest API call is compared with."""
    return JsonResponse({"ok": True})


def trivial_signed_in(request):
    """The floor of any signed-in call: the trivial view plus the session and its user (read as
    every signed-in request reads them), no DRF, no throttle, no query of its own."""
    if not request.user.is_authenticated:
        return JsonResponse({"detail": "sign in"}, status=403)
    return JsonResponse({"user": request.user.pk})


def one_row_signed_in(request, move_id: int):
    """The floor of a signed-in call that reads one row: the signed-in floor plus one primary-key
    read from PostgreSQL in raw SQL, no DRF, no ORM. What the cheapest API call (reading a move)
    costs on this stack before any of its own work."""
    if not request.user.is_authenticated:
        return JsonResponse({"detail": "sign in"}, status=403)
    with connection.cursor() as cursor:
        cursor.execute("SELECT status FROM games_move WHERE id = %s", [move_id])
        row = cursor.fetchone()
    if row is None:
        return JsonResponse({"detail": "no such move"}, status=404)
    return JsonResponse({"id": move_id, "status": row[0]})


urlpatterns = [
    path("bench/bare-move/<int:duel_id>/", bare_move),
    path("bench/trivial/", trivial),
    path("bench/trivial-user/", trivial_signed_in),
    path("bench/one-row/<int:move_id>/", one_row_signed_in),
    *site_urlpatterns,
]
