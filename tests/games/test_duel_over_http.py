"""A person plays a whole duel against a bot over HTTP; a real Celery worker resolves each move
through Redis and writes to PostgreSQL."""

from __future__ import annotations

import random

import pytest

from games.models import Duel, Event, Move

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_person_plays_a_complete_duel_against_the_bot(celery_worker_process, make_player, starter_deck):
    alice = make_player("alice")
    duel_id = alice.start_bot_duel(starter_deck, bot="heuristic", days=1)

    moves_made = alice.play_against_bot(duel_id, random.Random(7), steps=400)

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
    duel_id = alice.start_bot_duel(starter_deck)
    alice.play_against_bot(duel_id, random.Random(3), steps=6)

    seen, url = [], f"/api/duels/{duel_id}/events/?page_size=3"
    while url:
        page = alice.client.get(url).json()
        seen.extend(event["seq"] for event in page["results"])
        url = page["next"]
    assert seen == sorted(seen) and len(seen) == len(set(seen)) >= 3
