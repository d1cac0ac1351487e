"""The same move, with no Django at all: what this machine's services cost on their own.

A WSGI function under gunicorn stores a pending move in raw SQL (psycopg) and queues a task; a
plain Celery app (prefork, acks_late, prefetch 1, as the site's worker) locks the move and its
duel, writes the duel back with its version bumped and marks the move applied. There is no
sign-in, validation, rules engine or ORM. The client times POST to applied (seen through
LISTEN/NOTIFY, as in move_latency.py), and this app's own no-op task round trip right after each.

Next to move_latency.py's bare move path (the same work as a signed-in Django view and a task in
the site's Django worker), it tells how much of a move's cost is the services and the machine,
and how much is the framework.

    .venv/bin/python benchmarks/bare_stack_latency.py [--moves 300]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
from celery import Celery

HERE = Path(__file__).resolve().parent
QUEUE = os.environ.setdefault("BARE_STACK_QUEUE", f"bare-stack-{os.getpid()}")

app = Celery("bare_stack")
_local = threading.local()


def configure(redis_url: str) -> None:
    app.conf.update(
        broker_url=redis_url,
        result_backend=redis_url,
        task_default_queue=QUEUE,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        accept_content=["json"],
        broker_connection_retry_on_startup=True,
    )


if os.environ.get("BARE_STACK_REDIS"):  # in the web and worker processes
    configure(os.environ["BARE_STACK_REDIS"])


def database():
    """One connection per thread, kept, as Django keeps them."""
    if getattr(_local, "connection", None) is None:
        _local.connection = psycopg.connect(os.environ["BARE_STACK_DSN"])
    return _local.connection


@app.task(name="bare_stack.noop")
def noop() -> None:
    return None


@app.task(name="bare_stack.apply_move")
def apply_move(move_id: int) -> None:
    connection = database()
    with connection.transaction():
        row = connection.execute(
            "SELECT d.id, d.state FROM bare_move m JOIN bare_duel d ON d.id = m.duel_id "
            "WHERE m.id = %s AND m.status = 'pending' FOR UPDATE OF m, d",
            [move_id],
        ).fetchone()
        if row is None:
            return
        duel_id, state = row
        connection.execute(
            "UPDATE bare_duel SET version = version + 1, state = %s WHERE id = %s",
            [json.dumps(state), duel_id],
        )
        connection.execute(
            "UPDATE bare_move SET status = 'applied', resolved_at = now() WHERE id = %s", [move_id]
        )


def wsgi(environ, start_response):
    body = json.loads(environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0)))
    connection = database()
    with connection.transaction():
        (version,) = connection.execute(
            "SELECT version FROM bare_duel WHERE id = %s", [body["duel"]]
        ).fetchone()
        if version != body["version"]:
            start_response("409 Conflict", [("Content-Length", "0")])
            return [b""]
        (move_id,) = connection.execute(
            "INSERT INTO bare_move (duel_id, version, actions, status, created_at)"
            " VALUES (%s, %s, %s, 'pending', now()) RETURNING id",
            [body["duel"], version, json.dumps(body["actions"])],
        ).fetchone()
    apply_move.delay(move_id)  # after the commit, as on_commit does
    answer = json.dumps({"id": move_id}).encode()
    start_response(
        "202 Accepted", [("Content-Type", "application/json"), ("Content-Length", str(len(answer)))]
    )
    return [answer]


SCHEMA = """
CREATE TABLE bare_duel (id serial PRIMARY KEY, version int NOT NULL, state jsonb NOT NULL);
CREATE TABLE bare_move (
    id serial PRIMARY KEY, duel_id int NOT NULL REFERENCES bare_duel, version int NOT NULL,
    actions jsonb NOT NULL, status text NOT NULL, created_at timestamptz NOT NULL,
    resolved_at timestamptz, UNIQUE (duel_id, version)
);
"""


def main() -> None:
    # SIGTERM and SIGHUP unwind as Ctrl-C does: the finally below stops the servers started here
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.default_int_handler)
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()

    sys.path.insert(0, str(HERE.parent))
    import _scratch_db as scratch_db

    from config import embedded

    admin_settings = embedded.postgres_settings()
    name = f"bench_bare_stack_{os.getpid()}"
    admin = psycopg.connect(host=admin_settings["HOST"], user="postgres", dbname="postgres", autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    dsn = f"host={admin_settings['HOST']} user=postgres dbname={name}"
    env = {
        **os.environ,
        "BARE_STACK_DSN": dsn,
        "BARE_STACK_REDIS": embedded.redis_url(9),
        "PYTHONPATH": str(HERE),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    os.environ.update(env)
    configure(env["BARE_STACK_REDIS"])
    listener = psycopg.connect(dsn, autocommit=True)
    listener.execute(SCHEMA + scratch_db.notify_when_resolved("bare_move", "bare_move_resolved"))
    # A state of the size of a real duel's.
    (duel_id,) = listener.execute(
        "INSERT INTO bare_duel (version, state) VALUES (0, %s) RETURNING id",
        [json.dumps({"cards": ["x" * 40] * 150})],
    ).fetchone()
    listener.execute("LISTEN bare_move_resolved")

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    quiet = {"cwd": HERE, "env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "bare_stack_latency", "worker", "-Q", QUEUE, "-c", "2",
         "--without-gossip", "--without-mingle"], **quiet,
    )  # fmt: skip
    web = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "bare_stack_latency:wsgi", f"--bind=127.0.0.1:{port}",
         "--workers=2", "--threads=4"], **quiet,
    )  # fmt: skip
    try:
        for _ in range(30):  # the worker and the web server are up, and warm
            noop.delay().get(timeout=60)
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        moves, posts, noops = [], [], []
        for version in range(args.moves + 20):
            started = time.perf_counter()
            client.request(
                "POST", "/", json.dumps({"duel": duel_id, "version": version, "actions": [{"kind": "pass"}]}),
                {"Content-Type": "application/json"},
            )  # fmt: skip
            response = client.getresponse()
            move_id = json.loads(response.read())["id"]
            posted = time.perf_counter()
            notified = {n.payload for n in listener.notifies(timeout=30, stop_after=1)}
            if notified != {str(move_id)}:  # one move at a time: the next NOTIFY is this move's
                raise SystemExit(f"move {move_id} was not applied within 30 s")
            applied = time.perf_counter()
            noop.delay().get(timeout=30)
            if version >= 20:  # the first ones warm every web thread and pool process
                moves.append(applied - started)
                posts.append(posted - started)
                noops.append(time.perf_counter() - applied)
        move, post, no_op = (statistics.median(samples) * 1000 for samples in (moves, posts, noops))
        print(f"{'measure (no Django)':30} {'n':>5} {'p50 ms':>8}")
        print(f"{'no-op task round trip':30} {len(noops):>5} {no_op:8.2f}")
        print(f"{'move: POST -> applied':30} {len(moves):>5} {move:8.2f}")
        print(f"{'  of which the POST':30} {len(posts):>5} {post:8.2f}")
        print(f"\nratio of p50s (move / no-op round trip), no Django: {move / no_op:.2f}")
    finally:
        web.terminate()
        worker.terminate()
        web.wait(10)
        worker.wait(20)
        listener.close()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


if __name__ == "__main__":
    main()
