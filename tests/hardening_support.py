"""What the hardening tests share: a snapshot of the tables a refused request must not change."""

from __future__ import annotations

from django.db import connection

# Every table of ours and the users: a refused request leaves each exactly as it was.
SNAPSHOT_PREFIXES = ("games_", "rulings_", "cards_", "auth_user")


def db_snapshot() -> dict[str, str]:
    """Table name → md5 of all its rows (in a stable order)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
        tables = [name for (name,) in cursor.fetchall() if name.startswith(SNAPSHOT_PREFIXES)]
        snapshot = {}
        for table in tables:
            cursor.execute(
                f"SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM \"{table}\" t"  # noqa: S608 - names from pg_tables
            )
            count, digest = cursor.fetchone()
            snapshot[table] = f"{count}:{digest}"
    return snapshot
