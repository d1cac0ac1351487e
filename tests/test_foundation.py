"""The foundation: real PostgreSQL, Redis and a Celery worker; settings from the environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import psutil
import pytest
from django.core.exceptions import ImproperlyConfigured

from config import embedded
from config.env import database_from_url, env_bool, redis_with_db, validate_redis_url

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args: str, env: dict | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip


@pytest.mark.worker
def test_task_goes_through_redis_to_a_real_worker_that_writes_to_postgres(
    celery_worker_process, transactional_db
):
    from games.models import WorkerHeartbeat
    from games.tasks import heartbeat

    token = uuid.uuid4().hex
    result = heartbeat.delay(token)

    assert result.get(timeout=30) == token
    row = WorkerHeartbeat.objects.get(token=token)
    assert row.worker == celery_worker_process.nodename


@pytest.mark.worker
def test_healthz_answers_200_when_database_redis_and_worker_answer(
    client, admin_client, celery_worker_process, db
):
    response = admin_client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert {name for name, check in body["checks"].items() if check["ok"]} == {"database", "redis", "celery"}
    assert celery_worker_process.nodename in body["checks"]["celery"]["detail"]
    assert "PostgreSQL" in body["checks"]["database"]["detail"]
    # Anyone else learns up or down, not versions or host names (#11 item 8).
    anonymous = client.get("/healthz")
    assert anonymous.status_code == 200
    assert anonymous.json() == {"ok": True, "checks": {name: {"ok": True} for name in body["checks"]}}
    text = anonymous.content.decode()
    assert "PostgreSQL" not in text and "redis " not in text and "@" not in text


def test_healthz_answers_503_naming_the_service_that_is_down(db, settings):
    """Point the broker at a port nobody listens on: Redis and Celery must be reported down."""
    from config import health

    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"
    report = health.report()
    assert report["ok"] is False
    assert report["checks"]["database"]["ok"] is True
    assert report["checks"]["redis"]["ok"] is False
    assert "Error" in report["checks"]["redis"]["detail"]


def test_a_second_manage_py_process_reuses_the_same_embedded_postgres(db):
    if os.environ.get("DATABASE_URL"):
        pytest.skip("DATABASE_URL is set: the embedded server is not in use")
    ours = embedded.postgres_pid()
    assert ours is not None

    result = run_manage(
        "shell", "-c", "from config import embedded; from django.db import connection; "
        "connection.ensure_connection(); print(embedded.postgres_pid())",
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip().splitlines()[-1]) == ours
    # The second process left, the server stayed up for us.
    assert embedded.postgres_pid() == ours


def test_with_external_urls_nothing_embedded_is_started(db, tmp_path):
    """Treat the running servers as 'external': a process given both URLs must use them and
    create nothing under its own (empty) var folder."""
    from django.conf import settings
    from django.db import connection

    params = connection.get_connection_params()
    host = params.get("host") or "localhost"
    database_url = (
        f"postgresql://{params.get('user', 'postgres')}:{params.get('password') or ''}@/"
        f"{settings.DATABASES['default']['NAME']}?host={host}"
        if host.startswith("/")
        else f"postgresql://{params.get('user')}:{params.get('password') or ''}@{host}:{params.get('port') or 5432}/"
        f"{settings.DATABASES['default']['NAME']}"
    )
    empty_var = tmp_path / "var"
    result = run_manage(
        "shell", "-c", "from django.db import connection; import redis; from django.conf import settings; "
        "connection.ensure_connection(); print(redis.Redis.from_url(settings.CELERY_BROKER_URL).ping())",
        env={"DATABASE_URL": database_url, "REDIS_URL": settings.REDIS_URL, "JT_VAR_DIR": str(empty_var),
             "SECRET_KEY": "x" * 40},
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("True")
    assert not (empty_var / "postgres").exists()
    assert not (empty_var / "redis").exists()


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("DATABASE_URL", "mysql://user@host/db", "DATABASE_URL must be a postgres:// URL"),
        ("DATABASE_URL", "postgres://user@host:notaport/db", "invalid port"),
        ("DATABASE_URL", "postgres://user@host", "names no database"),
        ("REDIS_URL", "http://localhost:6379", "REDIS_URL must start with redis://"),
        ("DEBUG", "maybe", "is not a boolean"),
        ("DB_CONN_MAX_AGE", "a day", "is not a whole number"),
    ],
)
def test_a_malformed_setting_stops_start_up_with_a_clear_message(variable, value, message):
    result = run_manage("check", env={variable: value}, timeout=60)

    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_env_helpers_parse_good_values():
    os.environ["JT_TEST_BOOL"] = "Yes"
    try:
        assert env_bool("JT_TEST_BOOL") is True
    finally:
        del os.environ["JT_TEST_BOOL"]
    assert database_from_url("postgres://u:p@db.example:5433/jt")["PORT"] == 5433
    assert validate_redis_url("redis://cache:6379/0") == "redis://cache:6379/0"
    assert redis_with_db("redis://cache:6379/0", 3) == "redis://cache:6379/3"
    with pytest.raises(ImproperlyConfigured):
        validate_redis_url("cache:6379")


@pytest.mark.django_db(transaction=True)
def test_a_connection_is_reused_for_the_next_move_even_a_day_later(monkeypatch):
    """Players move about once a day: the web process and the worker must not open a new
    PostgreSQL backend for each move. Django ages connections out at the start of each request
    and task (close_old_connections); a day later the same backend must still answer."""
    import time

    from django.db import close_old_connections, connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        before = cursor.fetchone()[0]
    a_day_later = time.monotonic() + 24 * 3600
    monkeypatch.setattr(time, "monotonic", lambda: a_day_later)
    close_old_connections()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] == before


def test_the_database_connection_age_can_be_limited():
    def max_age(env: dict) -> str:
        code = "from django.conf import settings; print(settings.DATABASES['default']['CONN_MAX_AGE'])"
        return run_manage("shell", "--no-imports", "-c", code, env=env).stdout.strip()

    assert max_age({}) == "None"
    assert max_age({"DB_CONN_MAX_AGE": "30"}) == "30"


def test_rules_package_imports_nothing_from_django():
    code = "import sys, rules, json; print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'django')))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []


def test_the_redis_cache_reuses_one_client_per_thread_and_keeps_what_it_is_given():
    """Sessions and rate limits live in this cache: values must come back, in every thread, while
    each thread's cache keeps a single redis-py client instead of building one per command."""
    import threading

    from django.core.cache import cache

    cache.set("foundation:cache-check", {"who": "main"}, 30)
    assert cache.get("foundation:cache-check") == {"who": "main"}
    assert cache._cache.get_client(write=True) is cache._cache.get_client(write=False)

    seen = {}

    def other_thread():
        from django.core.cache import cache as thread_cache

        seen["value"] = thread_cache.get("foundation:cache-check")
        seen["client"] = thread_cache._cache.get_client()
        thread_cache.set("foundation:cache-check", {"who": "thread"}, 30)

    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join(10)
    assert seen["value"] == {"who": "main"}
    assert seen["client"] is not cache._cache.get_client(), "each thread has its own cache object"
    assert cache.get("foundation:cache-check") == {"who": "thread"}
    cache.delete("foundation:cache-check")


