"""Celery tasks of the games app. Thin: each calls a service.

acks_late (settings) means a worker that dies mid-task leaves the message to be redelivered;
the services are idempotent, so a redelivered task applies its effect once.
"""

import uuid

from celery import shared_task
from django.db import InterfaceError, OperationalError

from games.actions import bots, clocks, moves, notifications, workers

# What a task meets when the database or broker is briefly away: a connection cut since the last
# task (connections are not pinged before each task: config/env.py), a restart, a deadlock. Django
# closes the broken connection before the next task, so the retry runs on a new one.
TRANSIENT_ERRORS = (ConnectionError, OperationalError, InterfaceError)

# A player's move and a bot's answer: retried while the database or broker is briefly away.
MOVE_TASK_OPTIONS = {
    "ignore_result": True,
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": True,
    "max_retries": 5,
}


@shared_task(name="games.heartbeat")
def heartbeat(token: str | None = None) -> str:
    return workers.record_heartbeat(token or uuid.uuid4().hex, heartbeat.request.hostname or "?")


@shared_task(name="games.noop")
def noop() -> None:
    """Does nothing: the move-latency benchmark's baseline is this task's round trip."""


@shared_task(name="games.resolve_move", **MOVE_TASK_OPTIONS)
def resolve_move(move_id: int) -> str | None:
    move = moves.resolve_move(move_id)
    return move.status if move else None


@shared_task(name="games.bot_turn", **MOVE_TASK_OPTIONS)
def bot_turn(duel_id: int, version: int) -> int | None:
    move = bots.play_bot_turn(duel_id, version)
    return move.pk if move else None


@shared_task(name="games.requeue_stuck_moves")
def requeue_stuck_moves() -> list[int]:
    return moves.requeue_stuck_moves()


@shared_task(name="games.enforce_deadlines")
def enforce_deadlines() -> list[int]:
    return clocks.enforce_deadlines()


@shared_task(
    name="games.email_notification",
    autoretry_for=(OSError, *TRANSIENT_ERRORS),
    retry_backoff=True,
    max_retries=5,
)
def email_notification(notification_id: int) -> bool:
    return notifications.send_email(notification_id)


@shared_task(name="games.send_turn_digests", autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_turn_digests() -> int:
    return notifications.send_turn_digests()
