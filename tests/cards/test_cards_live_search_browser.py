"""In Chromium at a phone's width (390 px) and a laptop's (1366 px): live card search shows a
broken query's mistake in place of the stale results, with a caret under the mistake, and the
results come back once the query is fixed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def catalogue_loaded(transactional_db):
    from tests.catalogue_support import import_catalogue

    import_catalogue()


def overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_a_broken_query_shows_its_mistake_with_a_caret_then_the_fixed_one_shows_results(
    sized_page, catalogue_loaded
):
    page = sized_page
    page.goto("/cards/")
    box = page.get_by_label("Search the card catalogue")
    box.fill("sideswipe")
    expect(page.locator(".result-count")).to_contain_text("for sideswipe")
    assert "Sideswipe (left)" in page.locator(".card-results").inner_text()

    box.fill("t:attack o:")  # live (htmx), no page load: the server answers 400
    error = page.locator("#card-results .query-error")
    error.wait_for()
    assert "needs a value" in error.inner_text()
    query_line, caret_line = error.locator(".query-pointer").inner_text().split("\n")[:2]
    assert query_line == "t:attack o:"
    assert caret_line.index("^") == query_line.index("o:")  # under the broken field
    assert page.locator(".card-result").count() == 0, "the stale list is gone"
    assert overflow(page) <= 0

    box.fill('t:attack o:"power blow"')
    expect(page.locator(".result-count")).to_contain_text("power blow")
    assert page.locator(".query-error").count() == 0
    assert "for t:attack" in page.locator(".result-count").inner_text()


def test_without_javascript_the_mistake_shows_on_the_page(browser, live_server, catalogue_loaded):
    context = browser.new_context(
        base_url=live_server.url, java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    response = page.goto("/cards/?q=r%3C%3Dx")
    assert response.status == 400
    pointer = page.locator(".query-error .query-pointer").inner_text().split("\n")
    assert pointer[0] == "r<=x" and pointer[1].index("^") == 3
    context.close()


def test_results_show_text_and_grid_side_by_side_within_the_screen(sized_page, catalogue_loaded):
    page = sized_page
    page.goto("/cards/?q=sideswipe")
    results = page.locator(".card-result")
    assert results.count() == 2
    for index in range(2):
        result = results.nth(index)
        grid, title = result.locator("svg.card-grid"), result.locator(".card-result-title")
        text = result.locator(".card-result-text")
        assert text.is_visible() and len(text.inner_text()) > 20
        grid_box, title_box = grid.bounding_box(), title.bounding_box()
        assert grid_box["x"] + grid_box["width"] <= title_box["x"], "the grid sits beside the name"
    assert overflow(page) <= 0
