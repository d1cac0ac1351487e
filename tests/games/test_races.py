"""Concurrency on the move path: idempotency keys, version conflicts, a worker killed mid-move."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.db import close_old_connections, connection

from games.actions import challenges, moves
from games.models import Duel, Event, Move
from tests.games.conftest import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def two_player_duel(make_player, starter_deck):
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user, days_per_move=3)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    duel.refresh_from_db()
    mover = alice if duel.to_move == 0 else bob
    return duel, mover, (bob if mover is alice else alice)


def concurrently(count: int, job):
    """Run `job(i)` in `count` threads released at the same moment; return their results."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(i):
        try:
            barrier.wait()
            results[i] = job(i)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def test_fifty_simultaneous_posts_of_the_same_move_apply_it_once(
    celery_worker_process, make_player, starter_deck
):
    duel, mover, _ = two_player_duel(make_player, starter_deck)
    state = mover.duel(duel.pk)
    action = state["legal_actions"][0]
    key = uuid.uuid4().hex

    responses = concurrently(50, lambda i: mover.post_move(duel.pk, state["version"], [action], key=key))

    assert [r.status_code for r in responses] == [202] * 50
    assert len({r.json()["id"] for r in responses}) == 1, "every answer names the same move"
    move_id = responses[0].json()["id"]
    wait_for(lambda: Move.objects.get(pk=move_id).status != "pending", what="the move to resolve")
    assert Move.objects.filter(duel=duel).count() == 1
    assert Move.objects.get(pk=move_id).status == "applied"
    duel.refresh_from_db()
    assert duel.version == state["version"] + 1
    assert Event.objects.filter(duel=duel, move_id=move_id).exists()


def test_two_different_moves_on_one_version_apply_one_and_the_other_gets_409(
    celery_worker_process, make_player, starter_deck
):
    duel, mover, _ = two_player_duel(make_player, starter_deck)
    state = mover.duel(duel.pk)
    first, second = state["legal_actions"][0], state["legal_actions"][-1]
    assert first != second

    responses = concurrently(2, lambda i: mover.post_move(duel.pk, state["version"], [(first, second)[i]]))

    codes = sorted(r.status_code for r in responses)
    assert codes == [202, 409], [r.content for r in responses]
    refused = next(r for r in responses if r.status_code == 409)
    assert "version" in refused.json()["detail"]
    winner = next(r for r in responses if r.status_code == 202).json()["id"]
    wait_for(lambda: Move.objects.get(pk=winner).status == "applied", what="the accepted move")
    duel.refresh_from_db()
    assert duel.version == state["version"] + 1
    assert Move.objects.filter(duel=duel).count() == 1


def test_a_stale_version_is_refused_with_409_and_changes_nothing(
    celery_worker_process, make_player, starter_deck
):
    duel, mover, _ = two_player_duel(make_player, starter_deck)
    state = mover.duel(duel.pk)
    mover.play(duel.pk, state["legal_actions"][0], state["version"])
    fresh = mover.duel(duel.pk)

    response = mover.post_move(duel.pk, state["version"], [state["legal_actions"][0]])

    assert response.status_code == 409
    assert "Stale move" in response.json()["detail"]
    assert mover.duel(duel.pk)["version"] == fresh["version"]


def test_a_worker_killed_mid_move_leaves_it_to_be_applied_exactly_once_after_a_restart(
    celery_worker_process, worker_factory, make_player, starter_deck
):
    celery_worker_process.stop()  # this test runs its own workers
    try:
        duel, mover, _ = two_player_duel(make_player, starter_deck)
        state = mover.duel(duel.pk)
        slow = worker_factory(JT_RESOLVE_PAUSE_S="30").start()

        response = mover.post_move(duel.pk, state["version"], [state["legal_actions"][0]])
        assert response.status_code == 202
        move_id = response.json()["id"]
        # Wait until the slow worker holds the duel's row lock (it is inside resolve_move).
        wait_for(lambda: _duel_row_locked(duel.pk), timeout=30, what="the worker to lock the duel")
        slow.kill()

        assert Move.objects.get(pk=move_id).status == "pending", "the killed worker committed nothing"
        duel.refresh_from_db()
        assert duel.version == state["version"]

        worker_factory().start()
        # The unacknowledged message comes back after the visibility timeout (10 s in tests).
        wait_for(lambda: Move.objects.get(pk=move_id).status != "pending", timeout=90, what="redelivery")
        time.sleep(2)  # let any duplicate delivery run too
        move = Move.objects.get(pk=move_id)
        assert move.status == "applied"
        duel.refresh_from_db()
        assert duel.version == state["version"] + 1
        assert (
            Event.objects.filter(duel=duel).values("seq").distinct().count()
            == Event.objects.filter(duel=duel).count()
        )
        assert Move.objects.filter(duel=duel).count() == 1
    finally:
        celery_worker_process.start()


