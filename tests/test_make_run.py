"""`make run`'s launcher, end to end: fresh embedded services, migrations, the bundled data, then
gunicorn + a Celery worker + beat, /healthz green, and Ctrl-C stopping everything it started."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - local test server
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()
    except OSError:
        return None, ""


@pytest.mark.worker
def test_the_run_command_serves_the_site_with_its_data_and_stops_on_ctrl_c(tmp_path):
    port = free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("JT_", "DATABASE_NAME", "CELERY_", "DJANGO_SETTINGS_MODULE", "EMAIL_"))
    }
    env.update(
        PORT=str(port), JT_VAR_DIR=str(tmp_path / "var"), DJANGO_SETTINGS_MODULE="config.settings.local"
    )
    log = open(tmp_path / "run.log", "w")  # noqa: SIM115
    launcher = subprocess.Popen(
        [sys.executable, "-m", "config.launcher"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        started = time.monotonic()
        health = None
        while time.monotonic() - started < 240:
            status, body = get(f"http://127.0.0.1:{port}/healthz")
            if status == 200:
                health = json.loads(body)
                break
            assert launcher.poll() is None, (tmp_path / "run.log").read_text()[-3000:]
            time.sleep(1)
        assert health is not None, (tmp_path / "run.log").read_text()[-3000:]
        assert health["ok"] and all(check["ok"] for check in health["checks"].values())

        status, home = get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "Rulings, errata and correspondence duels" in home
        # The bundled data was loaded on first start.
        status, cards = get(f"http://127.0.0.1:{port}/api/cards/?q=mysterious")
        assert status == 200 and json.loads(cards)["count"] >= 1
        status, rulings = get(f"http://127.0.0.1:{port}/api/rulings/search/?q=power+blow")
        assert status == 200 and json.loads(rulings)["count"] >= 1
        # The launcher prints the URL once its own health check passes.
        for _ in range(60):
            if "The judge's table is up: http://127.0.0.1:" in (tmp_path / "run.log").read_text():
                break
            time.sleep(0.5)
        assert f"The judge's table is up: http://127.0.0.1:{port}/" in (tmp_path / "run.log").read_text()
    finally:
        children = psutil.Process(launcher.pid).children(recursive=True) if launcher.poll() is None else []
        os.killpg(launcher.pid, signal.SIGINT)  # what Ctrl-C in the terminal sends to the group
        launcher.wait(60)
        log.close()

    gone, alive = psutil.wait_procs(children, timeout=30)
    assert not alive, f"still running after Ctrl-C: {[p.cmdline() for p in alive]}"
    # The embedded servers it started under its var/ folder are stopped too.
    assert not (tmp_path / "var" / "postgres" / "postmaster.pid").exists()
    assert get(f"http://127.0.0.1:{port}/")[0] is None


def _launch(port: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "config.launcher"],
        cwd=ROOT,
        env={**os.environ, "PORT": port},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_run_command_refuses_a_busy_port_at_once_naming_it():
    """Another program on the port (another checkout's `make run`, say) must not be mistaken for
    our site: the launcher says so before setting anything up, and starts nothing."""
    with socket.socket() as other_program:
        other_program.bind(("127.0.0.1", 0))
        other_program.listen()
        port = other_program.getsockname()[1]

        result = _launch(str(port))

    assert result.returncode == 2
    assert f"127.0.0.1:{port}" in result.stderr and "PORT=" in result.stderr
    assert "Applying" not in result.stdout, "nothing is set up for a port that cannot be served"


@pytest.mark.parametrize("port", ["eighty", "0", "70000"])
def test_the_run_command_refuses_a_port_that_is_not_a_port(port):
    result = _launch(port)

    assert result.returncode == 2
    assert f"PORT={port!r} is not a port number" in result.stderr


# --- Clean shutdown: every signal that means "stop" stops everything `make run` started ---------

STOP_BOUND_S = 45  # generous: a warm Celery shutdown on a loaded 2-core machine


def _start_make_run(tmp_path: Path, port: int) -> subprocess.Popen:
    return _start_make(tmp_path, "run", PORT=str(port))


def _start_make(tmp_path: Path, target: str, **settings: str) -> subprocess.Popen:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("JT_", "DATABASE_NAME", "CELERY_", "DJANGO_SETTINGS_MODULE", "EMAIL_", "MAKE"))
    }
    env.update(JT_VAR_DIR=str(tmp_path / "var"), **settings)
    log = open(tmp_path / "run.log", "w")  # noqa: SIM115 - lives with the process
    # `make run` itself, as a user, systemd or CI starts it: make is the process they signal.
    return subprocess.Popen(
        ["make", "--no-print-directory", target, f"PY={sys.executable}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip


def _embedded_server_pids(var: Path) -> list[int]:
    return [
        int((var / name).read_text().split()[0]) for name in ("postgres/postmaster.pid", "redis/redis.pid")
    ]


def _assert_everything_stops(make: subprocess.Popen, processes: list[psutil.Process], var: Path, log: Path):
    make.wait(STOP_BOUND_S)
    gone, alive = psutil.wait_procs(processes, timeout=STOP_BOUND_S)
    for process in alive:  # leave nothing behind for the next test, then fail
        process.kill()
    assert not alive, f"still running: {[p.cmdline() for p in alive]}\n{log.read_text()[-3000:]}"
    # The embedded servers are released: their last user stopped them.
    assert not (var / "postgres" / "postmaster.pid").exists()
    assert not (var / "redis" / "port").exists()


def _wait_until(condition, make: subprocess.Popen, log: Path, timeout: float = 240) -> None:
    started = time.monotonic()
    while not condition():
        assert make.poll() is None, log.read_text()[-3000:]
        assert time.monotonic() - started < timeout, log.read_text()[-3000:]
        time.sleep(0.2)


def _serving(port: int) -> bool:
    return get(f"http://127.0.0.1:{port}/healthz")[0] == 200


@pytest.mark.worker
@pytest.mark.parametrize(
    ("signal_name", "to_group"),
    [
        # docker stop, systemd and CI runners send SIGTERM to the main process: make, which passes
        # SIGTERM on to the launcher (GNU make forwards SIGTERM only).
        ("SIGTERM", False),
        # Ctrl-C: the terminal sends SIGINT to the whole foreground group, twice if impatient.
        ("SIGINT", True),
        # The terminal closing (an ssh session dropped): the kernel sends SIGHUP to the
        # foreground group. The launcher documents it as a stop like the others.
        ("SIGHUP", True),
    ],
)
def test_make_run_stopped_by_a_signal_leaves_no_process_and_releases_the_services(
    tmp_path, signal_name, to_group
):
    port = free_port()
    var, log = tmp_path / "var", tmp_path / "run.log"
    make = _start_make_run(tmp_path, port)
    try:
        _wait_until(lambda: _serving(port), make, log)
        processes = psutil.Process(make.pid).children(recursive=True)
        processes += [psutil.Process(pid) for pid in _embedded_server_pids(var)]
        commands = " ".join(" ".join(p.cmdline()) for p in processes)
        assert "gunicorn" in commands and "worker" in commands and "beat" in commands

        signum = getattr(signal, signal_name)
        send = (lambda: os.killpg(make.pid, signum)) if to_group else (lambda: os.kill(make.pid, signum))
    except BaseException:
        os.killpg(make.pid, signal.SIGTERM)
        raise
    send()
    if to_group:
        time.sleep(0.3)
        send()  # a second Ctrl-C while the servers are stopping must not orphan them

    _assert_everything_stops(make, processes, var, log)
    assert get(f"http://127.0.0.1:{port}/healthz")[0] is None


@pytest.mark.worker
def test_make_run_stopped_during_set_up_releases_the_embedded_servers(tmp_path):
    """SIGTERM while migrations run (the first minute of a fresh install): the launcher must
    unwind and release PostgreSQL and Redis rather than die and leave them running."""
    port = free_port()
    var, log = tmp_path / "var", tmp_path / "run.log"
    make = _start_make_run(tmp_path, port)
    # Settings have loaded (the launcher registered as a user of both servers): set-up is under way.
    _wait_until(lambda: (var / "postgres.pids").exists() and (var / "redis.pids").exists(), make, log)
    processes = psutil.Process(make.pid).children(recursive=True)
    processes += [psutil.Process(pid) for pid in _embedded_server_pids(var)]

    os.kill(make.pid, signal.SIGTERM)

    _assert_everything_stops(make, processes, var, log)
    assert "The judge's table is up" not in log.read_text()


@pytest.mark.worker
@pytest.mark.parametrize(("signal_name", "to_group"), [("SIGTERM", False), ("SIGINT", True)])
def test_make_loadtest_stopped_by_a_signal_leaves_no_process_and_releases_the_services(
    tmp_path, signal_name, to_group
):
    """`make loadtest` starts gunicorn, a Celery worker and locust, each in a session of its own:
    SIGTERM once stopped the runner alone and left all three serving, and holding the embedded
    servers, for as long as the measured window was (ten minutes). A tiny seeded database, stopped
    mid-run."""
    var, log = tmp_path / "var", tmp_path / "run.log"
    make = _start_make(tmp_path, "loadtest", LOADTEST_TIME="600s", LOADTEST_ARGS="--scale 0.005 --warmup 0s")
    try:
        _wait_until(lambda: "locust: " in log.read_text(), make, log, timeout=400)
        expected = ("gunicorn", "worker", "locust")
        _wait_until(  # the run under way: the servers and locust are up
            lambda: all(
                any(name in " ".join(p.cmdline()) for p in psutil.Process(make.pid).children(recursive=True))
                for name in expected
            ),
            make,
            log,
        )
        processes = psutil.Process(make.pid).children(recursive=True)
        processes += [psutil.Process(pid) for pid in _embedded_server_pids(var)]
        signum = getattr(signal, signal_name)
        (os.killpg if to_group else os.kill)(make.pid, signum)
    except BaseException:
        os.killpg(make.pid, signal.SIGTERM)
        raise

    _assert_everything_stops(make, processes, var, log)
    assert "The load test was stopped" in log.read_text()