CONFIGURE_SCRIPT = """
import json, os, sys
from config import embedded
embedded.postgres_settings()
before = embedded.postgres_pid()
others = embedded._Users("postgres")
if sys.argv[1] == "shared":  # another live process (the test's) uses the server
    others.add(os.getppid())
applied = embedded.configure_postgres("shared_buffers", "48MB")
import psycopg
db = embedded.postgres_settings()
with psycopg.connect(host=db["HOST"], user="postgres", dbname="postgres") as conn:
    running = conn.execute("SHOW shared_buffers").fetchone()[0]
others.remove(os.getppid())  # so the last one out (this process) stops the server
print(json.dumps({"applied": applied, "running": running, "restarted": embedded.postgres_pid() != before}))
"""


@pytest.mark.parametrize("users", ["alone", "shared"])
def test_a_setting_read_at_start_restarts_the_embedded_postgres_only_when_nobody_else_uses_it(
    tmp_path, users
):
    """The load test gives the embedded server a buffer cache that holds its database: a restart,
    which must never cut the connections of a `make run` or a test run sharing the server."""
    result = subprocess.run(
        [sys.executable, "-c", CONFIGURE_SCRIPT, users],
        cwd=ROOT, env={**os.environ, "JT_VAR_DIR": str(tmp_path / "var")},
        capture_output=True, text=True, timeout=180,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    if users == "alone":
        assert outcome == {"applied": True, "running": "48MB", "restarted": True}
    else:  # kept for the next start, the running server untouched
        assert outcome == {"applied": False, "running": "128MB", "restarted": False}
        assert "shared_buffers = '48MB'" in (tmp_path / "var/postgres/postgresql.auto.conf").read_text()


def test_the_process_that_started_the_embedded_postgres_stops_it_and_exits_quietly(tmp_path):
    """`make eval` and `manage.py` commands start the server when nothing runs it, and stop it as
    they leave: nothing printed at exit (a traceback from the wheel's own exit hook was), nothing
    left running."""
    script = "from config import embedded; embedded.postgres_settings(); print(embedded.postgres_pid())"
    env = {**os.environ, "JT_VAR_DIR": str(tmp_path / "var")}
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )

    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    pid = int(result.stdout.strip().splitlines()[-1])
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
