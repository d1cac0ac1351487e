"""Celery tasks of the games app. Thin: each calls a service."""

import uuid

from celery import shared_task

from games import services


@shared_task(name="games.heartbeat")
def heartbeat(token: str | None = None) -> str:
    return services.record_heartbeat(token or uuid.uuid4().hex, heartbeat.request.hostname or "?")
