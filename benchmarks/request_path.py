"""Where a signed-in API read's time goes, in one process and without HTTP (issue #16).

Calls Django's WSGI handler (as `config.serving` does, the database pool on) for the three reads
move_latency.py compares: the trivial view, the same view signed in, and the cheapest API call
(`GET /api/moves/<id>/`). For each it prints the SQL statements and Redis commands one request
makes, and the p50 of the wall time and of the thread's CPU time per request. On a machine shared
with other jobs the wall time swings with their load, the CPU time and the round trips much less:
each round trip to PostgreSQL or Redis gives the CPU up and waits to get it back.

Uses its own database (created from template1, dropped at the end).

    .venv/bin/python benchmarks/request_path.py [--requests 500] [--profile DIR]

With --profile, writes a cProfile (CPU time) of each read to DIR/<read>.prof (get_move.prof, ...).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import _scratch_db as scratch_db  # noqa: E402 - benchmarks/ is on sys.path when run as a script

os.environ["JT_TEST_RUN"] = f"path{os.getpid()}"  # its own cache prefix and task queue
os.environ["DJANGO_SETTINGS_MODULE"] = "_bench_settings"  # the test settings plus the trivial views
os.environ["JT_DB_POOL"] = "1"  # as the web server runs (config.asgi)
DB_NAME = f"bench_path_{os.getpid()}"
PASSWORD = "bench-password-not-secret"


class RedisCommands:
    """Counts the Redis commands (a pipeline as one round trip) made while it is on."""

    def __init__(self):
        import redis.client

        self.seen: list[str] = []
        command, pipeline = redis.client.Redis.execute_command, redis.client.Pipeline.execute

        def counted_command(client, *args, **kwargs):
            self.seen.append(str(args[0]))
            return command(client, *args, **kwargs)

        def counted_pipeline(pipe, *args, **kwargs):
            self.seen.append("MULTI(" + " ".join(str(c[0][0]) for c in pipe.command_stack) + ")")
            return pipeline(pipe, *args, **kwargs)

        redis.client.Redis.execute_command = counted_command
        redis.client.Pipeline.execute = counted_pipeline


class Browser:
    """Cookies kept between calls of the WSGI handler, as a browser keeps them."""

    def __init__(self, application):
        from config.serving import wsgi_environ

        self.application, self.wsgi_environ = application, wsgi_environ
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes = b"", headers=()) -> tuple[int, bytes]:
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        scope = {
            "type": "http", "method": method, "path": path, "query_string": b"",
            "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 50000),
            "headers": [(b"host", b"127.0.0.1:8000"), (b"cookie", cookie.encode()), *headers],
        }  # fmt: skip
        environ = self.wsgi_environ(scope, io.BytesIO(body))
        environ["CONTENT_LENGTH"] = str(len(body))
        started: dict = {}

        def start_response(status, response_headers, exc_info=None):
            started["status"], started["headers"] = int(status.split()[0]), response_headers

        result = self.application(environ, start_response)
        try:
            content = b"".join(result)
        finally:
            result.close()
        for name, value in started["headers"]:
            if name.lower() == "set-cookie":
                key, _, rest = value.strip().partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return started["status"], content

    def sign_in(self, username: str) -> None:
        self.request("GET", "/accounts/login/")
        form = f"username={username}&password={PASSWORD}&csrfmiddlewaretoken={self.cookies['csrftoken']}"
        status, _ = self.request(
            "POST", "/accounts/login/", form.encode(),
            [(b"content-type", b"application/x-www-form-urlencoded"), (b"referer", b"http://127.0.0.1:8000/")],
        )  # fmt: skip
        if status != 302:
            raise SystemExit(f"sign-in answered {status}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=500, help="requests timed per read")
    parser.add_argument("--profile", type=Path, help="write a CPU-time cProfile of each read here")
    args = parser.parse_args()

    scratch_db.create(DB_NAME)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.core.wsgi import get_wsgi_application
    from django.db import connection

    from games.actions import challenges, decks
    from games.models import Move

    try:
        call_command("migrate", verbosity=0)
        decks.ensure_starter_decks()
        alice, bob = (
            get_user_model().objects.create_user(name, password=PASSWORD) for name in ("alice", "bob")
        )
        deck = decks.starter_decks()[0]
        duel = challenges.create_duel(alice, deck=deck, opponent=bob, days_per_move=1)
        challenges.accept_duel(bob, duel.pk, deck)
        move = Move.objects.create(duel_id=duel.pk, seat=0, user=alice, key="k", version=1, actions=[])
        connection.close()

        browser = Browser(get_wsgi_application())
        browser.sign_in("alice")
        reads = {
            "trivial view": "/bench/trivial/",
            "signed in (floor)": "/bench/trivial-user/",
            "GET move (API)": f"/api/moves/{move.pk}/",
            "GET duel (API)": f"/api/duels/{duel.pk}/",  # the board's read: two a move in move_latency
        }
        redis = RedisCommands()
        print(f"{'read':20} {'SQL':>4} {'Redis':>6} {'wall p50 ms':>12} {'CPU p50 ms':>11}  round trips")
        for name, path in reads.items():
            for _ in range(25):  # warm: the user's record, the throttle's lease, the pool
                status, _ = browser.request("GET", path)
            if status != 200:
                raise SystemExit(f"{path} answered {status}")
            redis.seen.clear()
            connection.queries_log.clear()
            connection.force_debug_cursor = True  # log the statements of the next request
            browser.request("GET", path)
            connection.force_debug_cursor = False
            statements = len(connection.queries_log)
            commands = list(redis.seen)
            wall, cpu = [], []
            for _ in range(args.requests):
                started, started_cpu = time.perf_counter(), time.thread_time()
                browser.request("GET", path)
                cpu.append(time.thread_time() - started_cpu)
                wall.append(time.perf_counter() - started)
            print(
                f"{name:20} {statements:>4} {len(commands):>6} "
                f"{statistics.median(wall) * 1000:12.3f} {statistics.median(cpu) * 1000:11.3f}  "
                + ", ".join(["SQL"] * statements + commands)
            )
            if args.profile:
                args.profile.mkdir(parents=True, exist_ok=True)
                profile = cProfile.Profile(time.thread_time)
                profile.runcall(lambda p=path: [browser.request("GET", p) for _ in range(args.requests)])
                # "GET move (API)" -> get_move.prof: each read a file of its own
                slug = "_".join(name.split(" (")[0].lower().split())
                profile.dump_stats(args.profile / f"{slug}.prof")
        print("(a read's throttle takes a lease of its budget one request in ten: a MULTI not counted above)")
    finally:
        connection.close()
        scratch_db.drop(DB_NAME)


if __name__ == "__main__":
    main()
