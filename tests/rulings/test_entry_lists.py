"""Entry lists read only what they show: never the search index's columns (search_vector,
search_names) nor the card linker's folded words (link_text), which on a long entry is its text
over again. Each list is read as a visitor meets it, and the statements it ran are looked at."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulings.models import Entry, EntryViews, Status, Term
from rulings.selectors import UNSHOWN
from rulings.services import import_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def corpus(db):
    import_all()
    entry = Entry.objects.filter(status=Status.CURRENT, kind="ruling").order_by("pk").first()
    EntryViews.objects.create(entry=entry, count=3)  # the search page's "most read" list has one
    return entry


def entry_statements(client, url: str) -> list[str]:
    client.get(url)  # warm: sessions, content types
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return [q["sql"] for q in queries.captured_queries if 'FROM "rulings_entry"' in q["sql"]]


def test_every_entry_list_leaves_the_unshown_columns_unread(client, corpus):
    term = Term.objects.filter(entries__status=Status.CURRENT).order_by("pk").first()
    lists = {
        "the search page's recent and most read": "/rulings/",
        "an entry's page, its neighbours and references": corpus.get_absolute_url(),
        "a whole source": f"/rulings/sources/{corpus.source.slug}/",
        "a term's entries": f"/rulings/terms/{term.game}/{term.slug}/",
        "the feed": "/rulings/feed/",
        "the API's list": "/api/rulings/entries/?page_size=200",
    }
    for name, url in lists.items():
        statements = entry_statements(client, url)
        assert statements, f"{name}: no entry read"
        read = {column for sql in statements for column in UNSHOWN if f'"rulings_entry"."{column}"' in sql}
        assert not read, f"{name} ({url}) reads {sorted(read)}"


def test_the_lists_still_show_what_they_list(client, corpus):
    page = client.get(f"/rulings/sources/{corpus.source.slug}/").content.decode()
    assert corpus.text.split("\n")[0][:40] in page
    listed = client.get("/api/rulings/entries/?page_size=5").json()["results"]
    assert len(listed) == 5 and all(item["text"] for item in listed)
