"""Issue #11, item 6: markup an admin typed into an entry reaches feed readers as text."""

from __future__ import annotations

import datetime as dt

import feedparser
import pytest

from rulings.models import Entry, Source

MARKUP = '<script>alert("x")</script><a href="https://evil.example/">click</a> <b>bold</b>'


@pytest.mark.django_db
def test_the_atom_feed_carries_entry_text_as_text_not_markup(client):
    source = Source.objects.create(
        slug="hostile",
        game="highlander",
        title="Hostile",
        authority="Admin",
        date=dt.date(2030, 1, 1),
        format="x",
    )
    hostile = Entry.objects.create(
        source=source, key="hostile-1", kind="ruling", text=MARKUP, valid_from=dt.date(2030, 1, 1)
    )

    response = client.get("/rulings/feed/")

    assert response.status_code == 200
    feed = feedparser.parse(response.content)
    assert not feed.bozo, feed.bozo_exception
    entry = next(e for e in feed.entries if e.link.endswith(hostile.get_absolute_url()))
    # A reader gets plain text: exactly what the admin typed, tags and all, to show as text.
    assert entry.summary_detail.type == "text/plain"
    assert entry.summary == MARKUP
    assert b'type="html"' not in response.content
