"""In Chromium at 390 px and 1366 px: the deck builder counts and checks the deck as it is built
(the count stays in sight while the card list scrolls), and a ready-made deck opens with its
cards and is copied into one's decks in one click."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.actions.decks import starter_decks
from games.models import SavedDeck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long enough passphrase 42"


@pytest.fixture
def signed_in_page(sized_page, django_user_model):
    django_user_model.objects.create_user("alice", password=PASSWORD)
    page = sized_page
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("alice")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()
    return page


def overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_the_count_and_the_rules_problems_follow_the_builder(signed_in_page):
    page = signed_in_page
    page.goto("/duels/decks/")
    page.get_by_text("Or build it from the card list").click()
    page.get_by_label("Copies of Upper Left Attack").fill("3")
    counts = page.locator("#deck-counts")
    expect(counts.locator(".count-endurance")).to_have_text("3")
    expect(counts).to_contain_text("Endurance 3/50+")
    expect(page.locator("#deck-problems")).to_contain_text("at least 50 cards")

    page.get_by_label("Copies of Upper Left Attack").fill("7")
    expect(page.locator("#deck-problems")).to_contain_text("only 6 cards of the same title")
    expect(counts.locator(".count-total")).to_have_text("7")

    # Far down the card list, the count is still on screen.
    page.get_by_label("Copies of Sideswipe (right)").scroll_into_view_if_needed()
    box, height = counts.bounding_box(), page.viewport_size["height"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, "the running count left the screen"
    assert overflow(page) <= 0


def test_a_ready_made_deck_opens_and_is_copied_in_one_click(signed_in_page):
    page = signed_in_page
    starter = starter_decks().first()
    page.goto("/duels/decks/")
    page.get_by_role("link", name=starter.name).click()
    page.wait_for_url(f"**/duels/decks/{starter.pk}/")
    endurance = page.locator("section", has=page.get_by_role("heading", name="Endurance"))
    assert f"Endurance ({len(starter.endurance)})" in endurance.inner_text()
    assert endurance.locator("li").count() == len(set(starter.endurance))
    expect(page.locator("#deck-counts")).to_contain_text("Legal")
    assert overflow(page) <= 0

    page.get_by_role("button", name="Copy into my decks").click()
    expect(page.locator(".messages")).to_contain_text("copied into your decks")
    copy = SavedDeck.objects.get(owner__username="alice")
    assert copy.endurance == starter.endurance and page.url.endswith(f"/duels/decks/{copy.pk}/")
    page.goto("/duels/decks/")
    expect(page.locator("section", has=page.get_by_role("heading", name="Yours"))).to_contain_text(
        starter.name
    )
