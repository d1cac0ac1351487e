"""`make run`: migrate, load the bundled data, then serve with a Celery worker and beat.

This process holds the embedded PostgreSQL and Redis for the whole session (it registers as
their user when settings load), so they are not stopped between the set-up steps and the
servers starting. Ctrl-C stops everything it started.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

HOST = os.environ.get("HOST", "127.0.0.1")
PORT = int(os.environ.get("PORT", "8000"))
HEALTH_TIMEOUT_S = 60


def set_up() -> None:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=1)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("load_bundled_data")


def start_processes() -> list[subprocess.Popen]:
    bin_dir = os.path.dirname(sys.executable)
    commands = {
        "web": [
            os.path.join(bin_dir, "gunicorn"),
            "config.wsgi",
            f"--bind={HOST}:{PORT}",
            "--workers=2",
            "--threads=4",
            "--access-logfile=-",
        ],
        "worker": [os.path.join(bin_dir, "celery"), "-A", "config", "worker", "-l", "info", "-c", "2"],
        "beat": [os.path.join(bin_dir, "celery"), "-A", "config", "beat", "-l", "info"],
    }
    # Each server leads its own process group, so stop() can end it with every process it forked
    # (gunicorn's and Celery's workers): a worker orphaned by its master would outlive Ctrl-C.
    return [subprocess.Popen(cmd, start_new_session=True) for cmd in commands.values()]


def wait_healthy(url: str) -> dict | None:
    deadline = time.monotonic() + HEALTH_TIMEOUT_S
    last = None
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - our own http URL
                return json.load(response)
        except urllib.error.HTTPError as exc:
            last = json.load(exc) if exc.code == 503 else None
        except (urllib.error.URLError, OSError, ValueError):
            pass
        time.sleep(1)
    return last


def _signal_group(process: subprocess.Popen, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def stop(processes: list[subprocess.Popen]) -> None:
    """A warm shutdown of every server and its children, then SIGKILL for whatever lingers."""
    for process in processes:
        _signal_group(process, signal.SIGTERM)
    for process in processes:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=15)
        # The group leader may be gone while a child it forked is not.
        _signal_group(process, signal.SIGKILL)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    set_up()
    processes = start_processes()
    # The servers are in their own sessions: a SIGTERM to this process must stop them as Ctrl-C does.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        health = wait_healthy(f"http://{HOST}:{PORT}/healthz")
        if health and health.get("ok"):
            print(f"\nThe judge's table is up: http://{HOST}:{PORT}/  (Ctrl-C stops it)\n", flush=True)
        else:
            print(f"\nStarted, but not every service is healthy yet: {health}\n", flush=True)
        while all(process.poll() is None for process in processes):
            time.sleep(0.5)
        print("A server process exited; stopping the others.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        stop(processes)


if __name__ == "__main__":
    sys.exit(main())
