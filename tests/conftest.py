"""Shared fixtures: a real Celery worker process and the system Chromium through Playwright.

The database is the embedded (or DATABASE_URL) PostgreSQL, via pytest-django; Redis is the
embedded (or REDIS_URL) one. Nothing here is faked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM must still work there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def browser_required() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"} or bool(os.environ.get("REQUIRE_BROWSER"))


class WorkerProcess:
    """A `celery worker` subprocess on the test database; it can be killed and restarted."""

    def __init__(
        self, database_name: str, log_dir: Path, concurrency: int = 1, extra_env: dict | None = None
    ):
        self.database_name = database_name
        self.log_dir = log_dir
        self.concurrency = concurrency
        self.extra_env = extra_env or {}
        self.process: subprocess.Popen | None = None
        self.nodename = ""

    def env(self) -> dict:
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_NAME": self.database_name,
            "PYTHONUNBUFFERED": "1",
            # Mail the worker sends lands here, where tests can read it.
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": str(self.log_dir / "mail"),
            **self.extra_env,
        }

    def start(self, timeout: float = 60) -> WorkerProcess:
        from config.celery import app

        self.nodename = f"test-{uuid.uuid4().hex[:8]}@localhost"
        log = open(self.log_dir / f"{self.nodename}.log", "w")  # noqa: SIM115 - lives with the process
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "info", "-n", self.nodename,
             "-c", str(self.concurrency), "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=self.env(), stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Celery worker exited early; see {log.name}")
            if app.control.ping(destination=[self.nodename], timeout=0.5):
                return self
        raise RuntimeError(f"Celery worker did not answer a ping in {timeout}s; see {log.name}")

    @property
    def mail_dir(self) -> Path:
        return self.log_dir / "mail"

    def sent_mail(self) -> set[str]:
        """Every message the worker has sent. Django's file backend names a file by the second and
        the backend object's id, so two messages sent in one second can share a file: read
        messages, not files. Each carries its own Message-ID, so none equals another."""
        if not self.mail_dir.exists():
            return set()
        separator = "\n" + "-" * 79 + "\n"
        return {
            message
            for path in self.mail_dir.iterdir()
            for message in path.read_text().split(separator)
            if message.strip()
        }

    def kill(self) -> None:
        """SIGKILL the worker and its pool children, as a crash would."""
        import psutil

        if self.process is None:
            return
        parent = psutil.Process(self.process.pid)
        for child in parent.children(recursive=True):
            child.kill()
        parent.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def _purge_test_queues() -> None:
    from config.celery import app

    app.control.purge()


def pytest_sessionstart(session):
    """Drop test databases left by earlier runs that were killed (their process is gone)."""
    import psycopg
    from django.conf import settings
    from django.db import connection

    from config.embedded import _pid_alive

    prefix = f"test_{settings.DATABASES['default']['NAME']}_"
    params = {**connection.get_connection_params(), "dbname": "postgres", "autocommit": True}
    params.pop("cursor_factory", None)
    params.pop("context", None)
    try:
        with psycopg.connect(**params) as conn:
            names = conn.execute(
                "SELECT datname FROM pg_database WHERE datname LIKE %s", [prefix + "%"]
            ).fetchall()
            for (name,) in names:
                suffix = name[len(prefix) :]
                if suffix.isdigit() and not _pid_alive(int(suffix)):
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
    except Exception as exc:  # cleaning up is a courtesy; never fail the run for it
        print(f"(could not drop stale test databases: {exc})")


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """One real worker for the session, consuming the test Redis database, writing to the test DB.

    Tests using it must use `transactional_db` (or django_db(transaction=True)): the worker is
    another connection and only sees committed rows.
    """
    from django.db import connection

    _purge_test_queues()
    worker = WorkerProcess(connection.settings_dict["NAME"], tmp_path_factory.mktemp("celery")).start()
    yield worker
    worker.stop()


@pytest.fixture
def worker_factory(django_db_setup, tmp_path):
    """Workers a test starts, kills and restarts itself (crash tests)."""
    from django.db import connection

    started: list[WorkerProcess] = []

    def make(concurrency: int = 1, **extra_env: str) -> WorkerProcess:
        worker = WorkerProcess(connection.settings_dict["NAME"], tmp_path, concurrency, extra_env)
        started.append(worker)
        return worker

    yield make
    for worker in started:
        worker.stop()


def _chromium_path() -> str | None:
    for candidate in [os.environ.get("CHROMIUM_PATH"), *CHROMIUM_CANDIDATES, shutil.which("chromium")]:
        if candidate and os.path.exists(candidate):
            return candidate
    return None


@pytest.fixture(scope="session")
def browser():
    path = _chromium_path()
    if path is None:
        message = "No Chromium found (install Debian's `chromium` package or set CHROMIUM_PATH)"
        if browser_required():
            pytest.fail(message + "; browser tests are required in CI.")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1200, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(params=[390, 1366], ids=["phone", "laptop"])
def width(request) -> int:
    """A phone's width and a laptop's: a test using `sized_page` runs at both."""
    return request.param


@pytest.fixture
def sized_page(browser, live_server, width):
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 844})
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def catalogue(db):
    """The curated catalogue, imported as `make run` does (the import's report)."""
    from tests.catalogue_support import import_catalogue

    return import_catalogue()
