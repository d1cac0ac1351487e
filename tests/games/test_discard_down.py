"""Discarding down to Ability is one form of checkboxes, posted as one all-or-nothing move of the
discards the engine expects; a wrong count is refused with a message naming it. Without JavaScript,
and in Chromium at 390 and 1366 px."""

from __future__ import annotations

import random
import re

import pytest

import rules
from games.actions import challenges, moves
from games.models import Duel, Move

PASSWORD = "a long enough passphrase 42"


def must_discard_two(duel: Duel) -> rules.Duel:
    """Put the duel at a position, reached by random play from its own decks, where the player to
    move must discard down to Ability by two cards or more."""
    seats = {seat.index: seat for seat in duel.seats.all()}
    decks = [
        rules.Deck(pregame=seats[i].deck["pregame"], endurance=seats[i].deck["endurance"]) for i in (0, 1)
    ]
    for seed in range(500):
        state, rng = rules.new_duel(decks[0], decks[1], seed=seed), random.Random(seed)
        for _ in range(300):
            if state.phase == "over":
                break
            actions = state.legal_actions()
            if actions and all(a.type == "discard" and not a.purpose for a in actions):
                player = state.players[state.to_move]
                if len(player.hand) - player.ability >= 2:
                    Duel.objects.filter(pk=duel.pk).update(
                        state=state.to_json(), to_move=state.to_move, phase=state.phase, turn=state.turn
                    )
                    return state
            state, _ = state.apply(rules.bots.choose(state, "random", rng))
    raise AssertionError("no position with two cards to discard in 500 games")


@pytest.fixture
def discarding(django_user_model, starter_deck):
    """(duel, the user who must discard, the rules state, how many cards to discard)"""
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    duel = challenges.create_duel(alice, deck=starter_deck, opponent=bob)
    challenges.accept_duel(bob, duel.pk, starter_deck)
    state = must_discard_two(duel)
    player = state.players[state.to_move]
    duel = Duel.objects.get(pk=duel.pk)
    return duel, (alice, bob)[state.to_move], state, len(player.hand) - player.ability


@pytest.mark.django_db
def test_the_board_offers_one_form_with_a_checkbox_per_hand_card(client, discarding):
    duel, user, state, need = discarding
    client.force_login(user)

    page = client.get(f"/duels/{duel.pk}/").content.decode()

    assert page.count(f'action="/duels/{duel.pk}/discard/"') == 1
    assert page.count('type="checkbox" name="card"') == len(state.players[state.to_move].hand)
    assert f"choose <strong>{need}</strong> cards to discard" in page
    assert f'action="/duels/{duel.pk}/move/"' not in page, "no longer one button per card"


@pytest.mark.django_db
def test_a_wrong_count_is_refused_naming_it_and_nothing_changes(client, discarding):
    duel, user, state, need = discarding
    hand = state.players[state.to_move].hand
    client.force_login(user)

    page = client.post(
        f"/duels/{duel.pk}/discard/", {"version": duel.version, "key": "k1", "card": hand[:1]}, follow=True
    ).content.decode()

    ability = state.players[state.to_move].ability
    assert (
        page.count(f"Choose exactly {need} cards to discard down to your Ability of {ability}: you chose 1.")
        == 1
    )
    assert not Move.objects.filter(duel=duel).exists()


@pytest.mark.django_db
def test_a_forged_card_refuses_the_whole_discard(client, discarding):
    duel, user, state, need = discarding
    hand = state.players[state.to_move].hand
    client.force_login(user)

    page = client.post(
        f"/duels/{duel.pk}/discard/",
        {"version": duel.version, "key": "k2", "card": [*hand[: need - 1], "c99999"]},
        follow=True,
    ).content.decode()

    assert "That card is not in your hand." in page
    assert not Move.objects.filter(duel=duel).exists(), "all or nothing: the legal ones are not kept"


@pytest.mark.django_db
def test_the_chosen_cards_are_discarded_in_one_move(client, discarding):
    duel, user, state, need = discarding
    player = state.players[state.to_move]
    chosen = list(player.hand[-need:])
    client.force_login(user)

    answer = client.post(f"/duels/{duel.pk}/discard/", {"version": duel.version, "key": "k3", "card": chosen})

    assert answer.status_code == 302
    move = Move.objects.get(duel=duel)
    assert move.actions == [{"type": "discard", "card": card} for card in chosen]
    moves.resolve_move(move.pk)
    move.refresh_from_db()
    assert move.status == Move.Status.APPLIED, move.error
    after = rules.Duel.from_json(Duel.objects.get(pk=duel.pk).state).players[state.to_move]
    assert len(after.hand) <= after.ability
    assert set(chosen) <= set(after.discard) and not set(chosen) & set(after.hand)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_discards_down_with_checkboxes_on_a_phone_and_a_laptop(sized_page, discarding):
    page = sized_page
    duel, user, state, need = discarding
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()
    page.goto(f"/duels/{duel.pk}/")

    boxes = page.locator(".discard-form input[type=checkbox]:not([disabled])")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scroll"
    boxes.nth(0).check()
    page.get_by_role("button", name="Discard the chosen cards").click()
    message = page.locator("#board .messages", has_text=f"Choose exactly {need} cards")
    message.wait_for()
    assert message.count() == 1 and "you chose 1." in message.inner_text()
    assert not Move.objects.filter(duel=duel).exists()

    for n in range(need):
        page.locator(".discard-form input[type=checkbox]:not([disabled])").nth(n).check()
    page.get_by_role("button", name="Discard the chosen cards").click()
    move = None
    for _ in range(100):
        move = Move.objects.filter(duel=duel).first()
        if move:
            break
        page.wait_for_timeout(100)
    assert move is not None and len(move.actions) == need
    moves.resolve_move(move.pk)  # what the worker does; the board picks it up on its own
    page.locator(".discard-form").wait_for(state="detached")
    ability = state.players[state.to_move].ability
    you = page.locator("#h-you").locator("xpath=..")
    hand_size = int(re.search(r"(\d+) cards", you.locator(".stats").inner_text()).group(1))
    assert hand_size <= ability
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
