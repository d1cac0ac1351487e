"""The notifications list in the site: read and unread, marked one at a time or all at once, with
the unread count in the header (Django's client, and Chromium at 390 and 1366 px)."""

from __future__ import annotations

import pytest

from config.launcher import site_url
from games.models import Notification

PASSWORD = "a long enough passphrase 42"


def _notes(user, count: int) -> list[Notification]:
    return [
        Notification.objects.create(user=user, kind="challenge", text=f"Challenge number {n} for you.")
        for n in range(count)
    ]


@pytest.mark.django_db
def test_the_list_marks_one_or_all_read_and_the_header_counts_the_unread(client, make_player):
    me, other = make_player("me"), make_player("other")
    first, second, third = _notes(me.user, 3)
    theirs = _notes(other.user, 1)[0]
    client.force_login(me.user)

    page = client.get("/duels/notifications/").content.decode()
    assert 'aria-label="3 unread"' in page
    assert page.count('class="unread"') == 3

    client.post("/duels/notifications/read/", {"note": second.pk})
    page = client.get("/duels/notifications/").content.decode()
    assert 'aria-label="2 unread"' in page and page.count('class="read"') == 1

    client.post("/duels/notifications/read/", {"note": theirs.pk})  # not mine: nothing changes
    assert Notification.objects.get(pk=theirs.pk).read_at is None

    refused = client.post("/duels/notifications/read/", {"note": "1; drop"}, follow=True).content.decode()
    assert "&#x27;note&#x27; must be a notification&#x27;s number" in refused
    assert Notification.objects.filter(user=me.user, read_at__isnull=True).count() == 2

    client.post("/duels/notifications/read/")
    page = client.get("/duels/notifications/").content.decode()
    assert "unread" not in page.split("<main", 1)[1].split("</main>")[0].replace('class="read"', "")
    assert 'aria-label="' not in page.split("Notifications", 1)[1].split("</a>", 1)[0]


@pytest.mark.django_db
def test_visiting_the_profile_no_longer_marks_everything_read(client, make_player):
    me = make_player("me")
    _notes(me.user, 2)
    client.force_login(me.user)

    page = client.get("/duels/profile/").content.decode()

    assert "(2 unread)" in page
    assert Notification.objects.filter(user=me.user, read_at__isnull=True).count() == 2


def test_e_mail_links_point_where_make_run_serves():
    assert site_url("127.0.0.1", 8123) == "http://127.0.0.1:8123"
    assert site_url("::1", 8000) == "http://[::1]:8000"
    assert "0.0.0.0" not in site_url("0.0.0.0", 8000)  # noqa: S104 - the launcher names the machine instead


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_reads_notifications_on_a_phone_and_a_laptop(sized_page, django_user_model):
    page = sized_page
    me = django_user_model.objects.create_user("reader", password=PASSWORD)
    _notes(me, 3)
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("reader")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()

    header_link = page.locator(".site-header a", has_text="Notifications")
    assert header_link.locator(".badge").inner_text() == "3"
    header_link.click()
    page.wait_for_url("**/duels/notifications/")
    assert page.locator("li.unread").count() == 3
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scroll"

    page.locator("li.unread", has_text="Challenge number 1").get_by_role("button", name="Mark").click()
    page.wait_for_load_state()
    assert page.locator("li.unread").count() == 2
    assert page.locator(".site-header a", has_text="Notifications").locator(".badge").inner_text() == "2"

    page.get_by_role("button", name="Mark all read").click()
    page.wait_for_load_state()
    assert page.locator("li.unread").count() == 0 and page.locator("li.read").count() == 3
    assert page.locator(".site-header a", has_text="Notifications").locator(".badge").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
