"""Where a move's time goes: the POST (the whole Django request in this process: middleware,
session, DRF, throttle, the service) and the worker's service (`moves.resolve_move`), timed move
by move with their SQL statements, commits and Redis commands counted, and cProfile's top
functions for each side. No HTTP server and no Celery worker: what is left is the application's
own work (move_latency.py measures the whole path).

Uses its own database (created from template1, dropped at the end).

    .venv/bin/python benchmarks/move_profile.py [--moves 200] [--top 25]
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import io
import os
import pstats
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import _scratch_db as scratch_db  # noqa: E402 - benchmarks/ is on sys.path when run as a script

os.environ["JT_TEST_RUN"] = f"profile{os.getpid()}"  # its own Celery queue: nothing consumes it
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
DB_NAME = f"bench_profile_{os.getpid()}"


class Counted:
    """Counts what a block of code asks PostgreSQL and Redis."""

    def __init__(self):
        self.statements = 0
        self.commits = 0
        self.redis = 0
        self.commands = collections.Counter()  # what psycopg sent outside cursors, over the run

    def db_wrapper(self, execute, sql, params, many, context):
        self.statements += 1
        connection = context["connection"]
        writes = sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "WITH"))
        if writes and connection.get_autocommit() and not connection.in_atomic_block:
            self.commits += 1  # a write outside a transaction commits by itself
        if sql.strip().upper().startswith(("COMMIT", "RELEASE SAVEPOINT")):
            self.commits += 1
        return execute(sql, params, many, context)


def count_redis(counter: Counted):
    """Wrap redis-py's command execution (single commands and pipelines) to count round trips."""
    import redis.client

    original_execute = redis.client.Redis.execute_command
    original_pipeline = redis.client.Pipeline.execute

    def execute_command(self, *args, **kwargs):
        counter.redis += 1
        return original_execute(self, *args, **kwargs)

    def pipeline_execute(self, *args, **kwargs):
        counter.redis += 1
        return original_pipeline(self, *args, **kwargs)

    redis.client.Redis.execute_command = execute_command
    redis.client.Pipeline.execute = pipeline_execute


def count_commits(counter: Counted):
    """psycopg sends BEGIN and COMMIT itself (not through a cursor): count the transactions."""
    from psycopg._connection_base import BaseConnection

    original = BaseConnection._exec_command

    def exec_command(self, command, *args, **kwargs):
        text = command if isinstance(command, bytes) else str(command).encode()
        counter.commands[text.split()[0].upper().decode()] += 1
        if text.upper().startswith(b"COMMIT"):
            counter.commits += 1
        return original(self, command, *args, **kwargs)

    BaseConnection._exec_command = exec_command


PHASES = collections.defaultdict(float)  # seconds per phase, over the measured calls
MEASURING = [False]


def timed(owner, name: str, label: str) -> None:
    """Replace owner.name with a wrapper that adds its time to PHASES[label]."""
    original = getattr(owner, name)

    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            if MEASURING[0]:
                PHASES[label] += time.perf_counter() - started

    setattr(owner, name, wrapper)


