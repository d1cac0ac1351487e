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
    env.update(PORT=str(port), JT_VAR_DIR=str(tmp_path / "var"), DJANGO_SETTINGS_MODULE="config.settings")
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
