"""The search page's cost does not grow with its number of results: each URL pattern is reversed
a fixed number of times per page (a result line's links are filled in, not reversed), and the
statements are as many for one result as for thirty."""

from __future__ import annotations

import re
from unittest import mock
from urllib.parse import urlencode

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls.resolvers import URLResolver

from rulings.models import Entry
from rulings.services import import_all
from rulings.views import PAGE_RESULTS

pytestmark = pytest.mark.django_db

MANY = {"q": "can I block a power blow"}
# The FAQs among them: a few (six since a block is also a defense, migration 0072, which gave the
# errata eleven).
FEW = {"q": "can I block a power blow", "kind": "faq"}


@pytest.fixture
def corpus(db):
    import_all()


def _get(client, params):
    """The page, with the number of reverse() calls and statements it took."""
    reverse = URLResolver._reverse_with_prefix
    with (
        mock.patch.object(URLResolver, "_reverse_with_prefix", autospec=True, side_effect=reverse) as spy,
        CaptureQueriesContext(connection) as queries,
    ):
        html = client.get("/rulings/", params).content.decode()
    return html, spy.call_count, len(queries)


def test_the_page_reverses_and_queries_as_much_for_one_result_as_for_a_full_page(client, corpus):
    _get(client, MANY)  # the vocabulary and the lexicon's words, read once per process
    _get(client, FEW)
    many, many_reverses, many_queries = _get(client, MANY)
    few, few_reverses, few_queries = _get(client, FEW)
    assert many.count('class="result"') == PAGE_RESULTS
    assert 1 <= few.count('class="result"') <= 10
    assert few_reverses == many_reverses
    assert few_queries == many_queries


def test_each_result_links_to_its_entry_and_its_source(client, corpus):
    html, _, _ = _get(client, MANY)
    lines = re.findall(r'<li class="result">(.*?)</li>', html, re.S)
    assert len(lines) == PAGE_RESULTS
    for line in lines:
        pk = int(re.search(r'class="result-title" href="/rulings/entries/(\d+)/', line).group(1))
        entry = Entry.objects.select_related("source").get(pk=pk)
        # with the question, which the entry's page offers to report as answered
        assert f'href="{entry.get_absolute_url()}?{urlencode({"asked": MANY["q"]})}"' in line
        assert f'class="result-source" href="{entry.source.get_absolute_url()}">' in line
