"""A web process whose database pool is no larger than its request threads is refused at start-up
with one line naming both variables (issue #16), rather than queueing requests for a connection
under load."""

from __future__ import annotations

import pytest

from tests.test_production_settings import GOOD, run_production


def run_web_settings(tmp_path, **env: str):
    """Load the settings as a web process does (config.asgi turns the pool on)."""
    return run_production(
        {**GOOD, "JT_DB_POOL": "1", **env},
        tmp_path,
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.DATABASES['default']['OPTIONS']['pool']['max_size'])",
    )


@pytest.mark.parametrize(("pool", "threads"), [("8", "8"), ("4", "8"), ("10", "12")])
def test_a_pool_no_larger_than_the_threads_is_refused_naming_both(tmp_path, pool, threads):
    result = run_web_settings(tmp_path, DB_POOL_MAX_SIZE=pool, WEB_THREADS=threads)

    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"DB_POOL_MAX_SIZE={pool} must be above WEB_THREADS={threads}" in lines[0]


def test_a_pool_above_the_threads_starts_and_the_defaults_are_accepted(tmp_path):
    result = run_web_settings(tmp_path, DB_POOL_MAX_SIZE="9", WEB_THREADS="8")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "9"

    defaults = run_web_settings(tmp_path, DB_POOL_MAX_SIZE="", WEB_THREADS="")
    assert defaults.returncode == 0, defaults.stderr
    assert defaults.stdout.strip().splitlines()[-1] == "10"
