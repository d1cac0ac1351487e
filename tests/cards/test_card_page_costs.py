"""A card's page at scale (issue #16): it runs no more statements with thousands more ruling
entries in the knowledge base, hundreds of them naming the card, and more text versions taken
from entries; every card name in its rulings is linked from one read of the catalogue."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Card, TextVersion
from rulings.models import Entry, Source
from tests.cards.test_card_names_in_rulings import load_everything

pytestmark = pytest.mark.django_db


def statements(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return [query["sql"] for query in queries.captured_queries]


def test_the_card_page_costs_the_same_with_many_more_entries_and_versions(
    client, django_assert_max_num_queries
):
    load_everything()
    card = Card.objects.get(slug="darius")
    url = card.get_absolute_url()
    client.get(url)  # warm: the catalogue's cached reads
    few = statements(client, url)
    assert sum('FROM "cards_card"' in sql for sql in few) <= 2, few  # the card, the catalogue's stamp

    source = Source.objects.get(slug="highlander-core-rules")
    grown = Entry.objects.bulk_create(
        Entry(
            source=source,
            key=f"grown-{i}",
            kind="ruling",
            position=1000 + i,
            title=f"Grown {i}",
            text=f"Darius may block a Power Blow ({i}); so may Sideswipe.",
        )  # fmt: skip
        for i in range(3000)
    )
    card.entries.add(*grown[:300])  # rulings naming the card, all listed on its page
    current = card.versions.order_by("position").last()
    TextVersion.objects.bulk_create(
        TextVersion(
            card=card,
            position=current.position + i,
            kind=current.kind,
            text=current.text,
            source=source.slug,
            source_entry=grown[i],
        )  # fmt: skip
        for i in range(1, 6)
    )

    with django_assert_max_num_queries(len(few)):
        html = client.get(url).content.decode()
    mentions = html[html.index('id="rulings-mentioning"') :]
    assert mentions.count("); so may ") == 300 - 5  # five are now its versions' sources: about it
    # the names in them are linked: Power Blow to its page, Sideswipe to both its variants
    assert mentions.count('<a class="card-link" href="/cards/power-blow/"') == 300 - 5
    assert '<a class="card-link" href="/cards/?q=name%3D%22Sideswipe%22"' in mentions
