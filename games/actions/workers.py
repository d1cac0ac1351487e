"""What the games services hand to the Celery worker: task messages, and its heartbeat.

The tasks are looked up by name in the Celery app's registry, not imported: games.tasks imports
these services (it is their thin Celery face), so importing it here would close an import cycle.
A name the registry does not know raises KeyError at once, rather than queueing a message that no
worker would run. GamesConfig.ready puts the tasks in the registry of every process."""

from __future__ import annotations

from celery import current_app

from games.models import WorkerHeartbeat

RESOLVE_MOVE = "games.resolve_move"
BOT_TURN = "games.bot_turn"
EMAIL_NOTIFICATION = "games.email_notification"


def record_heartbeat(token: str, worker: str) -> str:
    WorkerHeartbeat.objects.update_or_create(token=token, defaults={"worker": worker})
    return token


def _enqueue(task_name: str, *args) -> None:
    current_app.tasks[task_name].delay(*args)


def enqueue_resolve(move_id: int) -> None:
    _enqueue(RESOLVE_MOVE, move_id)


def enqueue_bot(duel_id: int, version: int) -> None:
    _enqueue(BOT_TURN, duel_id, version)


def enqueue_email(notification_id: int) -> None:
    _enqueue(EMAIL_NOTIFICATION, notification_id)
