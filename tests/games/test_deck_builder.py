"""The deck builder (/duels/decks/): cards told apart, a running count and legality as you
build, and the ready-made decks opened and copied."""

from __future__ import annotations

import re

import pytest

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
