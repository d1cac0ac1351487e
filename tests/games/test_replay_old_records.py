"""A duel recorded before the rules package grew a state field, or told its draws differently, still replays
as exactly the game it was."""

from __future__ import annotations

import pytest

from games.actions.challenges import accept_duel, create_duel
from games.actions.moves import resign
from games.models import Duel


@pytest.mark.django_db
def test_a_record_from_before_new_state_fields_still_replays_as_this_game(make_player, starter_deck, client):
    alice, bob = make_player("alice"), make_player("bob")
    duel = create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    accept_duel(bob.user, duel.pk, starter_deck)
    resign(alice.user, duel.pk)
    duel.refresh_from_db()
    old = dict(duel.state)
    for field in ("t_drawn_into_play", "t_conjoined", "log"):  # unknown to an older engine / told otherwise
        old.pop(field)
    old["players"] = [
        {k: v for k, v in p.items() if k not in ("added", "added_by", "pending_gain")} for p in old["players"]
    ]
    Duel.objects.filter(pk=duel.pk).update(state=old)

    page = client.get(f"/duels/{duel.pk}/replay/").content.decode()

    assert "gives exactly this game" in page


@pytest.mark.django_db
def test_a_changed_record_still_fails_the_replay_check(make_player, starter_deck, client):
    alice, bob = make_player("alice"), make_player("bob")
    duel = create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    accept_duel(bob.user, duel.pk, starter_deck)
    resign(alice.user, duel.pk)
    duel.refresh_from_db()
    forged = dict(duel.state)
    forged["players"] = [dict(forged["players"][0], ability=14), forged["players"][1]]
    Duel.objects.filter(pk=duel.pk).update(state=forged)

    page = client.get(f"/duels/{duel.pk}/replay/").content.decode()

    assert "The replayed game differs from the record." in page
