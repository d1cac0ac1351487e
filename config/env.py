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
        return dj_database_url.parse(url, conn_health_checks=True)
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
