"""Querysets compiled by the ORM once per process, then run with each request's own values.

On the pages' hot reads the ORM spent more CPU turning a queryset into SQL than PostgreSQL spent
running it (issue #16: a third of an entry page's CPU, a quarter of a card page's). A query whose
shape never changes (the same filters, joins and ordering; only the ids and numbers differ) is
compiled here once, with stand-in values, and each call binds its own values in their places.
The rows become model instances through the ORM's own machinery (its `select_related` joins, its
field conversions, its `prefetch_related` lookups, which run as usual), so a compiled query
returns what the queryset would have returned.

The query stays defined where it was, as a queryset built by a function of its values; what
this module adds is only the caching of its SQL. The arguments are whole numbers (ids, positions)
or strings (slugs): each is found in the compiled parameters by its stand-in value.

Its text being the same for every call, a compiled query also runs as a prepared statement, its
values bound by PostgreSQL: parsed and planned once per connection instead of on every call (at
100x data, planning was 0.2-0.8 ms of each such statement, a fifth of an entry page). Only these
statements: the rest of the site keeps Django's default (values put into the SQL text), which a
statement of more than 65,535 values (a bulk insert) needs. The query's own constants (a
status, a list's number) are written into its text, only the call's values bound: PostgreSQL's
plan for any value then still knows them (`_constants_written`). A query whose plan depends on
its values (a plan made for every value beats one made for any) says `prepared=False`.
"""

from __future__ import annotations

import contextlib
import copy
import re
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.models import QuerySet

# Stand-ins for a query's arguments while it is compiled. A whole number's is in the range of
# every integer column, a small one's included: Django folds a lookup on a value outside its
# column's range (a negative position, say) into the SQL as an empty or full condition, leaving no
# parameter to bind. The query is compiled with two sets of them, and where they sit must agree: a
# constant of the query that happened to equal a stand-in would sit in one set's places only.
_STAND_IN_SETS = (31_013, 32_717)


def _stand_in(index: int, kind: type, first: int):
    if kind is int:
        return first - index
    return f"compiled-query-stand-in-{first}-{index}"


def _kind(value) -> type:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"a compiled query's arguments are whole numbers or strings, not {value!r}")
    return int if isinstance(value, int) else str


class CompiledQuery:
    """`CompiledQuery(build)`: `build(*values)` returns the queryset; calling the compiled query
    with the same values returns the queryset's rows as a list, its SQL compiled once per process
    (once per kind of each value: whole number or string).

    The SQL is compiled on the first call (after Django is set up), from `build` called with
    stand-in values; a build whose SQL does not hold each value as a parameter of its own (a value
    folded into the SQL text, or transformed as `icontains` does) is refused there, not answered
    wrongly."""

    def __init__(self, build: Callable[..., QuerySet], *, prepared: bool = True):
        self._build = build
        self._prepared = prepared
        self._compiled: dict[tuple[type, ...], tuple] = {}
        self._lock = threading.Lock()

    def _compile(self, kinds: tuple[type, ...]):
        compiled = [self._compile_with(kinds, first) for first in _STAND_IN_SETS]
        if compiled[0][4] != compiled[1][4] or compiled[0][2] != compiled[1][2]:
            raise ValueError("the compiled SQL's parameters depend on the values' own worth")
        return compiled[0]

    def _compile_with(self, kinds: tuple[type, ...], first: int):
        stand_ins = [_stand_in(index, kind, first) for index, kind in enumerate(kinds)]
        queryset = self._build(*stand_ins)
        compiler = queryset.query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()  # also fills the compiler's select, klass_info, ...
        slots = [  # psycopg's int subclasses too (Int4: the column's type, kept when bound)
            (position, stand_ins.index(param), type(param))
            for position, param in enumerate(params)
            if isinstance(param, int | str) and not isinstance(param, bool) and param in stand_ins
        ]
        missing = set(range(len(kinds))) - {argument for _, argument, _ in slots}
        if missing:
            raise ValueError(f"argument(s) {sorted(missing)} are not parameters of the compiled SQL")
        sql, kept = _constants_written(
            sql, params, {position for position, _, _ in slots}, compiler.connection
        )
        slots = [(kept.index(position), argument, kind) for position, argument, kind in slots]
        return queryset, compiler, sql, tuple(params[position] for position in kept), slots

    def __call__(self, *values) -> list:
        kinds = tuple(_kind(value) for value in values)
        compiled = self._compiled.get(kinds)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(kinds) or self._compile(kinds)
                self._compiled[kinds] = compiled
        queryset, compiler, sql, params, slots = compiled
        bound = list(params)
        for position, argument, kind in slots:
            bound[position] = kind(values[argument])
        runner = copy.copy(compiler)  # the compiled select and klass_info, shared read-only
        # A connection belongs to its thread: the one the query was compiled on is not this one's.
        runner.connection = connections[queryset.db]
        runner.as_sql = lambda *args, **kwargs: (sql, tuple(bound))
        run = queryset._chain()
        run.query.get_compiler = lambda *args, **kwargs: runner
        # a list, not a queryset: filtering it further would not reach the SQL
        if not self._prepared:
            return list(run)
        with _preparing(runner.connection):
            return list(run)

    def first(self, *values):
        """The query's first row for these values, or None when it has none."""
        found = self(*values)
        return found[0] if found else None


