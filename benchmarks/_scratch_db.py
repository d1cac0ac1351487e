"""A throw-away database for a benchmark, on the embedded PostgreSQL: created from template1
(which has pg_trgm and unaccent) before Django starts, dropped at the end. The development
database is never touched."""

from __future__ import annotations

import os


def _admin_connection():
    import psycopg

    from config import embedded

    if os.environ.get("DATABASE_URL"):
        raise SystemExit("With DATABASE_URL set, create a database yourself and set DATABASE_NAME.")
    settings = embedded.postgres_settings()
    return psycopg.connect(host=settings["HOST"], user="postgres", dbname="postgres", autocommit=True)


def create(name: str) -> None:
    """Create `name` and point Django at it (call before django.setup())."""
    with _admin_connection() as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template1')
    os.environ["DATABASE_NAME"] = name


def drop(name: str) -> None:
    from django.db import connections

    connections.close_all()
    with _admin_connection() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def notify_when_resolved(table: str, channel: str) -> str:
    """SQL for a trigger that NOTIFYs `channel` with a move's id when its status leaves
    'pending'. NOTIFY is delivered on commit, so a listening client learns the moment a move's
    resolution commits, without polling (and burning a core) for it."""
    return f"""
CREATE FUNCTION {channel}() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('{channel}', NEW.id::text);
    RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER {channel} AFTER UPDATE OF status ON {table}
    FOR EACH ROW WHEN (NEW.status <> 'pending') EXECUTE FUNCTION {channel}();
"""
