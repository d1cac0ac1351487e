"""One mapping from a refused request to HTTP: the API's exception handler and the pages' decorator.

Each refusal keeps its status and message, is shown once, and changes nothing.
"""

from __future__ import annotations

import json

import pytest

from games.actions import challenges
from games.models import Duel, Profile, SavedDeck


def _duel_and_mover(make_player, deck):
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, deck)
    duel = Duel.objects.get(pk=duel.pk)
    return duel, (alice if duel.to_move == 0 else bob)


@pytest.mark.django_db
def test_the_api_answers_a_refusal_with_its_status_and_message_and_changes_nothing(make_player, starter_deck):
    before, mover = _duel_and_mover(make_player, starter_deck)
    duel = before

    extend = mover.client.post(f"/api/duels/{duel.pk}/extend/", {"days": 3}, format="json")
    nobody = mover.client.post("/api/duels/", {"deck": starter_deck.pk, "opponent": "nobody"}, format="json")

    assert extend.status_code == 409
    assert extend.json() == {"detail": "Only your opponent's clock can be extended, and only by you."}
    assert nobody.status_code == 400 and nobody.json() == {"detail": "No player is called 'nobody'."}
    after = Duel.objects.get(pk=duel.pk)
    assert (after.deadline, after.extended_days, after.version) == (
        before.deadline,
        before.extended_days,
        before.version,
    )
    assert Duel.objects.count() == 1


@pytest.mark.django_db
def test_a_stranger_asking_for_a_move_gets_a_403_naming_why(make_player, starter_deck):
    alice, bob, eve = make_player("alice"), make_player("bob"), make_player("eve")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    mover = alice if Duel.objects.get(pk=duel.pk).to_move == 0 else bob
    view = mover.duel(duel.pk)
    move_id = mover.post_move(duel.pk, view["version"], [view["legal_actions"][0]]).json()["id"]

    answer = eve.client.get(f"/api/moves/{move_id}/")

    assert answer.status_code == 403
    assert answer.json() == {"detail": "Only the duel's players can see its moves."}


@pytest.mark.django_db
def test_a_refused_page_action_shows_its_message_once_on_the_board(client, make_player, starter_deck):
    duel, mover = _duel_and_mover(make_player, starter_deck)
    deadline = duel.deadline
    client.force_login(mover.user)

    refused = client.post(f"/duels/{duel.pk}/extend/", {"days": "3"})
    board = client.get(refused["Location"]).content.decode()
    garbled = client.post(f"/duels/{duel.pk}/extend/", {"days": "three"}, follow=True).content.decode()

    assert refused.status_code == 302 and refused["Location"] == f"/duels/{duel.pk}/"
    assert board.count("Only your opponent&#x27;s clock can be extended, and only by you.") == 1
    assert garbled.count("Choose 1, 3, 7 or 14 days.") == 1
    assert Duel.objects.get(pk=duel.pk).deadline == deadline
    again = client.get(f"/duels/{duel.pk}/").content.decode()
    assert "clock can be extended" not in again, "a message is shown once, not on every later visit"


@pytest.mark.django_db
def test_a_stale_move_from_htmx_gets_the_board_back_with_the_reason(client, make_player, starter_deck):
    duel, mover = _duel_and_mover(make_player, starter_deck)
    action = mover.duel(duel.pk)["legal_actions"][0]
    client.force_login(mover.user)

    answer = client.post(
        f"/duels/{duel.pk}/move/",
        {"version": duel.version + 5, "key": "k1", "action": json.dumps(action)},
        headers={"HX-Request": "true"},
    )

    page = answer.content.decode()
    assert answer.status_code == 200 and 'id="board"' in page and "<html" not in page
    assert page.count(f"Stale move: the duel is at version {duel.version}") == 1
    assert not duel.moves.exists()


@pytest.mark.django_db
def test_form_pages_show_a_refusal_on_the_form(client, make_player, starter_deck):
    alice = make_player("alice")
    client.force_login(alice.user)
    Profile.objects.filter(user=alice.user).update(vacation_days_left=2)

    deck = client.post(
        "/duels/decks/", {"name": "Tiny", "cards": f"Endurance:\n1 {starter_deck.endurance[0]}"}
    )
    vacation = client.post("/duels/profile/", {"vacation-days": "5"})

    # the refusal shows on the form, the rules' problems beside the deck's running count
    assert deck.status_code == 400 and "Not saved: the deck has" in deck.content.decode()
    assert not SavedDeck.objects.filter(owner=alice.user).exists()
    assert "You have 2 vacation days left." in vacation.content.decode()
    assert Profile.objects.get(user=alice.user).vacation_until is None
