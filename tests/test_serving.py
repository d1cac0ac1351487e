"""The web process's dispatcher (config/serving.py): async views to Django's ASGI handler, every
other request to the WSGI handler in a pool of threads, as a WSGI server would run it. The real
server is exercised end to end by tests/games/test_live_board.py (the stream and moves over
HTTP) and tests/test_api_fuzz.py (the whole API)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from config import serving

ROOT = Path(__file__).resolve().parent.parent


def run_asgi(app, scope_overrides: dict, messages: list[dict]) -> list[dict]:
    """Call an ASGI app with the request `messages`; what it sent back."""
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/",
        "query_string": b"",
        "root_path": "",
        "headers": [],
        "client": ("10.0.0.7", 51000),
        "server": ("127.0.0.1", 8000),
        **scope_overrides,
    }
    pending = list(messages)
    sent: list[dict] = []

    async def receive():
        if pending:
            return pending.pop(0)
        await asyncio.sleep(3600)

    async def send(message):
        sent.append(message)

    # On a thread of its own: the browser tests' Playwright keeps an event loop running on this one.
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, app(scope, receive, send)).result()
    return sent


class Recorder:
    """A WSGI app that says what it was given, answering `chunks`; records its thread and close()."""

    def __init__(self, chunks=(b"ok",)):
        self.chunks = list(chunks)
        self.environ = None
        self.body = None
        self.threads = set()
        self.closed_in = None

    def __call__(self, environ, start_response):
        self.environ = environ
        self.body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        self.threads.add(threading.get_ident())
        start_response("201 Created", [("Content-Type", "text/plain"), ("X-Seen", "Yes")])
        recorder = self

        class Body:
            def __iter__(self):
                for chunk in recorder.chunks:
                    recorder.threads.add(threading.get_ident())
                    yield chunk

            def close(self):
                recorder.closed_in = threading.get_ident()

        return Body()


def test_a_request_reaches_the_wsgi_app_as_a_wsgi_server_would_pass_it():
    app = Recorder()
    sent = run_asgi(
        serving.ThreadedWSGI(app, threads=2),
        {
            "method": "POST",
            "path": "/cartes/épée/",
            "query_string": b"q=a%20b",
            "headers": [(b"content-type", b"application/json"), (b"x-forwarded-for", b"1.2.3.4"),
                        (b"x-forwarded-for", b"5.6.7.8")],
        },  # fmt: skip
        # A chunked body (no Content-Length) in three parts.
        [{"type": "http.request", "body": part, "more_body": more} for part, more in
         [(b'{"a":', True), (b" 1", True), (b"}", False)]],
    )  # fmt: skip

    assert app.body == b'{"a": 1}'
    environ = app.environ
    assert environ["CONTENT_LENGTH"] == "8" and environ["CONTENT_TYPE"] == "application/json"
    assert environ["PATH_INFO"].encode("latin1").decode() == "/cartes/épée/"
    assert environ["QUERY_STRING"] == "q=a%20b"
    assert environ["REMOTE_ADDR"] == "10.0.0.7"
    assert environ["HTTP_X_FORWARDED_FOR"] == "1.2.3.4,5.6.7.8"
    # One answer: the status, the headers, the whole body at once.
    assert sent == [
        {"type": "http.response.start", "status": 201, "headers": [(b"content-type", b"text/plain"), (b"x-seen", b"Yes")]},
        {"type": "http.response.body", "body": b"ok"},
    ]  # fmt: skip


def test_the_request_runs_and_is_closed_in_one_pool_thread_off_the_event_loop():
    app = Recorder(chunks=[b"a", b"b"])
    loop_thread = threading.get_ident()

    run_asgi(serving.ThreadedWSGI(app, threads=2), {}, [{"type": "http.request", "body": b""}])

    # Closing the response is Django's request_finished: it must run where the request ran,
    # whose database connection it hands back.
    assert len(app.threads) == 1 and app.closed_in in app.threads and loop_thread not in app.threads


def test_a_large_response_is_streamed_in_chunks_and_closed():
    chunk = b"x" * (64 * 1024)
    app = Recorder(chunks=[chunk] * 8)  # 512 KiB: past what is buffered

    sent = run_asgi(serving.ThreadedWSGI(app, threads=2), {}, [{"type": "http.request", "body": b""}])

    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 201
    bodies = sent[1:]
    assert b"".join(message["body"] for message in bodies) == chunk * 8
    assert all(message["more_body"] for message in bodies[:-1]) and not bodies[-1].get("more_body")
    assert len(bodies) > 2, "sent as it came, not whole"
    assert app.closed_in is not None


def test_a_client_gone_before_its_body_came_gets_nothing_and_runs_nothing():
    app = Recorder()

    sent = run_asgi(
        serving.ThreadedWSGI(app, threads=1),
        {"method": "POST"},
        [{"type": "http.request", "body": b"part", "more_body": True}, {"type": "http.disconnect"}],
    )

    assert sent == [] and app.environ is None


@pytest.mark.parametrize(
    ("path", "on_the_loop"),
    [
        ("/duels/12/events/", True),  # the board's event stream: an async view
        ("/duels/12/", False),
        ("/api/moves/3/", False),
        ("/no/such/page/", False),  # the WSGI handler answers the 404
    ],
)
def test_only_async_views_go_to_the_asgi_handler(path, on_the_loop):
    assert serving.wants_event_loop(path) is on_the_loop


def test_the_thread_count_is_read_from_the_environment_and_checked(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    monkeypatch.setenv("WEB_THREADS", "3")
    assert serving.web_threads() == 3
    monkeypatch.setenv("WEB_THREADS", "0")
    with pytest.raises(ImproperlyConfigured, match="WEB_THREADS=0"):
        serving.web_threads()
    monkeypatch.setenv("WEB_THREADS", "many")
    with pytest.raises(ImproperlyConfigured, match="WEB_THREADS='many'"):
        serving.web_threads()


@pytest.mark.parametrize(("pool_size", "threads", "refused"), [(9, 8, False), (8, 8, True), (2, 8, True)])
def test_a_database_pool_no_larger_than_the_threads_is_refused(pool_size, threads, refused):
    from django.core.exceptions import ImproperlyConfigured

    if not refused:
        serving.check_pool_fits_threads(pool_size, threads)
        return
    with pytest.raises(ImproperlyConfigured) as refusal:
        serving.check_pool_fits_threads(pool_size, threads)
    assert f"DB_POOL_MAX_SIZE={pool_size} must be above WEB_THREADS={threads}" in str(refusal.value)


def test_the_web_application_refuses_to_start_with_a_pool_too_small_for_its_threads():
    """The ASGI application as gunicorn's workers load it, with the pool as small as the threads."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "JT_DB_POOL": "1",
        "WEB_THREADS": "4",
        "DB_POOL_MAX_SIZE": "4",
    }
    loaded = subprocess.run(
        [sys.executable, "-c", "import config.asgi"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert loaded.returncode != 0
    assert "DB_POOL_MAX_SIZE=4 must be above WEB_THREADS=4" in loaded.stderr


# A full collection in the web process, timed after loading the site as gunicorn's workers do.
_FULL_COLLECTION = """
import gc, time
import config.asgi
started = time.perf_counter(); gc.collect(); took = time.perf_counter() - started
print(gc.get_freeze_count(), len(gc.get_objects()), took * 1000)
"""


def test_the_web_process_keeps_its_start_up_objects_out_of_the_collector():
    """A full garbage collection stops every thread of a web process; it walked the ~140,000
    objects loaded at start-up each time (55-96 ms in benchmarks/gc_pauses.py), which a request
    meeting one waited out. Loaded as gunicorn's workers load it, the site freezes them first."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "JT_DB_POOL": "1"}
    loaded = subprocess.run(
        [sys.executable, "-c", _FULL_COLLECTION],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert loaded.returncode == 0, loaded.stderr
    frozen, tracked, _ = loaded.stdout.split()
    assert int(frozen) > 100_000  # the modules, settings, URL patterns, models' metadata...
    assert int(tracked) < int(frozen) // 20  # ...are not what a full collection walks


def test_the_image_and_compose_serve_the_site_as_make_run_does():
    """One server configuration (timeouts, keep-alive, workers) whichever way the site is started."""
    from config.launcher import web_command
    from tests.test_deployment_commands import compose_commands, dockerfile_cmd

    launched = web_command("127.0.0.1", 8000)
    expected = ["gunicorn", *(arg for arg in launched[1:] if not arg.startswith("--bind="))]
    assert dockerfile_cmd() == expected
    assert compose_commands()["web"] == expected
