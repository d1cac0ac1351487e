"""How the web server runs the site (issue #16: the lean request path).

One ASGI application per web process (`config.asgi`), which sends each request one of two ways:

- to an **async view** (the board's event stream, `/duels/<id>/events/`): Django's ASGI handler,
  so an open stream waits on the event loop and holds no thread;
- **everything else**: Django's WSGI handler, run in a pool of threads as a threaded WSGI server
  runs it. The request body is read on the event loop first, the whole request runs in one
  thread, and a response of up to BUFFERED_BYTES comes back to the loop in one hand-over.

Why not Django's ASGI handler for everything: for a sync view it hops between the event loop
and a thread several times per request, and runs every sync view of a process in one thread
(asgiref's thread-sensitive mode), so a process serves one request at a time while that
request waits on PostgreSQL or Redis. Measured on this 2-core machine (benchmarks/move_latency.py,
docs/DESIGN.md "Serving"), the WSGI path in threads is 2-3x faster per request and several
times the throughput, and needs no second server or proxy in front: the board's stream keeps
working on the same port.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.urls import Resolver404, resolve

from config.collector import IdleCollector
from config.env import env_int

# A response up to this size is handed to the event loop whole; a larger one (a big static file)
# is streamed from its thread chunk by chunk.
BUFFERED_BYTES = 256 * 1024


def web_threads() -> int:
    """Threads per web process for the WSGI path (WEB_THREADS, default 8). Each holds a database
    connection from the pool while it serves a request (DB_POOL_MAX_SIZE, default 10)."""
    threads = env_int("WEB_THREADS", 8)
    if not 1 <= threads <= 256:
        raise ImproperlyConfigured(f"WEB_THREADS={threads} is not a number of threads (1-256).")
    pool = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
    if isinstance(pool, dict):  # no pool (a WSGI server, manage.py): each thread has its own
        check_pool_fits_threads(pool["max_size"], threads)
    return threads


def check_pool_fits_threads(pool_size: int, threads: int) -> None:
    """Start-up check: each thread holds a pooled connection while it serves a request, and the
    board's event stream (its one read) and /healthz need one more; with no spare connection
    they would wait out the pool's timeout behind busy threads."""
    if pool_size <= threads:
        raise ImproperlyConfigured(
            f"DB_POOL_MAX_SIZE={pool_size} must be above WEB_THREADS={threads}: each web thread "
            "holds a database connection while it serves a request, and the board's event "
            "streams and /healthz need one more."
        )


def wants_event_loop(path_info: str) -> bool:
    """Whether the path is served by an async view (so by Django's ASGI handler)."""
    try:
        match = resolve(path_info)
    except Resolver404:
        return False
    except Exception:  # noqa: BLE001 - whatever the path, Django's own handler gives the answer
        return False
    return iscoroutinefunction(match.func)


def wsgi_environ(scope: dict, body) -> dict:
    """The WSGI environ of an ASGI HTTP request, as a WSGI server would build it."""
    root_path = scope.get("root_path", "")
    path = scope["path"]
    if root_path and path.startswith(root_path):
        path = path[len(root_path) :]
    server = scope.get("server") or ("localhost", 80)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root_path.encode().decode("latin1"),
        # WSGI strings are bytes as latin-1: Django decodes them as UTF-8, as from any WSGI server.
        "PATH_INFO": path.encode().decode("latin1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 80),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = scope["client"][0], str(scope["client"][1])
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        key = name if name in ("CONTENT_LENGTH", "CONTENT_TYPE") else f"HTTP_{name}"
        value = raw_value.decode("latin1")
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


class ThreadedWSGI:
    """A WSGI application served to an ASGI server from a pool of threads, with one hand-over
    each way for an ordinary request."""

    def __init__(self, wsgi_application, threads: int, collector: IdleCollector | None = None):
        self.wsgi_application = wsgi_application
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="wsgi")
        # Full garbage collections between requests (config.collector), where the process has one.
        self.collector = collector

    async def __call__(self, scope, receive, send) -> None:
        body = await self._read_body(receive)
        if body is None:
            return  # the client went away before sending its request
        environ = wsgi_environ(scope, body)
        environ.setdefault("CONTENT_LENGTH", str(body.tell()))  # a chunked body: its length is known now
        body.seek(0)
        loop = asyncio.get_running_loop()
        serving = contextlib.nullcontext()
        if self.collector is not None:
            self.collector.start()  # in the serving process: a no-op after its first request
            serving = self.collector.serving()  # queued for a thread counts as in flight
        try:
            with serving:
                whole = await loop.run_in_executor(self.executor, self._respond, environ, send, loop)
        finally:
            body.close()
        if whole is not None:
            status, headers, content = whole
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": content})

    @staticmethod
    async def _read_body(receive):
        # As Django's ASGI handler does: in memory up to FILE_UPLOAD_MAX_MEMORY_SIZE, then on disk.
        body = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE, mode="w+b")  # noqa: SIM115 - closed by the caller
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                body.close()
                return None
            body.write(message.get("body", b""))
            if not message.get("more_body", False):
                return body

    def _respond(self, environ, send, loop):
        """Run in a pool thread: the whole response as (status, headers, body) when it is at most
        BUFFERED_BYTES, else None after streaming it from here. The response is closed in this
        thread (Django's request_finished: the database connection goes back to the pool)."""
        started: dict = {}

        def start_response(status, headers, exc_info=None):
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in headers]

        result = self.wsgi_application(environ, start_response)
        try:
            chunks, size = [], 0
            iterator = iter(result)
            for chunk in iterator:
                chunks.append(chunk)
                size += len(chunk)
                if size > BUFFERED_BYTES:
                    break
            else:
                return started["status"], started["headers"], b"".join(chunks)

            def send_from_here(message):
                asyncio.run_coroutine_threadsafe(send(message), loop).result()

            send_from_here({"type": "http.response.start", **started})
            for chunk in itertools.chain(chunks, iterator):
                send_from_here({"type": "http.response.body", "body": chunk, "more_body": True})
            send_from_here({"type": "http.response.body", "body": b""})
            return None
        finally:
            if hasattr(result, "close"):
                result.close()


class Site:
    """The site as one ASGI application: async views to Django's ASGI handler, the rest to its
    WSGI handler in threads (see the module's docstring)."""

    def __init__(
        self, asgi_application, wsgi_application, threads: int, collector: IdleCollector | None = None
    ):
        self.asgi = asgi_application
        self.wsgi = ThreadedWSGI(wsgi_application, threads, collector)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            root_path = scope.get("root_path", "")
            path = scope["path"]
            path_info = path[len(root_path) :] if root_path and path.startswith(root_path) else path
            if not wants_event_loop(path_info):
                return await self.wsgi(scope, receive, send)
        return await self.asgi(scope, receive, send)
