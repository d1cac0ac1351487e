"""A person in Chromium: sign up, start a duel against the bot, make moves, see the bot answer."""

from __future__ import annotations

import os
import re

import pytest

from games.models import Duel, Move

pytestmark = [pytest.mark.browser, pytest.mark.worker]


def test_sign_up_play_the_bot_and_see_it_answer(page, celery_worker_process, live_server):
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    page.locator("#id_username").fill("newcomer")
    page.locator("#id_password1").fill("a long enough passphrase 42")
    page.locator("#id_password2").fill("a long enough passphrase 42")
    page.get_by_role("button", name="Sign up").click()
    page.get_by_text("Welcome, newcomer").wait_for()

    page.get_by_role("link", name="Start a duel").click()
    page.get_by_label("A bot, right now").check()
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/duels/\d+/$"))
    duel = Duel.objects.get()
    assert page.get_by_role("heading", level=1).inner_text().startswith(f"Duel #{duel.pk}: newcomer vs")
    # Both abilities are on the board, and the player's own hand.
    assert page.locator(".side.you .ability").inner_text() == "15"
    assert page.locator(".side.opponent .ability").inner_text() == "15"
    assert page.locator(".hand li").count() >= 1

    bot_moves_before = Move.objects.filter(duel=duel, user__isnull=True).count()
    clicks = 0
    enabled = page.locator(".action-buttons button:not([disabled])")
    discard = page.locator(".discard-form")
    result = page.locator(".board .result")
    while clicks < 40:
        # The deal is random: the board may instead ask for a discard (a hand above the Ability
        # after a hit), or show the result (a Head Shot left undefended), so wait for whichever.
        enabled.first.or_(discard).or_(result).first.wait_for(timeout=30_000)
        if result.count():
            break
        if discard.count():
            shown = page.locator("#board").get_attribute("data-version")
            owed = int(discard.locator("legend strong").inner_text())
            for box in discard.locator("input[type=checkbox]:not([disabled])").all()[:owed]:
                box.check()
            discard.get_by_role("button", name="Discard the chosen cards").click()
            page.locator(f'#board:not([data-version="{shown}"])').wait_for(timeout=30_000)
            continue
        buttons = page.locator(".action-buttons button:not([disabled])")
        # End the phase when offered, so the turn passes to the bot quickly.
        ends = buttons.filter(has_text=re.compile(r"^End|Pass|Take", re.I))
        (ends.first if ends.count() else buttons.first).click()
        clicks += 1
        page.wait_for_timeout(300)
        if Move.objects.filter(duel=duel, user__isnull=True).count() > bot_moves_before:
            break
        duel.refresh_from_db()
        if duel.status == "finished":
            break

    duel.refresh_from_db()
    assert (
        duel.status == "finished"
        or Move.objects.filter(duel=duel, user__isnull=True).count() > bot_moves_before
    )
    # htmx refreshes the board after the bot's answer: the log shows what the bot did.
    # A locator, not wait_for_function: the Content-Security-Policy forbids the eval that needs.
    page.locator(".log li", has_text="Heuristic bot").first.wait_for(state="attached", timeout=30_000)
    log = page.locator(".log").inner_text()
    assert "Heuristic bot" in log, "the log names the bot's own actions"
    assert "Player 0" not in log and "Player 1" not in log, "people read names, not seat numbers"
    assert page.locator(".log .rule").count() > 0
    if os.environ.get("SCREENSHOTS"):
        page.screenshot(path=f"{os.environ['SCREENSHOTS']}/board.png", full_page=True)
