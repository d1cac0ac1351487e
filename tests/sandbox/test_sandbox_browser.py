"""A judge's journey through the rules sandbox in Chromium, on a phone (390 px) and a laptop
(1366 px): from the site's navigation, deal the ready-made decks, play an action and read what
happened with its rule, go back, paste the documented position, share it and open the link. No
JavaScript is needed for any of it; no page scrolls sideways."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from sandbox.models import SharedPosition
from sandbox.views import EXAMPLE_POSITION
from tests.test_accessibility import blocking_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def judge(sized_page):
    call_command("import_sources", verbosity=0)  # the rule sections the options quote
    return sized_page


def overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_a_judge_deals_plays_goes_back_pastes_and_shares(judge):
    judge.goto("/rulings/")
    judge.get_by_role("link", name="Sandbox").click()
    assert judge.get_by_role("heading", name="Rules sandbox").is_visible()
    assert overflow(judge) <= 0

    # A fresh deal of the ready-made decks.
    judge.get_by_label("Seed").fill("7")
    judge.get_by_role("button", name="Deal").click()
    assert judge.locator("#h-position").inner_text().startswith("Turn 1 · sweep phase · seat 0 to move")
    assert overflow(judge) <= 0
    discard = judge.locator(".sandbox-options button", has_text="Discard").first
    allowed = discard.locator("xpath=ancestor::div[@class='rule-group']").locator(".allowed-by")
    assert "core/sequence-of-play/sweep-phase/defense-discard" in allowed.inner_text()
    # The rule id links to the rulebook's section on the sweep phase.
    assert allowed.get_by_role("link").get_attribute("href").startswith("/rulings/entries/")
    card = discard.inner_text().removeprefix("Discard ").split(" (")[0]
    hand_before = judge.locator(".side.you .hand li").count()

    discard.click()
    assert judge.locator("#h-played").inner_text() == f"Played: {discard_label(card)}"
    events = judge.locator(".sandbox-events li")
    assert f"discards the defense {card}" in events.first.inner_text()
    assert "core/sequence-of-play/sweep-phase/defense-discard" in events.first.inner_text()
    assert judge.locator(".side.you .hand li").count() == hand_before - 1
    assert overflow(judge) <= 0
    assert blocking_violations(judge) == []

    judge.get_by_role("button", name="‹ Back one step").click()
    assert judge.locator(".side.you .hand li").count() == hand_before
    assert judge.locator("#h-played").count() == 0

    # The documented example, pasted as it is.
    judge.get_by_label("Paste or edit a position").fill(EXAMPLE_POSITION)
    judge.get_by_role("button", name="Show this position").click()
    assert judge.locator("#h-position").inner_text() == "Turn 4 · defense phase · seat 0 to move"
    assert "Upper Left Attack" in judge.locator("#h-attacks + p + ul.attacks").inner_text()
    assert overflow(judge) <= 0

    judge.get_by_role("button", name="Share this position").click()
    judge.wait_for_url("**/rules/sandbox/p/*/")
    link = judge.url
    assert SharedPosition.objects.count() == 1
    assert "this link always opens it" in judge.locator("#position").inner_text()

    judge.goto(link)
    assert judge.locator("#h-position").inner_text() == "Turn 4 · defense phase · seat 0 to move"
    assert judge.locator(".sandbox-options button", has_text="Upper Left Block").count() == 1
    assert overflow(judge) <= 0


def test_a_malformed_position_is_refused_on_the_page_with_the_text_kept(judge):
    judge.goto("/rules/sandbox/")
    judge.get_by_label("Paste or edit a position").fill('{"players": [{"hand": ["no-such-card"]}, {}]}')
    judge.get_by_role("button", name="Show this position").click()
    alert = judge.get_by_role("alert")
    assert "unknown card key 'no-such-card'" in alert.inner_text()
    assert "no-such-card" in judge.get_by_label("Paste or edit a position").input_value()
    assert overflow(judge) <= 0
    assert blocking_violations(judge) == []


def discard_label(card: str) -> str:
    return f"Discard {card} (your opponent did not attack)"
