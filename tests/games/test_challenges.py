"""Starting duels: a named challenge, an open challenge anyone may take, declining, bad requests."""

from __future__ import annotations

import pytest

from games.models import Duel, Notification


@pytest.mark.django_db
def test_a_named_challenge_is_accepted_by_that_player_only(make_player, starter_deck):
    alice, bob, eve = make_player("alice"), make_player("bob"), make_player("eve")
    created = alice.client.post(
        "/api/duels/", {"deck": starter_deck.pk, "opponent": "bob", "days_per_move": 7}, format="json"
    )
    assert created.status_code == 201
    duel_id = created.json()["id"]
    assert created.json()["status"] == "challenged"
    assert Notification.objects.filter(user=bob.user, kind="challenge").exists()

    assert (
        eve.client.post(f"/api/duels/{duel_id}/accept/", {"deck": starter_deck.pk}, format="json").status_code
        == 403
    )
    accepted = bob.client.post(f"/api/duels/{duel_id}/accept/", {"deck": starter_deck.pk}, format="json")

    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    duel = Duel.objects.get(pk=duel_id)
    assert duel.days_per_move == 7 and duel.deadline is not None
    assert len(duel.seed_commitment) == 64 and not duel.seed_revealed
    assert alice.duel(duel_id)["seed"] is None, "the seed stays secret while the duel is on"


@pytest.mark.django_db
def test_an_open_challenge_is_taken_by_the_first_player_who_accepts(make_player, starter_deck):
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    duel_id = alice.client.post("/api/duels/", {"deck": starter_deck.pk}, format="json").json()["id"]
    assert Duel.objects.get(pk=duel_id).status == "open"
    assert (
        alice.client.post(
            f"/api/duels/{duel_id}/accept/", {"deck": starter_deck.pk}, format="json"
        ).status_code
        == 409
    )

    assert (
        bob.client.post(f"/api/duels/{duel_id}/accept/", {"deck": starter_deck.pk}, format="json").status_code
        == 200
    )
    late = carol.client.post(f"/api/duels/{duel_id}/accept/", {"deck": starter_deck.pk}, format="json")

    assert late.status_code == 409 and "no longer waiting" in late.json()["detail"]
    assert Duel.objects.get(pk=duel_id).seat_at(1).user == bob.user


@pytest.mark.django_db
def test_a_challenge_can_be_declined_and_then_not_accepted(make_player, starter_deck, client):
    alice, bob = make_player("alice"), make_player("bob")
    duel_id = alice.client.post(
        "/api/duels/", {"deck": starter_deck.pk, "opponent": "bob"}, format="json"
    ).json()["id"]
    client.force_login(bob.user)

    client.post(f"/duels/{duel_id}/decline/")

    assert Duel.objects.get(pk=duel_id).status == "declined"
    assert (
        bob.client.post(f"/api/duels/{duel_id}/accept/", {"deck": starter_deck.pk}, format="json").status_code
        == 409
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"deck": 0}, "Choose one of your decks"),
        ({"deck": "x"}, "deck"),
        ({"opponent": "nobody"}, "No player is called"),
        ({"opponent": "alice"}, "cannot challenge yourself"),
        ({"bot": "grandmaster"}, "bot"),
        ({"days_per_move": 2}, "days_per_move"),
        ({"bot": "random", "opponent": "bob"}, "not both"),
    ],
)
def test_a_bad_challenge_gets_a_clear_400(make_player, starter_deck, body, message):
    alice = make_player("alice")
    make_player("bob")
    response = alice.client.post("/api/duels/", {"deck": starter_deck.pk, **body}, format="json")

    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert not Duel.objects.exists()
