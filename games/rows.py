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


def as_prefetched(instance, name: str, related: list) -> None:
    """Leave `related` where prefetch_related leaves a relation's rows: `instance.<name>.all()`
    then answers from them, reading nothing, and each row's foreign key back to `instance` is
    set to it, as prefetch_related sets it (`seat.duel` reads nothing either)."""
    manager = getattr(instance, name)
    for row in related:
        setattr(row, manager.field.name, instance)
    prefetched = manager.all()
    prefetched._result_cache, prefetched._prefetch_done = related, True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[name] = prefetched
