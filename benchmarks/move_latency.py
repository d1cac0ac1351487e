"""Move latency: moves posted over HTTP (gunicorn) and resolved by a real Celery worker.

Prints p50/p99 from the POST to the move being applied, the throughput with several duels in
flight, and the ratio to a no-op Celery task's round trip measured in the same run on the same
broker (the floor any worker-resolved move has to pay).

Uses its own database (created from template1, dropped at the end) and its own task queue, so
it never touches the development data or a running `make run`.

    .venv/bin/python benchmarks/move_latency.py [--moves 200] [--duels 6]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import _scratch_db as scratch_db  # noqa: E402 - benchmarks/ is on sys.path when run as a script

RUN = f"bench{os.getpid()}"
os.environ["JT_TEST_RUN"] = RUN  # its own Celery queue (see config/test_settings.py)
os.environ["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
DB_NAME = f"bench_moves_{os.getpid()}"
PASSWORD = "bench-password-not-secret"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def summary(name: str, samples_s: list[float]) -> dict:
    ms = [s * 1000 for s in samples_s]
    return {
        "name": name,
        "n": len(ms),
        "p50_ms": statistics.median(ms),
        "p90_ms": percentile(ms, 90),
        "p99_ms": percentile(ms, 99),
        "max_ms": max(ms),
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Http:
    """A signed-in player as a browser is: a session cookie and the CSRF token."""

    def __init__(self, base: str, username: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.opener.open(f"{base}/accounts/login/").read()
        form = {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": self.csrf()}
        login = urllib.request.Request(
            f"{base}/accounts/login/", data=urllib.parse.urlencode(form).encode(), headers={"Referer": base}
        )
        self.opener.open(login).read()
        self.headers = {"Content-Type": "application/json", "X-CSRFToken": self.csrf(), "Referer": base}

    def csrf(self) -> str:
        return next(cookie.value for cookie in self.cookies if cookie.name == "csrftoken")

    def request(self, method: str, path: str, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.base + path, data=data, method=method, headers={**self.headers, **(headers or {})}
        )
        try:
            with self.opener.open(req, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")


def start_web(port: int) -> subprocess.Popen:
    web = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", f"--bind=127.0.0.1:{port}", "--workers=2", "--threads=4"],
        cwd=ROOT, env=os.environ.copy(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return web
        except OSError:
            time.sleep(0.05)
    raise SystemExit("gunicorn did not start")


def new_duel(players) -> tuple[int, dict]:
    from games import services

    deck = services.ensure_starter_decks()[0]
    alice, bob = players
    duel = services.create_duel(alice, deck=deck, opponent=bob, days_per_move=1)
    services.accept_duel(bob, duel.pk, deck)
    return duel.pk, {0: alice.username, 1: bob.username}


def play_moves(base, duel_id, names, count, samples, stop, post_samples=None, queue_samples=None):
    """Post one legal action at a time; time each from POST to the move being applied."""
    import random

    from games.models import Move

    rng = random.Random(duel_id)
    clients = {seat: Http(base, name) for seat, name in names.items()}
    made = 0
    while made < count and not stop.is_set():
        status, duel = clients[0].request("GET", f"/api/duels/{duel_id}/")
        if duel["status"] != "active":
            return made
        seat = duel["view"]["to_move"]
        status, state = clients[seat].request("GET", f"/api/duels/{duel_id}/")
        action = rng.choice(state["legal_actions"])
        started = time.perf_counter()
        status, move = clients[seat].request(
            "POST", f"/api/duels/{duel_id}/moves/", {"version": state["version"], "actions": [action]},
            {"Idempotency-Key": uuid.uuid4().hex},
        )  # fmt: skip
        if status != 202:
            raise SystemExit(f"move refused: {status} {move}")
        posted = time.perf_counter()
        # Applied means committed and visible: the client polls the row every millisecond (a
        # primary-key read) and takes the moment it sees the move applied.
        while (row := Move.objects.get(pk=move["id"])).status == "pending":
            time.sleep(0.001)
        samples.append(time.perf_counter() - started)
        if post_samples is not None:
            post_samples.append(posted - started)
            queue_samples.append((row.resolved_at - row.created_at).total_seconds())
        made += 1
    return made


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=150, help="moves timed one at a time")
    parser.add_argument("--noops", type=int, default=150, help="no-op task round trips")
    parser.add_argument("--duels", type=int, default=6, help="duels in flight for the throughput run")
    parser.add_argument("--seconds", type=float, default=15, help="length of the throughput run")
    args = parser.parse_args()

    scratch_db.create(DB_NAME)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from config.celery import app
    from games.tasks import noop
    from tests.conftest import WorkerProcess

    web = worker = None
    try:
        call_command("migrate", verbosity=0)
        users = [
            get_user_model().objects.create_user(f"bench{i}", password=PASSWORD)
            for i in range(2 * args.duels)
        ]
        app.control.purge()
        worker = WorkerProcess(DB_NAME, Path("/tmp"), concurrency=2).start()
        port = free_port()
        web = start_web(port)
        base = f"http://127.0.0.1:{port}"

        # Warm both paths up before measuring.
        for _ in range(10):
            noop.delay().get(timeout=30)
        baseline = []
        for _ in range(args.noops):
            started = time.perf_counter()
            noop.delay().get(timeout=30)
            baseline.append(time.perf_counter() - started)

        latencies: list[float] = []
        post_only: list[float] = []
        stored_to_applied: list[float] = []
        stop = threading.Event()
        while len(latencies) < args.moves:
            duel_id, names = new_duel(users[:2])
            play_moves(
                base,
                duel_id,
                names,
                args.moves - len(latencies),
                latencies,
                stop,
                post_only,
                stored_to_applied,
            )

        # Throughput: several duels at once, each one move at a time.
        done: list[float] = []
        threads = []
        for i in range(args.duels):
            duel_id, names = new_duel(users[2 * i : 2 * i + 2])
            thread = threading.Thread(target=play_moves, args=(base, duel_id, names, 10**6, done, stop))
            threads.append(thread)
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        time.sleep(args.seconds)
        stop.set()
        for thread in threads:
            thread.join(60)
        elapsed = time.perf_counter() - started

        move_stats, noop_stats = (
            summary("move: POST -> applied", latencies),
            summary("no-op task round trip", baseline),
        )
        parts = [
            summary("  of which the POST (202)", post_only),
            summary("  stored -> applied (worker)", stored_to_applied),
        ]
        print(f"{'measure':28} {'n':>5} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        for row in (noop_stats, move_stats, *parts):
            print(
                f"{row['name']:28} {row['n']:>5} {row['p50_ms']:8.1f} {row['p90_ms']:8.1f} {row['p99_ms']:8.1f} {row['max_ms']:8.1f}"
            )
        ratio = move_stats["p50_ms"] / noop_stats["p50_ms"]
        print(f"\nratio of p50s (move / no-op round trip): {ratio:.2f}  (target: within 2x)")
        print(
            f"throughput: {len(done) / elapsed:.1f} moves/s with {args.duels} duels in flight ({len(done)} moves in {elapsed:.1f}s)"
        )
        print(
            json.dumps(
                {
                    "move": move_stats,
                    "noop": noop_stats,
                    "p50_ratio": ratio,
                    "moves_per_s": len(done) / elapsed,
                }
            )
        )
    finally:
        if web is not None:
            web.terminate()
            web.wait(10)
        if worker is not None:
            worker.stop()
        scratch_db.drop(DB_NAME)


if __name__ == "__main__":
    main()
