"""Reading settings from the environment, with errors that say which variable is wrong."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use one of 1/0, true/false, yes/no.")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int | None) -> int | None:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def database_from_url(url: str) -> dict:
    """Django DATABASES entry for a postgres:// URL; anything else is refused with the reason."""
    import dj_database_url

    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql", "pgsql"}:
        raise ImproperlyConfigured(
            f"DATABASE_URL must be a postgres:// URL (this project needs PostgreSQL); got scheme "
            f"{parts.scheme or '(none)'!r}."
        )
    if not parts.path.strip("/"):
        raise ImproperlyConfigured("DATABASE_URL names no database: add /<name> after the host.")
    try:
        parts.port  # noqa: B018 - urlsplit only validates the port when asked
    except ValueError:
        raise ImproperlyConfigured(f"DATABASE_URL has an invalid port: {parts.netloc!r}.") from None
    try:
        return dj_database_url.parse(url)
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL is malformed: {exc}") from None


def validate_redis_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(
            f"REDIS_URL must start with redis://, rediss:// or unix://; got {parts.scheme or '(none)'!r}."
        )
    try:
        parts.port  # noqa: B018
    except ValueError:
        raise ImproperlyConfigured(f"REDIS_URL has an invalid port: {parts.netloc!r}.") from None
    if parts.scheme != "unix" and not parts.hostname:
        raise ImproperlyConfigured("REDIS_URL names no host.")
    return url


def redis_with_db(url: str, db: int) -> str:
    """The same Redis server, another logical database (tests use their own)."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return url
    return parts._replace(path=f"/{db}").geturl()


def service_settings(*, allow_embedded: bool) -> dict:
    """The settings that depend on where PostgreSQL and Redis are: DATABASES, REDIS_URL, the
    Celery broker and result backend, CACHES. From DATABASE_URL / REDIS_URL; when one is unset,
    the embedded server (started or reused now) if allowed, else a refusal naming the variable."""
    from config import embedded

    if os.environ.get("DATABASE_URL"):
        database = database_from_url(os.environ["DATABASE_URL"])
    elif allow_embedded:
        database = embedded.postgres_settings()
    else:
        raise ImproperlyConfigured("DATABASE_URL is not set (postgres://user:password@host:5432/name).")
    # A Celery worker started by the test suite must use the test database the suite created.
    if os.environ.get("DATABASE_NAME"):
        database["NAME"] = os.environ["DATABASE_NAME"]
    # Keep each process's connection for good (it is checked before it is reused): players move
    # about once a day, so with an age limit nearly every move would open a new PostgreSQL backend
    # (~3-4 ms here) in the web process and again in the worker. DB_CONN_MAX_AGE=<seconds> sets one.
    database["CONN_MAX_AGE"] = env_int("DB_CONN_MAX_AGE", None)
    # No `SELECT 1` before each task or request reuses the connection: it was a round trip on
    # every move in the worker. A connection lost meanwhile (PostgreSQL restarted) fails the one
    # task that meets it, which is retried (games/tasks.py, TRANSIENT_ERRORS) after Django has
    # closed the broken connection (close_old_connections before each task, config/celery.py).
    database["CONN_HEALTH_CHECKS"] = False
    # No JIT compilation: PostgreSQL's default (jit=on, as Debian's and the official images ship it
    # with LLVM) compiles a statement whose estimated cost passes jit_above_cost, which the search's
    # statements do while the planner has no statistics (just after an import): reading a question's
    # words took 600 ms rather than 1 ms on Debian's PostgreSQL 15. Short statements never gain.
    options = database.setdefault("OPTIONS", {})
    options["options"] = " ".join(filter(None, [options.get("options", ""), "-c jit=off"]))
    if env_bool("JT_DB_POOL", False):
        # The ASGI server (config/asgi.py): a context per request, so connections come from
        # psycopg's pool, which keeps them open and hands them on.
        database["CONN_MAX_AGE"] = 0
        database.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 2,
            "max_size": env_int("DB_POOL_MAX_SIZE", 10),
            "timeout": 10,
        }

    if os.environ.get("REDIS_URL"):
        redis_url = validate_redis_url(os.environ["REDIS_URL"])
    elif allow_embedded:
        redis_url = embedded.redis_url()
    else:
        raise ImproperlyConfigured("REDIS_URL is not set (redis://host:6379).")
    # Tests use other logical databases (JT_REDIS_DB_BASE) so a running `make run` never takes
    # their tasks.
    redis_base = env_int("JT_REDIS_DB_BASE", 0)
    return {
        "DATABASES": {"default": database},
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_with_db(redis_url, redis_base),
        "CELERY_RESULT_BACKEND": redis_with_db(redis_url, redis_base),
        "CACHES": {
            "default": {
                "BACKEND": "config.cache.ReusingRedisCache",
                "LOCATION": redis_with_db(redis_url, redis_base + 1),
            }
        },
    }


# Django's own deployment check (security.W009) calls a key weak below these.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE_CHARACTERS = 5


def production_environment_problems(environ) -> list[str]:
    """What production settings cannot start without, each as a short clause naming the variable."""
    problems = []
    if not environ.get("DATABASE_URL"):
        problems.append("DATABASE_URL is not set (postgres://user:password@host:5432/name)")
    if not environ.get("REDIS_URL"):
        problems.append("REDIS_URL is not set (redis://host:6379)")
    site_url = environ.get("SITE_URL", "")
    if not site_url:
        # Every e-mail's links are built from it: a default would send players to 127.0.0.1.
        problems.append(
            "SITE_URL is not set (the address players reach the site at, e.g. https://judges.example)"
        )
    elif urlsplit(site_url).scheme not in ("http", "https") or not urlsplit(site_url).netloc:
        problems.append(f"SITE_URL must be an http:// or https:// address, not {site_url[:60]!r}")
    key = environ.get("SECRET_KEY", "")
    if not key:
        problems.append("SECRET_KEY is not set")
    elif (
        len(key) < SECRET_KEY_MIN_LENGTH
        or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
        or key.startswith("django-insecure-")
    ):
        problems.append(
            f"SECRET_KEY is weak (use at least {SECRET_KEY_MIN_LENGTH} random characters, e.g. "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))')"
        )
    return problems
