"""Ramirez' Off Balance on the board: "take 3 cards at random from your opponent's hand and place them
under Off Balance". Their owner sees which of his cards are there; the Off Balance player, who took
them at random from a hidden hand, sees only how many (rules/view.py, rules/under.py)."""

from __future__ import annotations

import html
import re

import pytest

import rules
from games.actions import challenges
from games.models import Duel

BASICS = ["upper-left-attack", "thrust", "lower-right-block", "upper-center-block", "middle-left-attack"] * 4
UNDER = ["duck-generic", "side-step-generic", "jump-generic"]


def text(response) -> str:
    """The page as a reader sees it: tags dropped, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


@pytest.mark.django_db
def test_the_cards_under_off_balance_are_named_to_their_owner_and_counted_for_the_other(
    django_user_model, starter_deck
):
    alice = django_user_model.objects.create_user("alice", password="a long enough passphrase 42")
    bob = django_user_model.objects.create_user("bob", password="a long enough passphrase 42")
    duel = challenges.create_duel(alice, deck=starter_deck, opponent=bob)
    challenges.accept_duel(bob, duel.pk, starter_deck)
    users = {seat.index: seat.user for seat in duel.seats.select_related("user")}
    state = rules.Duel.from_position(
        {
            "turn": 4,
            "active": 1,
            "phase": "sweep",
            "players": [
                {
                    "pregame": ["juan-sanchez-villa-lobos-ramirez"],
                    "in_play": ["off-balance"],
                    "endurance": BASICS,
                },
                {"hand": ["thrust"], "under": UNDER, "endurance": BASICS},
            ],
        }
    )
    Duel.objects.filter(pk=duel.pk).update(
        state=state.to_json(), to_move=state.to_move, phase=state.phase, turn=state.turn
    )

    owner = duel_page(users[1], duel.pk)
    assert "Hand 1 card Endurance" in owner  # one card, not "1 cards"
    assert "Under your opponent's Off Balance: Duck (generic) , Side Step (generic) , Jump (generic)" in owner
    taker = duel_page(users[0], duel.pk)
    assert "Under your Off Balance: 3 cards from their hand" in taker
    assert "Duck" not in taker and "Side Step" not in taker and "Jump" not in taker


def duel_page(user, duel_id) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    response = client.get(f"/duels/{duel_id}/")
    assert response.status_code == 200
    return text(response)
