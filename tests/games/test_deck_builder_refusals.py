"""The deck builder shows why the rules refuse a printed card, and a pasted deck with one is refused
with that reason (never saved, never dealt inert)."""

from __future__ import annotations

import html

import pytest

import rules


@pytest.mark.django_db
def test_the_card_list_names_the_reason_and_offers_no_input_for_a_refused_card(client, make_player):
    client.force_login(make_player().user)
    page = html.unescape(client.get("/duels/decks/").content.decode())
    scare = rules.cardpool()["scare"]
    assert f"Cannot be used: {scare.unplayable_reason}" in page
    assert 'name="n_scare"' not in page and 'name="n_thrust"' in page


@pytest.mark.django_db
def test_a_pasted_deck_with_a_refused_card_is_refused_with_the_reason(client, make_player, starter_deck):
    alice = make_player()
    client.force_login(alice.user)
    counts: dict[str, int] = {}
    for key in starter_deck.endurance:
        counts[key] = counts.get(key, 0) + 1
    lines = ["Endurance:", *(f"{n} {key}" for key, n in counts.items()), "1 Kell Scare"]
    response = client.post("/duels/decks/", {"name": "With Scare", "cards": "\n".join(lines)})
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "Kell Scare cannot be used here" in page and "Ally, Bystander or Pedestrian" in page
    assert not alice.user.decks.filter(name="With Scare").exists()
