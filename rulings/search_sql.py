"""The SQL plumbing the search's statements share: the filters a query may carry (compiled into SQL
once per filters), and the statements run prepared, their text the same for every query (the words
travel as parameters). Read by rulings.search_query, search_ranking and search_facets."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import sys
import time
import weakref
from dataclasses import dataclass

import psycopg
from django.conf import settings
from django.db import connection
from django.db.models import BooleanField, Q, QuerySet
from django.db.models.expressions import RawSQL

from rulings.models import Entry, Status

CONFIG = "english"


@dataclass(frozen=True)
class Filters:
    game: str = ""
    kind: str = ""
    source: str = ""
    card: str = ""
    term: str = ""
    status: str = ""
    as_of: dt.date | None = None


def apply_filters(queryset: QuerySet, filters: Filters) -> QuerySet:
    if filters.game:
        queryset = queryset.filter(source__game=filters.game)
    if filters.kind:
        queryset = queryset.filter(kind__in=filters.kind.split(","))
    if filters.source:
        queryset = queryset.filter(source__slug=filters.source)
    if filters.card:
        queryset = queryset.filter(cards__slug=filters.card)
    if filters.term:
        queryset = queryset.filter(terms__slug=filters.term)
    if filters.as_of:
        queryset = queryset.filter(Q(valid_from__isnull=True) | Q(valid_from__lte=filters.as_of)).filter(
            Q(valid_to__isnull=True) | Q(valid_to__gt=filters.as_of)
        )
        if not filters.status:  # withdrawn without a date of withdrawal: never in force
            queryset = queryset.exclude(status=Status.WITHDRAWN, valid_to__isnull=True)
    elif not filters.status:
        queryset = queryset.filter(status=Status.CURRENT)
    if filters.status and filters.status != "any":
        queryset = queryset.filter(status=filters.status)
    return queryset


_IN_GAME = "rulings_entry.source_id = ANY(ARRAY(SELECT id FROM rulings_source WHERE game = %s))"
_IN_SOURCE = "rulings_entry.source_id = ANY(ARRAY(SELECT id FROM rulings_source WHERE slug = %s))"


@functools.lru_cache(maxsize=512)
def filtered(
    filters: Filters, condition: str, params: tuple, fields: tuple[str, ...] = ("pk",)
) -> tuple[str, tuple]:
    """The filtered entries meeting a condition on rulings_entry (their ids, or the given fields), as
    SQL (compiled once per filters and condition: the ORM's compiler costs more than the search's
    own SQL)."""
    # The game and source as the ids of their sources, found once (an InitPlan): joined to
    # rulings_source instead, the planner repeats the GIN scan of the words for each source.
    base = apply_filters(Entry.objects.all(), dataclasses.replace(filters, game="", source=""))
    for in_sources, value in ((_IN_GAME, filters.game), (_IN_SOURCE, filters.source)):
        if value:
            base = base.filter(RawSQL(in_sources, (value,), output_field=BooleanField()))  # noqa: S611
    queryset = base.filter(RawSQL(condition, params, output_field=BooleanField()))  # noqa: S611
    sql, params = queryset.values(*fields).order_by().query.sql_with_params()
    return sql, tuple(params)


TIMESTAMPTZ = psycopg.postgres.types["timestamptz"].oid


@functools.lru_cache(maxsize=8)
def _quick_timestamps(loader: type) -> type:
    """The connection's timestamptz loader (Django's: the connection's time zone), parsing the
    ISO text with datetime.fromisoformat (in C) rather than psycopg's regular expression and int()
    calls: 60 timestamps in a page of results (each entry's and its source's), some 0.1 ms of the
    search's Python. Anything fromisoformat does not read goes the loader's own way."""

    class QuickTimestamptzLoader(loader):
        @staticmethod
        def _load_iso(self, data) -> dt.datetime:  # what psycopg's __init__ picks for ISO dates
            try:
                return dt.datetime.fromisoformat(bytes(data).decode()).astimezone(self._timezone)
            except (ValueError, OverflowError):
                return loader._load_iso(self, data)

    return QuickTimestamptzLoader


# Connections set up for the search's statements (see run).
IDLE = psycopg.pq.TransactionStatus.IDLE
_set_up: weakref.WeakSet = weakref.WeakSet()


def run(sql: str, params: list) -> list[tuple]:
    """Run a search statement with server-side parameters, as a prepared statement: its SQL text
    is the same for every query (with the same filters), so PostgreSQL parses and plans it once per
    connection, not once per query. Django leaves prepared statements off (poolers such as
    PgBouncer in transaction mode cannot keep them): DB_PREPARED_STATEMENTS = False turns
    them off here too, as it does the compiled queries' (config.compiled)."""
    connection.ensure_connection()
    raw = connection.connection
    prepare = getattr(settings, "DB_PREPARED_STATEMENTS", True)
    threshold = raw.prepare_threshold
    if prepare and threshold is None:
        raw.prepare_threshold = sys.maxsize  # none but those asked for
    start = time.monotonic()
    try:
        with psycopg.Cursor(raw) as cursor:
            loader = raw.adapters.get_loader(TIMESTAMPTZ, psycopg.pq.Format.TEXT)
            if loader is not None and hasattr(loader, "_load_iso"):
                cursor.adapters.register_loader(TIMESTAMPTZ, _quick_timestamps(loader))
            if raw not in _set_up and raw.autocommit and raw.info.transaction_status == IDLE:
                # Set outside a transaction, so that no rollback undoes them; one round trip.
                # Generic plans: the statements' plans do not depend on the words (which reach
                # them as arrays), but the planner's default re-plans each execution when a
                # custom plan looks cheaper: 0.4 to 1.6 ms of planning a query at 100,000
                # entries. Only prepared statements are concerned: these and the compiled queries'
                # (config.compiled), whose plans do not depend on their values either.
                # No synchronized scans: a common tier is read sequentially and cut at the pool;
                # with synchronized scans (a table larger than a quarter of shared_buffers) a
                # scan starts where the last one stopped, so the same question found other
                # entries after another question. From the first block, it finds those the
                # index would, every time.
                settings_sql = "SELECT set_config('synchronize_seqscans', 'off', false)"
                if prepare:
                    settings_sql += ", set_config('plan_cache_mode', 'force_generic_plan', false)"
                cursor.execute(settings_sql)
                _set_up.add(raw)
            cursor.execute(sql, params, prepare=True if prepare else None)
            return cursor.fetchall()  # not its description: 44 Column objects none reads
    finally:
        raw.prepare_threshold = threshold
        if connection.queries_logged:  # counted like the ORM's (debug toolbar, query-count tests)
            connection.queries_log.append({"sql": sql, "time": f"{time.monotonic() - start:.3f}"})
