"""The move benchmarks' players and plumbing (move_latency.py, _bare_throughput.py): the site
served as `make run` serves it, a signed-in player over HTTP as a browser is, a duel between two
players, and the wait for a move to be resolved (its commit, seen through LISTEN/NOTIFY)."""

from __future__ import annotations

import http.client
import http.cookies
import json
import os
import socket
import subprocess
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "bench-password-not-secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Http:
    """A signed-in player as a browser is: one kept-alive connection, a session cookie and the
    CSRF token."""

    def __init__(self, base: str, username: str):
        self.connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=30)
        self.cookies: dict[str, str] = {}
        self.headers = {"Referer": base}
        self.request("GET", "/accounts/login/", raw=True)
        form = {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": self.cookies["csrftoken"]}
        self.request("POST", "/accounts/login/", urllib.parse.urlencode(form).encode(),
                     {"Content-Type": "application/x-www-form-urlencoded"}, raw=True)  # fmt: skip
        self.headers.update({"Content-Type": "application/json", "X-CSRFToken": self.cookies["csrftoken"]})

    def request(self, method: str, path: str, body=None, headers=None, raw=False):
        if body is not None and not raw:
            body = json.dumps(body).encode()
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        headers = {**self.headers, "Cookie": cookie, **(headers or {})}
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # gunicorn closes a kept-alive connection idle for 2 s, which a loaded machine reaches
            # between two moves: reconnect once, as a browser does (a move's Idempotency-Key makes
            # sending it again safe).
            self.connection.close()
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        content = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = http.cookies.SimpleCookie(header)
            self.cookies.update({name: morsel.value for name, morsel in cookie.items()})
        return response.status, (content if raw else json.loads(content or b"null"))


def start_web(port: int) -> subprocess.Popen:
    from config.launcher import web_command

    # The site as `make run` serves it (the launcher's own command), without the access log.
    web = subprocess.Popen(
        web_command("127.0.0.1", port, access_log=False),
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
    from games.actions import challenges, decks

    deck = decks.starter_decks()[0]
    alice, bob = players
    duel = challenges.create_duel(alice, deck=deck, opponent=bob, days_per_move=1)
    challenges.accept_duel(bob, duel.pk, deck)
    return duel.pk, {0: alice.username, 1: bob.username}


class ResolvedMoves:
    """Waits for moves to be resolved (committed), as the NOTIFYs from the trigger arrive."""

    def __init__(self):
        import psycopg
        from django.db import connection

        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        self.connection = psycopg.connect(**params, autocommit=True)
        self.connection.execute("LISTEN move_resolved")
        self.seen: set[str] = set()

    def wait_for(self, move_id: int, timeout_s: float = 30) -> None:
        deadline = time.monotonic() + timeout_s
        while str(move_id) not in self.seen:
            if time.monotonic() > deadline:
                raise SystemExit(f"move {move_id} was not resolved within {timeout_s}s")
            for notify in self.connection.notifies(timeout=1, stop_after=1):
                self.seen.add(notify.payload)


def move_times(move_id: int):
    """(created_at, resolved_at) of a resolved move."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT created_at, resolved_at FROM games_move WHERE id = %s", [move_id])
        return cursor.fetchone()