_PLACEHOLDER = re.compile(r"%%|%s")


def _constants_written(sql: str, params, arguments: set[int], connection) -> tuple[str, list[int]]:
    """The SQL with the query's own constants (a status, a kind, a list's number) written into
    its text as literals, the call's values left as parameters; and the positions, among the
    parameters, of those left. A prepared statement runs on a generic plan once PostgreSQL
    chooses one (or once the search's `force_generic_plan` is set on the connection): with
    `status = $2` bound, its plan could not know that 'open' is a rare status and read every
    duel (the lobby: 21 ms on a generic plan at 100x data, 1 ms planned for its values); with
    `status = 'open'` written, the generic plan uses the status index as a custom one does."""
    out, kept, position, last = [], [], 0, 0
    for placeholder in _PLACEHOLDER.finditer(sql):
        if placeholder.group() == "%%":
            continue
        out.append(sql[last : placeholder.start()])
        if position in arguments:
            out.append("%s")
            kept.append(position)
        else:  # a literal, its own % signs escaped as the SQL's are
            out.append(connection.ops.compose_sql("%s", [params[position]]).replace("%", "%%"))
        position, last = position + 1, placeholder.end()
    out.append(sql[last:])
    return "".join(out), kept


class _PreparingCursor(ServerBindingCursor):
    """Django's cursor with server-side parameters. psycopg keeps the query it last sent, which
    Django's query log (DEBUG, the tests' statement counts) reads, but not when it runs a prepared
    statement: kept here as well."""

    def _send_query_prepared(self, name, pgq, *, binary=None):
        self._query = pgq
        super()._send_query_prepared(name, pgq, binary=binary)


@contextlib.contextmanager
def _preparing(connection):
    """While open, the connection's statements run prepared, with server-side parameters (psycopg
    prepares a statement from its first run when the threshold is 0; Django turns it off); unless
    the site cannot keep prepared statements (DB_PREPARED_STATEMENTS = False: PgBouncer in
    transaction mode), where they run as any other."""
    if not getattr(settings, "DB_PREPARED_STATEMENTS", True):
        yield
        return
    connection.ensure_connection()
    raw = connection.connection
    factory, threshold = raw.cursor_factory, raw.prepare_threshold
    raw.cursor_factory, raw.prepare_threshold = _PreparingCursor, 0
    try:
        yield
    finally:
        raw.cursor_factory, raw.prepare_threshold = factory, threshold


def fetch_one_prepared(sql: str, params: list, using: str = DEFAULT_DB_ALIAS) -> tuple | None:
    """The one row of a raw statement whose text never changes (only its bound values do), run
    prepared as a compiled query runs: parsed and planned once per connection. Through Django's
    cursor, so the query log and the tests' statement counts see it."""
    connection = connections[using]
    with _preparing(connection), connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def as_prefetched(instance, name: str, related: list) -> None:
    """Leave `related` (a compiled query's rows, say) where prefetch_related leaves a relation's
    rows: `instance.<name>.all()` then answers from them, reading nothing. For a one-to-many
    relation each row's foreign key back to `instance` is set to it, as prefetch_related sets it
    (`seat.duel` reads nothing either); a many-to-many row has no single way back."""
    manager = getattr(instance, name)
    back = getattr(manager, "field", None)  # the reverse side of a foreign key has one
    if back is not None:
        for row in related:
            setattr(row, back.name, instance)
    prefetched = manager.all()
    prefetched._result_cache, prefetched._prefetch_done = related, True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[name] = prefetched
