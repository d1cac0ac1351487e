"""Issue #11: schemathesis over the whole OpenAPI schema, anonymous and signed in, against a real
gunicorn on loopback serving the test database: 0 server errors and 0 schema violations.

Bounded: a fixed number of examples per operation and a fixed seed, so it takes about as long
each run (~1-2 minutes here) and a failure can be replayed. The counts are printed either way.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from config.launcher import web_command

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES_PER_OPERATION = int(os.environ.get("FUZZ_EXAMPLES", "15"))
CHECKS = "not_a_server_error,response_schema_conformance,content_type_conformance"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def gunicorn(transactional_db, tmp_path):
    from django.db import connection

    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_NAME": connection.settings_dict["NAME"],
    }
    log = open(tmp_path / "gunicorn.log", "w")  # noqa: SIM115 - lives with the process
    process = subprocess.Popen(
        [*web_command("127.0.0.1", port), "--error-logfile=-"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{url}/api/schema/", timeout=2).read()  # noqa: S310 - loopback
            break
        except OSError:
            assert process.poll() is None, (tmp_path / "gunicorn.log").read_text()[-3000:]
            time.sleep(0.5)
    yield url
    process.terminate()
    process.wait(timeout=20)


def signed_in_headers(django_user_model) -> list[str]:
    """A real session (in the database and the cache) and a CSRF token, as a browser would hold."""
    from django.middleware.csrf import _get_new_csrf_string
    from django.test import Client

    from games.actions import decks, players

    user = django_user_model.objects.create_user("fuzzer", password="a long enough passphrase 42")
    players.profile_for(user)
    decks.ensure_starter_decks()
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value
    token = _get_new_csrf_string()
    return ["-H", f"Cookie: sessionid={session}; csrftoken={token}", "-H", f"X-CSRFToken: {token}"]


def run_schemathesis(url: str, report: Path, headers: list[str]) -> tuple[int, str, dict]:
    command = [
        sys.executable, "-m", "schemathesis.cli", "run", f"{url}/api/schema/",
        "--checks", CHECKS, "--max-examples", str(EXAMPLES_PER_OPERATION), "--seed", "11",
        "--phases", "examples,coverage,fuzzing", "--no-shrink", "--workers", "2",
        "--request-timeout", "30", "--report", "json", "--report-json-path", str(report),
        *headers,
    ]  # fmt: skip
    # In the report's folder: schemathesis keeps a cache (.schemathesis/) where it runs.
    done = subprocess.run(command, cwd=report.parent, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr, json.loads(report.read_text())


def counts(report: dict, output: str) -> dict[str, int]:
    """Test cases from the JSON report; failures by kind from the summary ("ST108 Response violates
    schema: 2"), which counts each distinct failure once."""
    import re

    def total(kind: str) -> int:
        return sum(int(n) for n in re.findall(rf"ST\d+ {kind}[^:\n]*: (\d+)", output))

    return {
        "test cases": report["test_cases"]["generated"],
        "server errors": total("Server error"),
        "schema violations": total("Response violates schema"),
        "failures in all": total(""),
        "errors": len(report["errors"]),
    }


def test_the_whole_api_survives_schemathesis(gunicorn, django_user_model, tmp_path, capsys):
    from django.core.management import call_command

    call_command("load_bundled_data", verbosity=0)  # real rulings and cards to answer with
    results = {
        "anonymous": run_schemathesis(gunicorn, tmp_path / "anonymous.json", []),
        "signed in": run_schemathesis(
            gunicorn, tmp_path / "signed-in.json", signed_in_headers(django_user_model)
        ),
    }
    if os.environ.get("FUZZ_OUTPUT"):
        Path(os.environ["FUZZ_OUTPUT"]).write_text("\n\n".join(output for _, output, _ in results.values()))
    with capsys.disabled():
        for who, (_, output, report) in results.items():
            found = ", ".join(f"{n} {what}" for what, n in counts(report, output).items())
            print(f"\nschemathesis ({who}): {found}")
    for who, (code, output, report) in results.items():
        found = counts(report, output)
        assert found["test cases"] > 100, output[-3000:]
        assert found["server errors"] == 0 and found["schema violations"] == 0, output[-6000:]
        assert report["failures"] == [] and report["errors"] == [] and code == 0, f"{who}:\n{output[-6000:]}"
