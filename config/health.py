"""Checks behind /healthz: each answers (ok, detail) and never raises."""

from __future__ import annotations

import time

from django.db import connection


def _timed(check):
    started = time.perf_counter()
    try:
        ok, detail = check()
    except Exception as exc:  # a health check reports failures, it does not raise them
        ok, detail = False, f"{type(exc).__name__}: {exc}"
    return {"ok": ok, "detail": detail, "ms": round((time.perf_counter() - started) * 1000, 1)}


def check_database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        return True, cursor.fetchone()[0].split(",")[0]


def check_redis():
    import redis
    from django.conf import settings

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_timeout=2, socket_connect_timeout=2)
    try:
        return bool(client.ping()), f"redis {client.info('server')['redis_version']}"
    finally:
        client.close()


def check_celery():
    from config.celery import app

    # limit=1: one live worker is enough, and the ping returns as soon as it answers.
    replies = app.control.ping(timeout=2.0, limit=1)
    workers = sorted(name for reply in replies for name in reply)
    if not workers:
        return False, "no Celery worker answered a ping"
    return True, ", ".join(workers)


def report() -> dict:
    checks = {
        "database": _timed(check_database),
        "redis": _timed(check_redis),
        "celery": _timed(check_celery),
    }
    return {"ok": all(c["ok"] for c in checks.values()), "checks": checks}
