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


def test_the_layouts_links_follow_the_prefix_the_site_is_served_under(client, django_user_model, rf):
    """The layout's links are reversed once per process and script prefix (config.context_processors):
    a site served under /judge/ links there, and the same process serving at the root links there."""
    import re

    from django.urls import set_script_prefix

    from config.context_processors import site

    def layout_links() -> set[str]:
        html = client.get("/rulings/").content.decode()
        header = html[html.index('<header class="site-header">') : html.index("</header>")]
        footer = html[html.index('<footer class="site-footer">') :]
        return set(re.findall(r'(?:href|action)="([^"?]+)', header + footer))

    assert {"/", "/duels/", "/accounts/login/", "/duels/signup/", "/api/docs/"} <= layout_links()
    client.force_login(django_user_model.objects.create_user("ann", password="correct horse battery"))
    assert {"/", "/duels/", "/duels/notifications/", "/duels/profile/", "/accounts/logout/"} <= layout_links()
    try:
        set_script_prefix("/judge/")  # as the WSGI and ASGI handlers set it from the request
        assert site(rf.get("/"))["layout_urls"]["lobby"] == "/judge/duels/"
    finally:
        set_script_prefix("/")
    assert site(rf.get("/"))["layout_urls"]["lobby"] == "/duels/"


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


def test_a_missing_page_is_styled_and_offers_a_search(client, db):
    response = client.get("/no/such/page/")
    page = response.content.decode()
    assert response.status_code == 404
    assert "Nothing here" in page and "/no/such/page/" in page
    assert 'role="search"' in page and 'action="/rulings/"' in page
    assert "css/site.css" in page  # the site's own look, not Django's bare page


def test_a_server_error_page_is_styled_and_offers_a_search(rf):
    from django.views.defaults import server_error

    page = server_error(rf.get("/")).content.decode()
    assert "Something went wrong" in page and "Nothing you entered was lost" in page
    assert 'role="search"' in page and "css/site.css" in page


def test_favicon_ico_leads_to_the_site_icon(client, db):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and "favicon" in response["Location"]
    assert response["Location"].endswith(".svg")
