"""The base layout, as a person sees it."""

import pytest


def test_home_page_has_navigation_search_and_sign_in(client, db):
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    for label, href in [("Rulings", "/rulings/"), ("Cards", "/cards/"), ("Duels", "/duels/")]:
        assert f'href="{href}"' in html and label in html
    assert 'role="search"' in html
    assert "Sign in" in html
    assert '<meta name="viewport"' in html
    assert "/static/vendor/htmx-2.0.11.min.js" in html


def test_api_docs_are_served_without_a_cdn(client, db):
    docs = client.get("/api/docs/").content.decode()
    schema = client.get("/api/schema/")

    assert schema.status_code == 200
    assert "openapi" in schema.content.decode()[:200]
    assert "cdn" not in docs.lower() and "unpkg" not in docs.lower()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in docs


@pytest.mark.browser
def test_home_page_in_chromium_shows_the_site_and_its_navigation(page):
    page.goto("/")

    assert page.title().endswith("The Judge's Table")
    assert page.get_by_role("heading", level=1).inner_text() == "Rulings, errata and correspondence duels"
    nav = page.get_by_role("navigation", name="Main")
    assert [link.inner_text().strip() for link in nav.get_by_role("link").all()][:3] == [
        "Rulings", "Cards", "Duels"
    ]  # fmt: skip
    assert page.get_by_role("link", name="Sign in").is_visible()
    # The stylesheet and htmx were served locally.
    assert page.evaluate("typeof window.htmx") == "object"
    header_bg = page.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor")
    assert header_bg == "rgb(122, 31, 31)"
