"""The deck builder (/duels/decks/): cards told apart, a running count and legality as you
build, and the ready-made decks opened and copied."""

from __future__ import annotations

import re

import pytest

from games.actions.decks import save_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(client, make_player):
    alice = make_player("alice")
    client.force_login(alice.user)
    client.alice = alice.user
    return client


def test_the_builder_names_each_card_of_a_shared_title_with_its_variant(alice_client):
    page = alice_client.get("/duels/decks/").content.decode()
    for label in ("Sideswipe (left)", "Sideswipe (right)", "Twist Of The Blade (unblockable)"):
        assert label in page
        assert f'aria-label="Copies of {label}"' in page
    assert not re.search(r">Sideswipe<", page), "no Sideswipe without its variant"


def counts(page: str) -> tuple[str, str, str]:
    found = [
        re.search(rf'class="count-{kind}">(\d+)<', page).group(1)
        for kind in ("pregame", "endurance", "total")
    ]
    return tuple(found)


def starter_form_data(deck) -> dict:
    data = {"name": "Mine"}
    for key in deck.pregame:
        data[f"pg_{key}"] = "on"
    for key in set(deck.endurance):
        data[f"n_{key}"] = str(deck.endurance.count(key))
    return data


def test_the_live_check_counts_and_lists_the_rules_problems_without_saving(alice_client, starter_deck):
    data = starter_form_data(starter_deck)
    data["n_upper-left-attack"] = str(int(data.get("n_upper-left-attack", "0")) + 7)  # past the title limit
    response = alice_client.post("/duels/decks/check/", data, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    endurance = len(starter_deck.endurance) + 7
    assert counts(page) == (
        str(len(starter_deck.pregame)),
        str(endurance),
        str(endurance + len(starter_deck.pregame)),
    )
    assert "Your deck may contain only 6 cards of the same title." in page
    assert 'hx-swap-oob="true"' in page and "1 problem<" in page
    assert not alice_client.alice.decks.exists(), "checking saves nothing"


def test_a_legal_deck_is_said_to_be_legal_as_it_is_built(alice_client, starter_deck):
    page = alice_client.post("/duels/decks/check/", starter_form_data(starter_deck)).content.decode()
    assert "this deck is legal" in page and ">Legal<" in page


def test_without_javascript_submitting_shows_the_count_and_problems_and_keeps_the_cards(alice_client):
    response = alice_client.post("/duels/decks/", {"name": "Thin", "n_upper-left-attack": "3"})
    page = response.content.decode()
    assert response.status_code == 400
    assert counts(page) == ("0", "3", "3")
    assert "at least 50 cards" in page and "Not saved: the deck has" in page
    assert 'name="n_upper-left-attack" value="3"' in page, "the refused deck comes back as built"
    assert not alice_client.alice.decks.exists()


def test_a_ready_made_deck_opens_with_its_cards_linked_and_copies_in_one_click(
    alice_client, starter_deck, catalogue
):
    page = alice_client.get(f"/duels/decks/{starter_deck.pk}/").content.decode()
    assert f"<h1>{starter_deck.name}" in page and "Endurance (" in page and "Pre-game cards (" in page
    assert 'href="/cards/upper-left-attack/"' in page
    assert counts(page)[1] == str(len(starter_deck.endurance))
    assert "this deck is legal" in page

    response = alice_client.post(f"/duels/decks/{starter_deck.pk}/copy/")
    copy = alice_client.alice.decks.get()
    assert response.status_code == 302 and response["Location"] == f"/duels/decks/{copy.pk}/"
    assert copy.name == starter_deck.name and copy.endurance == starter_deck.endurance
    assert copy.pregame == starter_deck.pregame
    alice_client.post(f"/duels/decks/{starter_deck.pk}/copy/")
    assert sorted(alice_client.alice.decks.values_list("name", flat=True)) == [
        starter_deck.name,
        f"{starter_deck.name} (2)",
    ]


def test_someone_elses_deck_is_not_found_and_cannot_be_copied(alice_client, make_player, starter_deck):
    bob = make_player("bob")
    bobs = save_deck(bob.user, "Bob's", starter_deck.pregame, starter_deck.endurance)
    assert alice_client.get(f"/duels/decks/{bobs.pk}/").status_code == 404
    assert alice_client.post(f"/duels/decks/{bobs.pk}/copy/").status_code == 404
    assert not alice_client.alice.decks.exists()


def test_anyone_may_open_a_ready_made_deck_but_copying_needs_a_sign_in(client, starter_deck):
    assert client.get(f"/duels/decks/{starter_deck.pk}/").status_code == 200
    assert client.post(f"/duels/decks/{starter_deck.pk}/copy/").status_code == 302  # to the sign-in page
    from games.models import SavedDeck

    assert SavedDeck.objects.filter(owner__isnull=False).count() == 0
