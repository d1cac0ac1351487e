"""Writes of the games app."""

from games.models import WorkerHeartbeat


def record_heartbeat(token: str, worker: str) -> str:
    WorkerHeartbeat.objects.update_or_create(token=token, defaults={"worker": worker})
    return token
