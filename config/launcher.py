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
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

HOST = os.environ.get("HOST", "127.0.0.1")
HEALTH_TIMEOUT_S = 60


def address_problem(host: str, raw_port: str) -> str | None:
    """Why the site cannot be served on host:port, or None. Checked before anything starts: a
    busy port would otherwise surface only as "a server process exited" after the set-up, or
    worse, /healthz would be answered by whatever else is listening there."""
    try:
        port = int(raw_port)
        if not 0 < port < 65536:
            raise ValueError
    except ValueError:
        return f"PORT={raw_port!r} is not a port number (1-65535)."
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
        try:
            probe.bind((host, port))
        except OSError as exc:
            return (
                f"Cannot serve on {host}:{port}: {exc.strerror or exc}. Another program is using it; "
                f"choose a free port, e.g. PORT={port + 1} make run"
            )
    return None


def set_up() -> None:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=1)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("load_bundled_data")


def start_processes(port: int) -> list[subprocess.Popen]:
    bin_dir = os.path.dirname(sys.executable)
    commands = {
        "web": [
            os.path.join(bin_dir, "gunicorn"),
            "config.wsgi",
            f"--bind={HOST}:{port}",
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
    raw_port = os.environ.get("PORT", "8000")
    problem = address_problem(HOST, raw_port)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    port = int(raw_port)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    set_up()
    processes = start_processes(port)
    # The servers are in their own sessions: a SIGTERM to this process must stop them as Ctrl-C does.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        health = wait_healthy(f"http://{HOST}:{port}/healthz")
        if health and health.get("ok"):
            print(f"\nThe judge's table is up: http://{HOST}:{port}/  (Ctrl-C stops it)\n", flush=True)
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
