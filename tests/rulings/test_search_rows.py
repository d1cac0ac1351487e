"""The rows of the search statement read into entries as the ORM reads them: its timestamps are
parsed by a quicker loader (rulings.search_sql), which must give the same instants in the same
time zone, and fall back to psycopg's own parsing for what it cannot read."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection

from rulings.models import Entry
from rulings.search import search
from rulings.search_sql import TIMESTAMPTZ, _quick_timestamps
from rulings.services import import_all
from rulings.vocabulary import forget_vocabulary


@pytest.mark.django_db
def test_a_result_carries_the_timestamps_the_orm_reads():
    import_all()
    forget_vocabulary()
    Entry.objects.filter(key__startswith="advanced-concepts").update(
        updated_at=dt.datetime(2007, 3, 4, 5, 6, 7, 120000, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    )
    _, results = search("power blow")
    assert results
    for entry in results:
        stored = Entry.objects.select_related("source").get(pk=entry.pk)
        for found, read in [
            (entry.created_at, stored.created_at),
            (entry.updated_at, stored.updated_at),
            (entry.source.imported_at, stored.source.imported_at),
        ]:
            assert (found, found.tzinfo, found.utcoffset()) == (read, read.tzinfo, read.utcoffset())


@pytest.mark.django_db
def test_a_timestamp_fromisoformat_cannot_read_is_left_to_psycopg():
    connection.ensure_connection()
    django_loader = connection.connection.adapters.get_loader(TIMESTAMPTZ, 0)
    quick, slow = (
        _quick_timestamps(django_loader)(TIMESTAMPTZ, connection.connection),
        django_loader(TIMESTAMPTZ, connection.connection),
    )
    for text in [b"2026-11-22 23:50:44.12+00", b"1999-01-08 04:05:06-08", b"2001-02-03 04:05:06.5+05:30:15"]:
        assert quick.load(text) == slow.load(text)
        assert quick.load(text).tzinfo is slow.load(text).tzinfo
    with pytest.raises(Exception) as quick_error:
        quick.load(b"infinity")
    with pytest.raises(Exception) as slow_error:
        slow.load(b"infinity")
    assert type(quick_error.value) is type(slow_error.value)
