"""Model instances from rows read with raw SQL, on the hot paths where the ORM's compiling of a
query cost more than running it (issue #16: `selectors.move_seen_by`, `selectors.duel_seen_by`,
`actions.moves.resolve_move`)."""

from __future__ import annotations

from django.db import connection


def from_row(model, fields, values):
    """A model instance from a raw row holding `fields` (in the model's order, as Model.from_db
    takes them): each value converted by its field as the ORM converts it; the model's other
    fields are deferred (read from the database if something asks for them)."""
    values = [
        field.from_db_value(value, field, connection) if hasattr(field, "from_db_value") else value
        for field, value in zip(fields, values, strict=True)
    ]
    return model.from_db(connection.alias, [field.attname for field in fields], values)


# An id no row has: where a request's own id goes in a query compiled once (PerUserQuery).
_SENTINEL_ID = -7_654_321


class PerUserQuery:
    """A query whose only per-request value is a user's id, compiled by the ORM once per process
    and then run as SQL with that id bound: on every signed-in page the navigation's counts cost
    2.2 ms of CPU to compile and 0.25 ms to run (issue #16). `build(user_id)` returns the
    queryset (a values() one); the query stays defined there, by the selectors it is made of."""

    def __init__(self, build):
        self._build = build
        self._compiled: tuple[str, tuple, list[int]] | None = None

    def _compile(self) -> tuple[str, tuple, list[int]]:
        sql, params = self._build(_SENTINEL_ID).query.sql_with_params()
        slots = [index for index, param in enumerate(params) if param == _SENTINEL_ID]
        if not slots:
            raise ValueError("the query does not depend on the user's id")
        return sql, tuple(params), slots

    def first(self, user_id: int) -> dict | None:
        """The query's first row, as a dict of its columns, for this user; None when there is none."""
        if self._compiled is None:
            self._compiled = self._compile()  # a race compiles it twice, to the same SQL
        sql, params, slots = self._compiled
        bound = list(params)
        for index in slots:
            bound[index] = user_id
        with connection.cursor() as cursor:
            cursor.execute(sql, bound)
            row = cursor.fetchone()
            return (
                None
                if row is None
                else dict(zip([column.name for column in cursor.description], row, strict=True))
            )
