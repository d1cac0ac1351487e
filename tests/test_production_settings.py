"""The settings split: production settings use external services only and refuse to start,
in one line naming every culprit, when DATABASE_URL, REDIS_URL, SITE_URL or a strong SECRET_KEY is
missing."""

from __future__ import annotations

import pytest

from tests.test_foundation import run_manage

STRONG_KEY = "k7Qv2-" + "aZ9x" * 12  # 54 characters, many distinct
GOOD = {
    "DATABASE_URL": "postgres://jt:secret@db.example:5432/jt",
    "REDIS_URL": "redis://cache.example:6379",
    "SECRET_KEY": STRONG_KEY,
    "SITE_URL": "https://judges.example",
}


def run_production(env: dict, tmp_path, *args: str):
    return run_manage(
        *(args or ("check",)),
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "JT_VAR_DIR": str(tmp_path / "var"),
            "JT_REDIS_DB_BASE": "",  # the test settings' own knob, set in this process; not a deployment's
            **env,
        },
        timeout=60,
    )


@pytest.mark.parametrize(
    ("missing", "named"),
    [
        ({"DATABASE_URL": ""}, ["DATABASE_URL is not set"]),
        ({"REDIS_URL": ""}, ["REDIS_URL is not set"]),
        ({"SECRET_KEY": ""}, ["SECRET_KEY is not set"]),
        (
            {"DATABASE_URL": "", "REDIS_URL": "", "SECRET_KEY": ""},
            ["DATABASE_URL", "REDIS_URL", "SECRET_KEY"],
        ),
        ({"SITE_URL": ""}, ["SITE_URL is not set"]),  # e-mail links would point at 127.0.0.1
        ({"SITE_URL": "judges.example"}, ["SITE_URL must be an http:// or https:// address"]),
        ({"SECRET_KEY": "x" * 40}, ["SECRET_KEY is weak"]),  # enough for local settings, not here
        ({"SECRET_KEY": "ab" * 30}, ["SECRET_KEY is weak"]),  # long but two distinct characters
        ({"SECRET_KEY": "django-insecure-" + STRONG_KEY}, ["SECRET_KEY is weak"]),
    ],
)
def test_production_settings_refuse_to_start_in_one_line_naming_what_is_wrong(tmp_path, missing, named):
    result = run_production({**GOOD, **missing}, tmp_path)

    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "production settings refuse to start" in lines[0]
    for clause in named:
        assert clause in lines[0]
    # Nothing was started in its place: no embedded server, no secret key file.
    assert not (tmp_path / "var" / "postgres").exists()
    assert not (tmp_path / "var" / "redis").exists()
    assert not (tmp_path / "var" / "secret_key").exists()


def test_production_settings_with_everything_set_use_the_external_services_and_start_nothing(tmp_path):
    result = run_production(
        GOOD, tmp_path, "shell", "-c",
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['HOST'], s.CELERY_BROKER_URL, s.CACHES['default']['LOCATION'])",
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == [
        "db.example",
        "redis://cache.example:6379/0",
        "redis://cache.example:6379/1",
    ]
    assert not (tmp_path / "var" / "postgres").exists()
    assert not (tmp_path / "var" / "redis").exists()


def test_a_malformed_url_is_named_under_production_settings_too(tmp_path):
    result = run_production({**GOOD, "DATABASE_URL": "mysql://jt@db/jt"}, tmp_path)

    assert result.returncode == 2
    assert "DATABASE_URL must be a postgres:// URL" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_web_process_knows_every_task_the_services_queue_by_name(tmp_path):
    """The services queue their tasks by name from the Celery app's registry (games.actions.workers):
    a process that never imports games.tasks itself, as the web server, must still find them there,
    or every move would answer 500."""
    code = (
        "from celery import current_app; from games.actions import workers; "
        "names = (workers.RESOLVE_MOVE, workers.BOT_TURN, workers.EMAIL_NOTIFICATION); "
        "print('missing:', [name for name in names if name not in current_app.tasks])"
    )
    result = run_production(GOOD, tmp_path, "shell", "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "missing: []"


def test_the_database_options_a_url_sets_are_kept_beside_jit_off(monkeypatch):
    """DATABASE_URL may carry libpq options of its own (?options=...): they stay, and JIT is off."""
    from config.env import service_settings

    monkeypatch.setenv(
        "DATABASE_URL", "postgres://jt:pw@db.example:5432/jt?options=-c%20statement_timeout%3D5000"
    )
    monkeypatch.setenv("REDIS_URL", "redis://cache.example:6379")
    options = service_settings(allow_embedded=False)["DATABASES"]["default"]["OPTIONS"]["options"]
    assert options == "-c statement_timeout=5000 -c jit=off"
