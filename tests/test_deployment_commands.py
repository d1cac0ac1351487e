"""The deployment's own commands, as compose.yaml and the Dockerfile give them, run outside Docker
(there is none here) under the production settings against the external PostgreSQL and Redis
that `make test-external` starts: migrate and load, then web, worker and beat serving the site."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
import yaml

from tests.test_make_run import free_port, get

ROOT = Path(__file__).resolve().parent.parent
EXTERNAL = bool(os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"))

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(not EXTERNAL, reason="needs DATABASE_URL and REDIS_URL: run by `make test-external`"),
]


def compose_commands() -> dict[str, list[str]]:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    return {name: services[name]["command"] for name in ("migrate", "web", "worker", "beat")}


def dockerfile_cmd() -> list[str]:
    return json.loads(re.search(r"^CMD (\[.*\])$", (ROOT / "Dockerfile").read_text(), re.M).group(1))


def production_env(tmp_path: Path, port: int) -> dict:
    # Not this suite's own knobs (test database name, Redis db base, settings module).
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("JT_", "DATABASE_NAME", "CELERY_", "DJANGO_"))
    }
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "JT_VAR_DIR": str(tmp_path / "var"),
        "SECRET_KEY": secrets.token_urlsafe(50),
        "PORT": str(port),
        "SITE_URL": f"http://127.0.0.1:{port}",
        # Loopback only here; in the container gunicorn binds 0.0.0.0:$PORT.
        "GUNICORN_CMD_ARGS": f"--bind=127.0.0.1:{port}",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }


def test_the_image_starts_the_same_web_server_as_compose():
    assert dockerfile_cmd() == compose_commands()["web"]


def collect_static_as_the_image_build_does(env: dict) -> None:
    """The Dockerfile's collectstatic: production settings with placeholder URLs, no service."""
    build_env = {**env, "DATABASE_URL": "postgres://build@build/build", "REDIS_URL": "redis://build"}
    result = subprocess.run(
        ["python", "manage.py", "collectstatic", "--noinput"],
        cwd=ROOT, env=build_env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]


def test_the_compose_commands_serve_the_site_under_production_settings(tmp_path):
    port = free_port()
    env = production_env(tmp_path, port)
    commands = compose_commands()
    collect_static_as_the_image_build_does(env)
    migrate = subprocess.run(
        commands["migrate"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert migrate.returncode == 0, migrate.stderr[-3000:]

    servers = []
    try:
        for name in ("web", "worker", "beat"):
            log = open(tmp_path / f"{name}.log", "w")  # noqa: SIM115 - lives with the process
            servers.append(
                subprocess.Popen(commands[name], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                 start_new_session=True)
            )  # fmt: skip
        started, status = time.monotonic(), None
        while time.monotonic() - started < 180 and status != 200:
            assert all(s.poll() is None for s in servers), (tmp_path / "web.log").read_text()[-3000:]
            status, body = get(f"http://127.0.0.1:{port}/healthz")
            time.sleep(1)
        assert status == 200, body
        assert all(check["ok"] for check in json.loads(body)["checks"].values())

        # The bundled data the migrate step loaded is served.
        status, cards = get(f"http://127.0.0.1:{port}/api/cards/?q=mysterious")
        assert status == 200 and json.loads(cards)["count"] >= 1
        status, home = get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "Rulings, errata and correspondence duels" in home
    finally:
        processes = [p for s in servers if s.poll() is None for p in [psutil.Process(s.pid)]]
        processes += [c for p in list(processes) for c in p.children(recursive=True)]
        for server in servers:  # docker stop: SIGTERM to each container's main process
            server.send_signal(signal.SIGTERM)
        gone, alive = psutil.wait_procs(processes, timeout=60)
        for process in alive:
            process.kill()
    assert not alive, [p.cmdline() for p in alive]
    # Nothing embedded was started for the production settings.
    assert not (tmp_path / "var" / "postgres").exists()
    assert not (tmp_path / "var" / "redis").exists()