def test_a_move_is_applied_when_the_workers_database_connection_was_cut_since_its_last_task(
    celery_worker_process, worker_factory, make_player, starter_deck
):
    """The worker does not ping PostgreSQL before each task (a round trip on every move): when its
    connection was cut meanwhile (a database restart, a proxy's idle timeout), the task that meets
    the dead connection is retried on a new one and the move is applied, once."""
    celery_worker_process.stop()  # this test needs to know which connections are its worker's
    try:
        others = _other_backends()  # whatever else is connected now is not this test's worker
        worker_factory().start()
        duel, mover, other = two_player_duel(make_player, starter_deck)
        state = mover.duel(duel.pk)
        mover.play(duel.pk, state["legal_actions"][0], state["version"])
        workers = _other_backends() - others
        assert workers, "the worker applied the move on a connection of its own"

        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", [sorted(workers)]
            )
        wait_for(lambda: not (_other_backends() & workers), timeout=30, what="the cut connections to end")

        player = next(p for p in (mover, other) if p.duel(duel.pk)["legal_actions"])  # whoever is to act
        state = player.duel(duel.pk)
        player.play(duel.pk, state["legal_actions"][0], state["version"])  # waits for "applied"

        duel.refresh_from_db()
        assert duel.version == state["version"] + 1
        assert Move.objects.filter(duel=duel, status="applied").count() == 2
        assert not (_other_backends() & workers), "the worker works on a new connection"
    finally:
        celery_worker_process.start()


def _other_backends() -> set[int]:
    """The PostgreSQL backends of the test database other than this test's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {pid for (pid,) in cursor.fetchall()}


def _duel_row_locked(duel_id: int) -> bool:
    """True while another session holds a row lock on the duel (FOR UPDATE)."""
    table = Duel._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            "WHERE c.relname = %s AND l.mode = 'RowShareLock' AND l.pid <> pg_backend_pid()",
            [table],
        )
        return cursor.fetchone()[0] > 0


def test_a_move_whose_task_message_was_lost_is_sent_again_and_applied_once(
    celery_worker_process, make_player, starter_deck
):
    """The move is stored (committed) but its message never reaches Redis, e.g. Redis restarted."""
    duel, mover, _ = two_player_duel(make_player, starter_deck)
    state = mover.duel(duel.pk)
    move = Move.objects.create(
        duel=duel, seat=duel.to_move, user=mover.user, key="lost", version=state["version"],
        actions=[state["legal_actions"][0]],
    )  # fmt: skip
    time.sleep(1.2)
    assert Move.objects.get(pk=move.pk).status == "pending", "nothing resolves a move nobody sent"

    assert moves.requeue_stuck_moves(older_than_s=1) == [move.pk]
    moves.requeue_stuck_moves(older_than_s=1)  # a second sweep before it resolves is harmless

    wait_for(lambda: Move.objects.get(pk=move.pk).status == "applied", what="the re-sent move")
    time.sleep(1)
    duel.refresh_from_db()
    assert duel.version == state["version"] + 1
    assert moves.requeue_stuck_moves(older_than_s=0) == []


def test_a_retried_move_gets_the_same_move_before_and_after_it_is_applied(
    celery_worker_process, make_player, starter_deck
):
    """A client that lost the 202 sends the same request again (same Idempotency-Key): it must get
    the move it made, not a new move and not a 409, even once the duel has moved on."""
    duel, mover, other = two_player_duel(make_player, starter_deck)
    state = mover.duel(duel.pk)
    action = state["legal_actions"][0]
    key = uuid.uuid4().hex

    first = mover.post_move(duel.pk, state["version"], [action], key=key)
    again_at_once = mover.post_move(duel.pk, state["version"], [action], key=key)
    move_id = first.json()["id"]
    wait_for(lambda: Move.objects.get(pk=move_id).status == "applied", what="the move to apply")
    again_later = mover.post_move(duel.pk, state["version"], [action], key=key)

    assert [r.status_code for r in (first, again_at_once, again_later)] == [202, 202, 202]
    assert again_at_once.json()["id"] == again_later.json()["id"] == move_id
    assert again_later.json()["status"] == "applied"
    assert Move.objects.filter(duel=duel).count() == 1
    assert mover.duel(duel.pk)["version"] == state["version"] + 1

    # The same key for a different move, or from the other player, is refused and changes nothing.
    other_action = state["legal_actions"][-1]
    assert other_action != action
    different = mover.post_move(duel.pk, state["version"], [other_action], key=key)
    assert different.status_code == 422
    assert "different move" in different.json()["detail"]
    stolen = other.post_move(duel.pk, state["version"], [action], key=key)
    assert stolen.status_code == 409
    assert "another player" in stolen.json()["detail"]
    assert Move.objects.filter(duel=duel).count() == 1
