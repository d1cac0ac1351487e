"""A replay you can step through: the board at any step of a finished duel, the game's steps beside
it, forward and back with links or the arrow keys; the seed check as before."""

from __future__ import annotations

import random
import re
import uuid

import pytest

import rules
from games.actions import challenges, moves
from games.models import Duel


def finished_duel(make_player, starter_deck, actions: int = 12) -> Duel:
    """Alice and Bob play `actions` random legal actions, then Alice resigns."""
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    choose = random.Random(5)
    for _ in range(actions):
        duel.refresh_from_db()
        state = rules.Duel.from_json(duel.state)
        if duel.status != Duel.Status.ACTIVE:
            break  # a random game can end early
        action = choose.choice(state.legal_actions()).to_json()
        action.pop("label", None)  # as an API client posts it: the replay names it all the same
        mover = (alice, bob)[state.to_move].user
        move = moves.submit_move(mover, duel.pk, version=duel.version, actions=[action], key=uuid.uuid4().hex)
        moves.resolve_move(move.move.pk)
    duel.refresh_from_db()
    if duel.status == Duel.Status.ACTIVE:
        moves.resign(alice.user, duel.pk)
        duel.refresh_from_db()
    return duel


def hands_at(duel: Duel, step: int) -> list[list[str]]:
    """The hands after `step` actions, replayed here straight from the engine."""
    seats = sorted(duel.seats.all(), key=lambda seat: seat.index)
    decks = [rules.Deck(pregame=s.deck["pregame"], endurance=s.deck["endurance"]) for s in seats]
    state = rules.new_duel(*decks, seed=int(duel.seed, 16))
    actions = [a for move in duel.moves.filter(status="applied").order_by("version") for a in move.actions]
    for raw in actions[:step]:
        state, _ = state.apply(rules.Action.from_json(raw))
    from cards.selectors import label_for_key  # the page names twins with their variant

    return [[label_for_key(c["key"], c["name"]) for c in state.view(seat)["you"]["hand"]] for seat in (0, 1)]


def shown_hands(page: str) -> list[list[str]]:
    lists = re.findall(r'<ul class="hand" aria-label="[^"]*">(.*?)</ul>', page, re.S)
    return [
        [re.sub(r"<[^>]+>", "", name).strip() for name in re.findall(r"<span>(.*?)</span>", ul, re.S)]
        for ul in lists
    ]


@pytest.mark.django_db
def test_each_step_shows_the_position_the_engine_reached(client, make_player, starter_deck):
    duel = finished_duel(make_player, starter_deck)
    total = sum(len(m.actions) for m in duel.moves.filter(status="applied"))

    for step in (0, 1, 5, total):
        page = client.get(f"/duels/{duel.pk}/replay/?step={step}").content.decode().replace("&#x27;", "'")
        assert f"Step {step} of {total}" in page
        assert shown_hands(page) == hands_at(duel, step), f"step {step}"
    first = client.get(f"/duels/{duel.pk}/replay/").content.decode()
    assert "Step 0 of" in first and 'rel="next"' in first and 'rel="prev"' not in first
    assert "✔ SHA-256 of the seed matches the commitment." in first and "gives exactly this game" in first
    # Every step is listed with what was done, named as the board offered it.
    assert first.count('<li class="current" aria-current="step">') == 1
    assert len(re.findall(r'href="\?step=\d+#position"><span class="muted">T\d+</span>', first)) == total + 1


@pytest.mark.django_db
def test_a_step_past_the_end_shows_the_end_and_a_malformed_step_is_refused(client, make_player, starter_deck):
    duel = finished_duel(make_player, starter_deck, actions=3)
    total = sum(len(m.actions) for m in duel.moves.filter(status="applied"))
    assert f"Step {total} of {total}" in client.get(f"/duels/{duel.pk}/replay/?step=99999").content.decode()
    for bad in ("-1", "abc", "1.5", "9" * 40, "\u0661"):  # the last: an Arabic-Indic digit one
        response = client.get(f"/duels/{duel.pk}/replay/", {"step": bad})
        assert response.status_code == 400, bad
        assert "'step' must be a whole number" in response.content.decode()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1366])
def test_step_with_the_arrow_keys(browser, live_server, make_player, starter_deck, width):
    duel = finished_duel(make_player, starter_deck, actions=6)
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 844})
    page = context.new_page()
    page.goto(f"/duels/{duel.pk}/replay/")
    total = sum(len(m.actions) for m in duel.moves.filter(status="applied"))
    assert total >= 3 and page.locator(".replay-where").inner_text().startswith(f"Step 0 of {total}")

    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"step=1"))
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"step=2"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"step=1"))
    assert page.locator(".replay-where").inner_text().startswith(f"Step 1 of {total}")
    page.keyboard.press("End")
    page.wait_for_url(re.compile(rf"step={total}"))

    board, log = page.locator("#position").bounding_box(), page.locator(".replay-log").bounding_box()
    if width >= 1000:
        assert log["x"] >= board["x"] + board["width"] - 1, "the game's steps stand beside the board"
    else:
        assert log["y"] >= board["y"] + board["height"] - 1, "on a phone the steps follow the board"
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    context.close()
