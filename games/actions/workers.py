"""What the games services hand to the Celery worker: task messages, and its heartbeat."""

from __future__ import annotations

from games.models import WorkerHeartbeat


def record_heartbeat(token: str, worker: str) -> str:
    WorkerHeartbeat.objects.update_or_create(token=token, defaults={"worker": worker})
    return token


def enqueue_resolve(move_id: int) -> None:
    from games.tasks import resolve_move

    resolve_move.delay(move_id)


def enqueue_bot(duel_id: int, version: int) -> None:
    from games.tasks import bot_turn

    bot_turn.delay(duel_id, version)