def time_phases() -> None:
    """The phases of a move worth telling apart (each a function of the path, wrapped)."""
    import psycopg
    from django.contrib.sessions.backends import cached_db
    from rest_framework import serializers

    import rules
    from config import throttling
    from games import api, live
    from games.actions import moves, notifications

    timed(cached_db.SessionStore, "load", "session load")
    timed(throttling, "hit", "throttle (Redis)")
    timed(throttling, "hit_leased", "throttle (a lease: Redis one move in ten)")
    timed(serializers.Serializer, "is_valid", "request shape (DRF serializer)")
    timed(moves, "_requesters_seat", "seat + duel read (SQL)")
    timed(moves, "_apply_all", "rules: apply (validate)")
    timed(rules.Duel, "from_json", "rules: state from JSON")
    timed(rules.Duel, "to_json", "rules: state to JSON")
    timed(moves, "enqueue_resolve", "Celery enqueue (Redis)")
    timed(psycopg.Connection, "commit", "COMMIT (WAL flush)")
    timed(api, "move_body", "response body")
    timed(moves, "stage_state", "new state staged (events, clocks)")
    timed(moves, "_save_applied", "events, move and duel written")
    timed(live, "publish_version", "publish (Redis)")
    timed(notifications, "notify_turn", "notify turn")
    timed(notifications, "notify_finished", "notify finished")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--top", type=int, default=25, help="functions listed per side (0: time only)")
    args = parser.parse_args()

    scratch_db.create(DB_NAME)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from games.actions import challenges, decks, moves
    from games.models import Duel

    try:
        call_command("migrate", verbosity=0)
        decks.ensure_starter_decks()
        deck = decks.starter_decks()[0]
        users = [get_user_model().objects.create_user(f"p{i}", password="x") for i in range(2)]
        clients = {}
        for user in users:
            client = Client(HTTP_HOST="127.0.0.1")
            client.force_login(user)
            clients[user.pk] = client
        counter = Counted()
        count_redis(counter)
        count_commits(counter)
        if not args.top:
            time_phases()
        rng = random.Random(1)
        post_profile, worker_profile = cProfile.Profile(), cProfile.Profile()
        times = {"post": [], "worker": []}
        cpu = {"post": [], "worker": []}  # this process's CPU time: what a loaded machine changes least
        counts = {"post": [], "worker": []}
        duel = None
        made = 0
        while made < args.moves:
            if duel is None or duel.status != Duel.Status.ACTIVE:
                duel = challenges.create_duel(users[0], deck=deck, opponent=users[1], days_per_move=1)
                challenges.accept_duel(users[1], duel.pk, deck)
                duel.refresh_from_db()
            import rules

            state = rules.Duel.from_json(duel.state)
            action = rng.choice(state.legal_actions()).to_json()
            user = duel.seat_at(duel.to_move).user
            body = {"version": duel.version, "actions": [action]}
            for side in ("post", "worker"):
                counter.statements = counter.commits = counter.redis = 0
                profile = post_profile if side == "post" else worker_profile
                with connection.execute_wrapper(counter.db_wrapper):
                    MEASURING[0] = True
                    started, started_cpu = time.perf_counter(), time.process_time()
                    if args.top:
                        profile.enable()
                    if side == "post":
                        response = clients[user.pk].post(
                            f"/api/duels/{duel.pk}/moves/", body, content_type="application/json",
                            headers={"Idempotency-Key": uuid.uuid4().hex},
                        )  # fmt: skip
                        move_id = response.json().get("id")
                    else:
                        moves.resolve_move(move_id)
                    if args.top:
                        profile.disable()
                    times[side].append(time.perf_counter() - started)
                    cpu[side].append(time.process_time() - started_cpu)
                    MEASURING[0] = False
                if side == "post" and response.status_code != 202:
                    raise SystemExit(f"move refused: {response.status_code} {response.content[:300]}")
                counts[side].append((counter.statements, counter.commits, counter.redis))
            made += 1
            duel.refresh_from_db()
            duel = Duel.objects.prefetch_related("seats__user").get(pk=duel.pk)

        for side in ("post", "worker"):
            ms = sorted(t * 1000 for t in times[side])
            statements = statistics.mean(c[0] for c in counts[side])
            commits = statistics.mean(c[1] for c in counts[side])
            redis_calls = statistics.mean(c[2] for c in counts[side])
            cpu_ms = statistics.median(cpu[side]) * 1000
            print(
                f"{side:7} p50 {statistics.median(ms):6.2f} ms  p90 {ms[int(0.9 * len(ms))]:6.2f} ms  "
                f"CPU p50 {cpu_ms:5.2f} ms  "
                f"SQL statements {statements:.2f}  commits {commits:.2f}  Redis round trips {redis_calls:.2f}"
            )
        for label, seconds in PHASES.items():
            print(f"  {label:32} {seconds / made * 1000:6.2f} ms per move (mean)")
        print(f"psycopg's own commands, whole run: {dict(counter.commands)}")
        for side, profile in (("POST", post_profile), ("worker", worker_profile)) if args.top else ():
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out)
            stats.sort_stats("cumulative").print_stats(args.top)
            print(f"\n===== {side}: cumulative, per {args.moves} moves =====")
            print(out.getvalue())
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out)
            stats.sort_stats("tottime").print_stats(args.top)
            print(f"\n===== {side}: own time =====")
            print(out.getvalue())
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out)
            stats.sort_stats("cumulative").print_callees(
                r"\(post\)|submit_move|resolve_move|_save_applied|dispatch|initial"
            )
            print(f"\n===== {side}: what the move's own functions call =====")
            print(out.getvalue())
    finally:
        scratch_db.drop(DB_NAME)


if __name__ == "__main__":
    main()
