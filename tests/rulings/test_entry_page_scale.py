"""An entry's permalink at scale: "Around it" lists the current entries just before and after it
in its document (position, then id), its cross-references link their targets, its reading is
counted, and the page runs as many statements whatever the size of its source (it used to read
every later entry of the source: seconds at 100,000 entries)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulings.models import Entry, EntryViews, Source, Status
from rulings.services import import_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def corpus(db):
    import_all()


def around_it(client, entry: Entry) -> list[int]:
    html = client.get(entry.get_absolute_url()).content.decode()
    if "Around it" not in html:
        return []
    return [
        int(pk)
        for pk in re.findall(r'<li><a href="/rulings/entries/(\d+)/">', html[html.index("Around it") :])
    ]


def see_also(client, entry: Entry) -> list[str]:
    """The "See also" links and dangling references, as the reader sees them."""
    html = client.get(entry.get_absolute_url()).content.decode()
    found = re.search(r"<dt>See also</dt><dd>(.*?)</dd>", html, re.S)
    if not found:
        return []
    return [
        link or f"dangling: {dangling}"
        for link, dangling in re.findall(
            r'<a href="(/rulings/entries/\d+/)">|<span class="dangling">([^<]+)</span>', found.group(1)
        )
    ]


def add_entries(source: Source, positions, **fields) -> list[Entry]:
    start = Entry.objects.filter(source=source).count()
    return Entry.objects.bulk_create(
        Entry(
            source=source,
            key=f"grown-{start + i}",
            kind="ruling",
            position=position,
            text=f"Grown {i}.",
            **fields,
        )
        for i, position in enumerate(positions)
    )


def test_around_it_is_the_two_current_entries_each_side_in_document_order(client, corpus):
    source = Source.objects.get(slug="highlander-core-rules")
    entry = source.entries.filter(status=Status.CURRENT).order_by("position", "pk")[20]
    # entries sharing its position come before it or after it by id; a withdrawn entry next to it,
    # and thousands further away, are not its neighbours
    same_after = add_entries(source, [entry.position] * 2)
    add_entries(source, [entry.position + 1], status=Status.WITHDRAWN)
    add_entries(source, range(10_000, 12_000))
    document = list(
        source.entries.filter(status=Status.CURRENT).order_by("position", "pk").values_list("pk", flat=True)
    )
    at = document.index(entry.pk)
    assert around_it(client, entry) == [*document[at - 2 : at], *document[at + 1 : at + 3]]
    assert around_it(client, entry)[2:] == [e.pk for e in same_after]

    first, last = document[0], document[-1]
    assert around_it(client, Entry.objects.get(pk=first)) == document[1:3]
    assert around_it(client, Entry.objects.get(pk=last)) == document[-3:-1]


def test_cross_references_link_their_targets_and_say_when_missing(client, corpus):
    persona = Entry.objects.get(source__slug="highlander-core-rules", key="constructing-a-deck/persona-cards")
    sections = Entry.objects.filter(source=persona.source, status=Status.CURRENT)
    assert see_also(client, persona) == [
        sections.get(key="constructing-a-deck/generic-persona").get_absolute_url(),
        sections.get(key="constructing-a-deck/card-groups").get_absolute_url(),
    ]
    # a later entry with the same title does not take the link: the first in the document does
    add_entries(persona.source, [99_999], title="GENERIC PERSONA")
    assert (
        see_also(client, persona)[0]
        == sections.get(key="constructing-a-deck/generic-persona").get_absolute_url()
    )

    crf = "meccg-crf6-rulings-by-term"
    annotated = Entry.objects.get(source__slug=crf, key="sideboard/ruling-3")
    assert see_also(client, annotated) == [
        Entry.objects.get(source__slug=crf, key="annotation-6").get_absolute_url()
    ]
    amendment = Entry.objects.get(source__slug=crf, key="annotation-24-amendment")
    assert see_also(client, amendment) == ["dangling: see Annotation 18 (not in this source)"]


class RowsFetched:
    """How many rows the database sent back, statement by statement (a query count misses a
    statement that reads a whole table)."""

    def __init__(self):
        self.rows: list[tuple[int, str]] = []

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if sql.lstrip().upper().startswith(("SELECT", "(SELECT")):
            self.rows.append((context["cursor"].rowcount, sql[:120]))
        return result

    @property
    def total(self) -> int:
        return sum(count for count, _ in self.rows)


def test_the_page_runs_as_many_statements_with_a_source_fifty_times_larger(
    client, corpus, django_assert_max_num_queries
):
    persona = Entry.objects.get(source__slug="highlander-core-rules", key="constructing-a-deck/persona-cards")
    client.get(persona.get_absolute_url())  # warm: the session, content types
    small_rows = RowsFetched()
    with CaptureQueriesContext(connection) as small, connection.execute_wrapper(small_rows):
        client.get(persona.get_absolute_url())

    add_entries(persona.source, range(persona.position, persona.position + 3000), title="Generic Persona")
    add_entries(persona.source, range(0, 3000))
    large_rows = RowsFetched()
    with django_assert_max_num_queries(len(small)), connection.execute_wrapper(large_rows):
        html = client.get(persona.get_absolute_url()).content.decode()
    assert large_rows.total <= small_rows.total, large_rows.rows
    assert "Around it" in html and persona.text[:40] in html
    assert EntryViews.objects.get(entry=persona).count == 3  # every reading counted
