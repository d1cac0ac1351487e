"""`make run`: migrate, load the bundled data, then serve with a Celery worker and beat.

This process holds the embedded PostgreSQL and Redis for the whole session (it registers as
their user when settings load), so they are not stopped between the set-up steps and the
servers starting. Ctrl-C, SIGTERM (what `docker stop`, systemd and CI send) and SIGHUP (the
terminal closing) all stop everything it started, then release the embedded servers.
"""

from __future__ import annotations

import contextlib
import ctypes
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
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


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


def site_url(host: str, port: int) -> str:
    """The address links in e-mails point to when SITE_URL is not set: where this serves."""
    if host in ("0.0.0.0", "::", ""):  # noqa: S104 - every interface: name the machine instead
        host = socket.getfqdn()
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def set_up() -> None:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=1)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("load_bundled_data")


def _server_preexec() -> None:
    """Run in each server between fork and exec. The launcher holds the stop signals blocked
    while it starts servers (so a signal cannot land between a fork and the bookkeeping); the
    server must not inherit that mask. And should the launcher itself be killed outright
    (SIGKILL, OOM), the kernel sends the server SIGTERM rather than leave it orphaned."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


# Seconds gunicorn gives open requests at a stop. An open board's event stream never ends by
# itself, so without a bound a stop would wait for gunicorn's default 30 s for every open board.
GRACEFUL_TIMEOUT_S = 5

# Seconds an idle kept-alive connection stays open (gunicorn's default is 2). A client or proxy
# that reuses a connection just as the server closes it gets a dropped request (the load test
# saw one); the server must outwait its callers, and reverse proxies keep idle upstream
# connections for 60 s. Idle connections cost next to nothing to uvicorn's event loop.
KEEP_ALIVE_S = 75


def web_command(host: str, port: int, *, access_log: bool = True) -> list[str]:
    """The web server as every deployment runs it (make run, the benchmarks and tests that serve
    the site, the Dockerfile's CMD and compose.yaml say the same): gunicorn managing uvicorn
    workers on the ASGI application, so the board's event stream is served by an async view."""
    command = [
        os.path.join(os.path.dirname(sys.executable), "gunicorn"),
        "config.asgi:application",
        "--worker-class=uvicorn_worker.UvicornWorker",
        f"--bind={host}:{port}",
        "--workers=2",
        f"--graceful-timeout={GRACEFUL_TIMEOUT_S}",
        f"--keep-alive={KEEP_ALIVE_S}",
    ]
    return command + (["--access-logfile=-"] if access_log else [])


def worker_command(loglevel: str = "info") -> list[str]:
    """The Celery worker as `make run` and compose.yaml run it. Gossip and mingle are off: they
    exchange state between workers over the broker (a message per worker event, a round of
    replies at start) that nothing here uses; task routing, acks_late and remote control (the
    /healthz ping) work without them. The pool (prefork, processes from CELERY_WORKER_CONCURRENCY)
    is chosen in the settings, where it is measured."""
    celery = os.path.join(os.path.dirname(sys.executable), "celery")
    return [celery, "-A", "config", "worker", "-l", loglevel, "--without-gossip", "--without-mingle"]


def start_processes(port: int, started: list[subprocess.Popen]) -> None:
    """Start the servers, appending each to `started` as soon as it exists, so that whatever
    interrupts the start-up, the caller can stop the ones already running."""
    bin_dir = os.path.dirname(sys.executable)
    commands = [
        web_command(HOST, port),
        worker_command(),
        [os.path.join(bin_dir, "celery"), "-A", "config", "beat", "-l", "info"],
    ]
    spawn_servers(commands, started)


def spawn_servers(commands: list[list[str]], started: list[subprocess.Popen], **popen) -> None:
    """Start each server (Popen's other arguments: `popen`), appended to `started` as soon as it
    exists. Each leads its own process group, so stop() can end it with every process it forked
    (gunicorn's and Celery's workers): a worker orphaned by its master would outlive Ctrl-C. Used
    by every program that starts the servers and must stop them (this launcher, `make loadtest`),
    after stop_on_signals(), from a single thread (preexec_fn is safe only there)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        for command in commands:
            started.append(
                subprocess.Popen(command, start_new_session=True, preexec_fn=_server_preexec, **popen)
            )
    finally:
        # A stop signal that came meanwhile is delivered here, as KeyboardInterrupt.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


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


def stop(processes: list[subprocess.Popen], wait_s: float = 15) -> None:
    """A warm shutdown of every server and its children (each given `wait_s` seconds), then
    SIGKILL for whatever lingers.

    Further stop signals (a second Ctrl-C, SIGTERM after SIGINT) are held off until the end:
    interrupting this would orphan the servers not yet stopped. They stay blocked while the
    process exits, so the embedded servers are released (atexit) uninterrupted too."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    for process in processes:
        _signal_group(process, signal.SIGTERM)
    for process in processes:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=wait_s)
        # The group leader may be gone while a child it forked is not.
        _signal_group(process, signal.SIGKILL)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def stop_on_signals() -> None:
    """Ctrl-C, SIGTERM and SIGHUP alike unwind as KeyboardInterrupt: through the caller's finally
    (which stops its servers) and the atexit hooks that release the embedded servers, instead of
    killing the process where it stands and leaving them running."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, _interrupt)


def main() -> int:
    # First thing: a stop signal at any point (even during migrations) unwinds through the
    # finally below.
    stop_on_signals()
    raw_port = os.environ.get("PORT", "8000")
    problem = address_problem(HOST, raw_port)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    port = int(raw_port)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    os.environ.setdefault("SITE_URL", site_url(HOST, port))  # read by settings, inherited by the servers
    processes: list[subprocess.Popen] = []
    try:
        set_up()
        start_processes(port, processes)
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
