"""Issue #15: live board updates pushed over Server-Sent Events, not polled.

The site is served here as `make run` serves it (config.launcher.web_command: gunicorn with
uvicorn workers on the ASGI app) on the test database, with a real Celery worker and Redis: the
event stream cannot be tested on the suite's WSGI live server, which cannot stream (there the
stream answers 204 and the board polls, as the other browser tests show).
"""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import time
import urllib.parse
import uuid
from pathlib import Path

import pytest
import redis
from django.conf import settings

from config.launcher import web_command
from games import live
from games.actions import challenges, decks, moves
from games.models import Duel

ROOT = Path(__file__).resolve().parent.parent.parent
PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def asgi_site(transactional_db, tmp_path):
    """The site under its real ASGI server, on the test database. A small database pool (2 per
    web process, for one thread) shows that open event streams hold no database connection."""
    from django.db import connection

    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_NAME": connection.settings_dict["NAME"],
        "DB_POOL_MAX_SIZE": "2",
        "WEB_THREADS": "1",
    }
    log_path = tmp_path / "web.log"
    log = open(log_path, "w")  # noqa: SIM115 - lives with the process
    process = subprocess.Popen(
        [*web_command("127.0.0.1", port), "--error-logfile=-"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 90
    while True:  # both web processes up and answering a page
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/")
            if connection.getresponse().status == 200:
                break
        except OSError:
            pass
        assert process.poll() is None, log_path.read_text()[-3000:]
        assert time.monotonic() < deadline, log_path.read_text()[-3000:]
        time.sleep(0.2)
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=30)
    log.close()


class Browserless:
    """A signed-in player over HTTP against the real server: a session cookie and a CSRF token."""

    def __init__(self, base: str, user):
        from django.middleware.csrf import _get_new_csrf_string
        from django.test import Client

        client = Client()
        client.force_login(user)
        self.netloc = urllib.parse.urlsplit(base).netloc
        self.csrf = _get_new_csrf_string()
        self.session = client.cookies["sessionid"].value
        self.cookie = f"sessionid={self.session}; csrftoken={self.csrf}"

    def connection(self, timeout: float = 30) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.netloc, timeout=timeout)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        connection = self.connection()
        connection.request(method, path, body=body, headers={"Cookie": self.cookie, **(headers or {})})
        response = connection.getresponse()
        return response.status, response.read(), connection

    def move(self, duel_id: int, version: int, action: dict) -> int:
        import json

        status, body, connection = self.request(
            "POST",
            f"/api/duels/{duel_id}/moves/",
            json.dumps({"version": version, "actions": [action]}).encode(),
            {
                "Content-Type": "application/json",
                "X-CSRFToken": self.csrf,
                "Referer": f"http://{self.netloc}/",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
        connection.close()
        assert status == 202, body
        return json.loads(body)["id"]

    def open_stream(self, duel_id: int, since: int = 0) -> tuple[int, http.client.HTTPResponse]:
        connection = self.connection()
        connection.request("GET", f"/duels/{duel_id}/events/?since={since}", headers={"Cookie": self.cookie})
        response = connection.getresponse()
        return response.status, response


def read_event(response: http.client.HTTPResponse) -> dict:
    """The next event (not a comment) of a stream: its fields."""
    fields: dict[str, str] = {}
    while True:
        line = response.readline().decode()
        assert line, "the stream ended"
        line = line.rstrip("\n")
        if not line:
            if fields.get("data") is not None:
                return fields
            fields = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(": ")
        fields[name] = value


def two_player_duel(django_user_model, deck) -> tuple[Duel, dict]:
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    duel = challenges.create_duel(alice, deck=deck, opponent=bob, days_per_move=1)
    challenges.accept_duel(bob, duel.pk, deck)
    duel.refresh_from_db()
    return duel, {0: alice, 1: bob}


def first_legal_action(duel: Duel) -> dict:
    from rules import Duel as RulesDuel

    duel.refresh_from_db()
    return RulesDuel.from_json(duel.state).legal_actions()[0].to_json()


def opponent_moves_once(duel: Duel, players: dict, base: str) -> tuple[int, int]:
    """The player to move makes one legal move over HTTP; (move id, the version it was made at)."""
    action = first_legal_action(duel)
    return Browserless(base, players[duel.to_move]).move(duel.pk, duel.version, action), duel.version


def wait_until_resolved(move_id: int) -> None:
    from games.models import Move

    deadline = time.monotonic() + 30
    while Move.objects.get(pk=move_id).status == Move.Status.PENDING:
        assert time.monotonic() < deadline, f"the worker did not resolve move {move_id}"
        time.sleep(0.05)


# --- The stream over HTTP --------------------------------------------------------------------


@pytest.mark.worker
def test_the_stream_says_only_which_version_is_ready_when_the_opponent_moves(
    asgi_site, celery_worker_process, django_user_model
):
    duel, players = two_player_duel(django_user_model, decks.ensure_starter_decks()[0])
    waiting = Browserless(asgi_site, players[1 - duel.to_move])
    status, stream = waiting.open_stream(duel.pk, since=duel.version)
    assert status == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    assert stream.headers["Cache-Control"] == "no-cache"

    _, version = opponent_moves_once(duel, players, asgi_site)

    announced = read_event(stream)
    assert announced == {"event": "version", "id": str(version + 1), "data": str(version + 1)}
    stream.close()


def move_now(duel: Duel, players: dict) -> int:
    """One legal move applied right here (no worker needed); the duel's new version."""
    from rules import Duel as RulesDuel

    duel.refresh_from_db()
    action = RulesDuel.from_json(duel.state).legal_actions()[0].to_json()
    submitted = moves.submit_move(
        players[duel.to_move], duel.pk, version=duel.version, actions=[action], key=uuid.uuid4().hex
    )
    moves.resolve_move(submitted.move.pk)
    duel.refresh_from_db()
    return duel.version


def test_a_board_reconnecting_behind_gets_the_version_it_missed_at_once(asgi_site, django_user_model):
    duel, players = two_player_duel(django_user_model, decks.ensure_starter_decks()[0])
    version = move_now(duel, players)
    player = Browserless(asgi_site, players[0])

    status, stream = player.open_stream(duel.pk, since=version - 1)
    assert status == 200
    assert read_event(stream) == {"event": "version", "id": str(version), "data": str(version)}
    stream.close()

    # An EventSource reconnecting says what it had in Last-Event-ID, which wins over ?since=.
    connection = player.connection(timeout=2)
    connection.request(
        "GET",
        f"/duels/{duel.pk}/events/?since=0",
        headers={"Cookie": player.cookie, "Last-Event-ID": str(version)},
    )
    response = connection.getresponse()
    assert response.status == 200
    with pytest.raises(TimeoutError):
        read_event(response)  # nothing new to say: no event before the heartbeat
    connection.close()


@pytest.mark.worker
def test_a_finished_duel_says_so_and_ends_the_stream(asgi_site, django_user_model):
    duel, players = two_player_duel(django_user_model, decks.ensure_starter_decks()[0])
    moves.resign(players[0], duel.pk)
    status, stream = Browserless(asgi_site, players[1]).open_stream(duel.pk, since=duel.version)
    assert status == 200
    assert read_event(stream) == {"event": "over", "id": str(duel.version + 1), "data": str(duel.version + 1)}
    assert stream.read() == b"", "the server closed the stream"


@pytest.mark.worker
def test_strangers_and_signed_out_visitors_get_no_stream(asgi_site, django_user_model):
    duel, _ = two_player_duel(django_user_model, decks.ensure_starter_decks()[0])
    stranger = Browserless(asgi_site, django_user_model.objects.create_user("eve", password=PASSWORD))

    status, response = stranger.open_stream(duel.pk)
    assert (status, response.read()) == (404, b"Only the duel's players can follow its board.")
    status, response = stranger.open_stream(10**6)
    assert status == 404

    connection = stranger.connection()
    connection.request("GET", f"/duels/{duel.pk}/events/")
    response = connection.getresponse()
    assert (response.status, response.read()) == (403, b"Sign in to follow a duel.")


@pytest.mark.worker
def test_open_streams_are_bounded_per_player_and_hold_no_database_connection(asgi_site, django_user_model):
    duel, players = two_player_duel(django_user_model, decks.ensure_starter_decks()[0])
    player = Browserless(asgi_site, players[0])
    streams = [player.open_stream(duel.pk, since=duel.version) for _ in range(live.MAX_STREAMS_PER_USER)]
    assert [status for status, _ in streams] == [200] * live.MAX_STREAMS_PER_USER
    # Ten boards, at most one Redis subscriber per web process (two of them).
    listening = redis.Redis.from_url(settings.REDIS_URL).pubsub_numsub(live.channel(duel.pk))[0][1]
    assert 1 <= listening <= 2, listening

    status, refused = player.open_stream(duel.pk, since=duel.version)
    assert status == 429 and b"Too many open boards" in refused.read()

    # Ten open streams against a pool of two connections per web process: pages still answer.
    status, body, _ = player.request("GET", f"/api/duels/{duel.pk}/")
    assert status == 200, body

    # A board closed gives its place back (the server sees the client go).
    streams.pop()[1].close()
    deadline = time.monotonic() + 10
    while True:
        status, response = player.open_stream(duel.pk, since=duel.version)
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert status == 200
    response.close()
    for _, stream in streams:
        stream.close()


def test_the_stream_refuses_a_version_that_is_not_a_number(client, django_user_model, starter_deck):
    duel, players = two_player_duel(django_user_model, starter_deck)
    client.force_login(players[0])

    response = client.get(f"/duels/{duel.pk}/events/?since=twelve")

    assert response.status_code == 400
    assert "'since' (or Last-Event-ID) must be the board's version" in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_kept_alive_connection_left_idle_a_while_still_serves_the_next_request(asgi_site):
    """A browser or proxy reuses an idle connection; a server that closed it first (gunicorn's
    default keep-alive is 2 s) drops the request it was sending (issue #16's load test)."""
    connection = http.client.HTTPConnection(*asgi_site.removeprefix("http://").split(":"), timeout=10)
    connection.request("GET", "/")
    first = connection.getresponse()
    first.read()
    time.sleep(6)  # longer than the default keep-alive, as a reader pauses between pages
    connection.request("GET", "/rulings/")
    assert connection.getresponse().status == 200, "the same connection served the next page"
    connection.close()


def test_a_server_that_cannot_stream_tells_the_board_to_poll(client, django_user_model, starter_deck):
    """The suite's WSGI server: 204, which an EventSource takes as "stop"; the board then polls."""
    duel, players = two_player_duel(django_user_model, starter_deck)
    client.force_login(players[0])

    assert client.get(f"/duels/{duel.pk}/events/").status_code == 204


# --- The board in Chromium --------------------------------------------------------------------

IDLE_S = 60
POLL_INTERVAL_S = 5  # board.js's fallback, when its stream is gone


@pytest.mark.browser
@pytest.mark.worker
def test_an_idle_board_asks_nothing_and_the_opponents_moves_are_pushed_to_it(
    browser, asgi_site, celery_worker_process, django_user_model
):
    duel, players = two_player_duel(django_user_model, decks.ensure_starter_decks()[0])
    clients = {seat: Browserless(asgi_site, user) for seat, user in players.items()}
    # One move first, so that the worker and the web processes have loaded the card pools (a
    # first use, not what is measured), then the board of the player now waiting is opened.
    wait_until_resolved(clients[duel.to_move].move(duel.pk, duel.version, first_legal_action(duel)))
    duel.refresh_from_db()
    watcher = 1 - duel.to_move
    context = browser.new_context(base_url=asgi_site, viewport={"width": 390, "height": 844})
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": clients[watcher].session, "url": asgi_site}])
    page = context.new_page()
    streams = []
    page.on("request", lambda request: streams.append(request.url) if "/events/" in request.url else None)
    try:
        page.goto(f"/duels/{duel.pk}/")
        page.locator(f'#board[data-version="{duel.version}"]').wait_for()
        page.wait_for_timeout(1000)  # the stream opens
        assert len(streams) == 1, streams

        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.wait_for_timeout(IDLE_S * 1000)
        assert requests == [], f"an idle board asked for {requests}"

        # The opponent moves until it is the watcher's turn; each move reaches the board, one
        # fetch of the board per move and nothing else.
        requests.clear()
        moves = 0
        for _ in range(30):
            duel.refresh_from_db()
            if duel.to_move == watcher:
                break
            action, version = first_legal_action(duel), duel.version
            clients[duel.to_move].move(duel.pk, version, action)
            page.locator(f'#board[data-version="{version + 1}"]').wait_for(timeout=10_000)
            moves += 1
        assert moves, "the opponent moved"
        assert all(f"/duels/{duel.pk}/" in url for url in requests), requests
        # The watcher's own options are there, without a reload and still on one stream (buttons,
        # or the discard form when a random deal left the watcher's hand above its Ability).
        options = "#board .action-buttons button:not([disabled]), #board .discard-form button"
        page.locator(options).first.wait_for(timeout=5_000)
        assert page.get_by_role("heading", name="Your options").is_visible()
        assert len(streams) == 1, streams
        # Polling, once started, never stops (board.js): a board that still asks nothing for longer
        # than a poll's interval never polled, so every move above was pushed to it.
        requests.clear()
        page.wait_for_timeout(POLL_INTERVAL_S * 1000 + 1000)
        assert requests == [], f"the board polls: {requests}"
    finally:
        context.close()
