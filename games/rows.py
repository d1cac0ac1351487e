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
