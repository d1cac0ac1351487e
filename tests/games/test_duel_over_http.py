"""A person plays a whole duel against a bot over HTTP; a real Celery worker resolves each move
through Redis and writes to PostgreSQL."""

from __future__ import annotations

import random

import pytest

from games.models import Duel, Event, Move
from tests.games.conftest import pick, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_person_plays_a_complete_duel_against_the_bot(celery_worker_process, make_player, starter_deck):
    alice = make_player("alice")
    created = alice.client.post(
        "/api/duels/", {"deck": starter_deck.pk, "bot": "heuristic", "days_per_move": 1}, format="json"
    )
    assert created.status_code == 201, created.content
    duel_id = created.json()["id"]
    rng = random.Random(7)
    moves_made = 0

    for _ in range(400):
        state = alice.duel(duel_id)
        if state["status"] == "finished":
            break
        if not state["legal_actions"]:
            # The bot's turn: its own task answers.
            version = state["version"]
            wait_for(lambda v=version: alice.duel(duel_id)["version"] > v, what="the bot's answer")
            continue
        alice.play(duel_id, pick(state["legal_actions"], rng), state["version"])
        moves_made += 1

    final = alice.duel(duel_id)
    assert final["status"] == "finished"
    assert final["winner"] in (0, 1)
    assert final["view"]["winner"] == final["winner"]
    # The seed is revealed at the end and matches the commitment shown at the start.
    import hashlib

    assert hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_commitment"]
    duel = Duel.objects.get(pk=duel_id)
    assert moves_made == Move.objects.filter(duel=duel, user=alice.user, status="applied").count()
    assert Move.objects.filter(duel=duel, user__isnull=True, status="applied").exists(), "the bot moved"
    # Every event is stored once, in order, each naming the rule it applied.
    seqs = list(Event.objects.filter(duel=duel).values_list("seq", flat=True))
    assert seqs == list(range(len(seqs)))
    assert all(event.rule for event in Event.objects.filter(duel=duel))
    # The version counts the applied moves (and nothing else happened).
    applied = Move.objects.filter(duel=duel, status="applied").count()
    assert duel.version == applied


def test_the_event_feed_is_cursor_paginated_in_order(celery_worker_process, make_player, starter_deck):
    alice = make_player()
    duel_id = alice.client.post(
        "/api/duels/", {"deck": starter_deck.pk, "bot": "random"}, format="json"
    ).json()["id"]
    rng = random.Random(3)
    for _ in range(6):
        state = alice.duel(duel_id)
        if state["status"] != "active":
            break
        if state["legal_actions"]:
            alice.play(duel_id, pick(state["legal_actions"], rng), state["version"])
        else:
            wait_for(lambda v=state["version"]: alice.duel(duel_id)["version"] > v)

    seen, url = [], f"/api/duels/{duel_id}/events/?page_size=3"
    while url:
        page = alice.client.get(url).json()
        seen.extend(event["seq"] for event in page["results"])
        url = page["next"]
    assert seen == sorted(seen) and len(seen) == len(set(seen)) >= 3
