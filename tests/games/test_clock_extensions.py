"""Issue #11, item 7: more time is capped per duel, and the opponent is not flooded with e-mail."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from games.models import Duel, Notification
from tests.games.conftest import wait_for
from tests.games.test_permissions_and_clocks import start_duel
from tests.hardening_support import db_snapshot


def extend(player, duel_id: int, days: int):
    return player.client.post(f"/api/duels/{duel_id}/extend/", {"days": days}, format="json")


@pytest.mark.django_db
def test_more_time_is_capped_at_30_days_per_duel(make_player, starter_deck):
    duel, mover, waiter = start_duel(make_player, starter_deck)
    start = duel.deadline

    given = [extend(waiter, duel.pk, 14).status_code for _ in range(2)]
    duel.refresh_from_db()
    before = db_snapshot()
    refused = extend(waiter, duel.pk, 3)

    assert given == [200, 200]
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "A duel's clock can be extended by at most 30 days in all; 2 day(s) left in this one."
    )
    assert db_snapshot() == before, "a refused extension changes nothing"
    # What is left can still be given; then nothing more.
    assert extend(waiter, duel.pk, 1).status_code == 200
    assert extend(waiter, duel.pk, 1).status_code == 200
    assert extend(waiter, duel.pk, 1).status_code == 409
    duel.refresh_from_db()
    assert duel.deadline == start + timedelta(days=30)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_extensions_send_at_most_one_email_an_hour_per_duel(celery_worker_process, make_player, starter_deck):
    worker = celery_worker_process
    duel, mover, waiter = start_duel(make_player, starter_deck)
    started = Notification.objects.filter(user__in=[mover.user, waiter.user]).count()
    wait_for(
        lambda: len(mails_to(worker, {mover.user.email, waiter.user.email})) >= started, what="start mails"
    )

    for _ in range(5):
        assert extend(waiter, duel.pk, 1).status_code == 200
    # An hour later, the next extension is mailed again.
    Duel.objects.filter(pk=duel.pk).update(
        extension_mailed_at=Duel.objects.get(pk=duel.pk).extension_mailed_at - timedelta(minutes=61)
    )
    assert extend(waiter, duel.pk, 3).status_code == 200

    wait_for(lambda: len(extension_mails(worker, mover.user.email)) >= 2, what="the extension e-mails")
    time.sleep(1.5)  # a wrongly sent extra e-mail would arrive by now
    mails = extension_mails(worker, mover.user.email)
    assert len(mails) == 2
    assert "gave you 1 more day(s)" in mails[0] or "gave you 1 more day(s)" in mails[1]
    # Every extension is still noted in the site.
    assert Notification.objects.filter(user=mover.user, kind="extended").count() == 6


def mails_to(worker, addresses: set[str]) -> list[str]:
    return [m for m in worker.sent_mail() if any(f"To: {a}" in m for a in addresses)]


def extension_mails(worker, address: str) -> list[str]:
    return [m for m in mails_to(worker, {address}) if "more day(s)" in m]


@pytest.mark.django_db
def test_a_bots_clock_is_not_extended(make_player, starter_deck):
    """A bot answers at once: more time for it would only spend the duel's 30 days."""
    import uuid

    import rules
    from games.actions import challenges, moves

    alice = make_player("alice")
    duel = challenges.create_duel(alice.user, deck=starter_deck, bot="random")
    duel.refresh_from_db()
    while duel.to_move == 0:  # alice moves until the bot is to move (no worker: it does not answer)
        action = rules.Duel.from_json(duel.state).legal_actions()[-1].to_json()
        move = moves.submit_move(
            alice.user, duel.pk, version=duel.version, actions=[action], key=uuid.uuid4().hex
        )
        moves.resolve_move(move.move.pk)
        duel.refresh_from_db()
    before = db_snapshot()

    refused = extend(alice, duel.pk, 3)

    assert refused.status_code == 409
    assert refused.json()["detail"] == "A bot answers at once: its clock needs no more time."
    assert db_snapshot() == before
