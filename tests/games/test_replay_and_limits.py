"""The replay page proves the shuffle was fair; the move API is rate-limited per user."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from rest_framework.throttling import ScopedRateThrottle

from games.actions import challenges, moves
from games.models import Duel


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_replay_checks_the_revealed_seed_against_its_commitment(
    celery_worker_process, make_player, starter_deck, client
):
    alice = make_player("alice")
    duel_id = alice.start_bot_duel(starter_deck)
    alice.play_against_bot(duel_id, random.Random(11), steps=8)
    duel = Duel.objects.get(pk=duel_id)
    # Before the end, the replay does not exist and the seed is not shown.
    if duel.status == "active":
        assert client.get(f"/duels/{duel_id}/replay/").status_code == 404
        assert alice.duel(duel_id)["seed"] is None
        alice.client.post(f"/api/duels/{duel_id}/resign/")

    page = client.get(f"/duels/{duel_id}/replay/").content.decode()

    duel.refresh_from_db()
    assert duel.seed in page and duel.seed_commitment in page
    assert "✔ SHA-256 of the seed matches the commitment." in page
    assert "gives exactly this game" in page


@pytest.mark.django_db
def test_a_tampered_seed_fails_the_replay_check(make_player, starter_deck, client):
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    moves.resign(alice.user, duel.pk)
    Duel.objects.filter(pk=duel.pk).update(seed="0" * 32)

    page = client.get(f"/duels/{duel.pk}/replay/").content.decode()

    assert "✘ The seed does not match the commitment." in page


@pytest.mark.django_db
def test_moves_are_rate_limited_per_user(make_player, starter_deck, monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "moves", "3/min")
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    duel.refresh_from_db()
    mover = alice if duel.to_move == 0 else bob
    # Earlier tests of this run may have been a user with this id: start from a clean count.
    cache.delete(f"throttle_moves_{mover.user.pk}")

    codes = [mover.post_move(duel.pk, 999, [{"type": "pass"}]).status_code for _ in range(4)]

    assert codes[:3] == [409, 409, 409]  # refused as stale, but counted
    assert codes[3] == 429
    assert "throttled" in mover.post_move(duel.pk, 999, [{"type": "pass"}]).json()["detail"].lower()
