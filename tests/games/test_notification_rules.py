"""The e-mails players get, sent by the real Celery worker: none in bot duels, "your turn" at most
once a day per duel (race-safe), the daily digest, links to SITE_URL and a working unsubscribe link."""

from __future__ import annotations

import random
import re
import time
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from celery import group
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.celery import app
from games import tasks
from games.actions import challenges, notifications, workers
from games.models import Duel, Notification, Profile, Seat
from tests.games.conftest import wait_for

SITE = "https://duels.example.org"


def _to(messages, address: str) -> list[str]:
    return [m for m in messages if re.search(rf"^To: {re.escape(address)}$", m, re.M)]


def _subject(message: str) -> str:
    return next(line for line in message.splitlines() if line.startswith("Subject:"))


def _body(message: str) -> str:
    """The text part, with quoted-printable soft line breaks joined (long links are wrapped)."""
    text = message.split("\n\n", 1)[1]
    return re.sub(r"=\n", "", text).replace("=3D", "=")


def _human_duel(make_player, deck, *, a="alice", b="bob"):
    alice = make_player(a, email=f"{a}@example.org")
    bob = make_player(b, email=f"{b}@example.org")
    duel = challenges.create_duel(alice.user, deck=deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, deck)
    duel = Duel.objects.get(pk=duel.pk)
    mover, waiter = (alice, bob) if duel.to_move == 0 else (bob, alice)
    return duel, mover, waiter


def _finish_turn(player, duel_id: int) -> None:
    """Play passes (or the first legal action) until it is no longer this player's move."""
    for _ in range(80):
        state = player.duel(duel_id)
        if not state["legal_actions"] or state["status"] != "active":
            return
        passing = [a for a in state["legal_actions"] if a["type"] == "pass"] or state["legal_actions"]
        player.play(duel_id, passing[0], state["version"])
    raise AssertionError("the turn did not pass in 80 actions")


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_bot_duel_sends_no_email_and_no_turn_notices(celery_worker_process, make_player, starter_deck):
    worker = celery_worker_process
    player = make_player("solo", email="solo@example.org")
    rng = random.Random(7)
    made = 0
    # Random play can lose a duel in a few moves (conceding a Head Shot): new duels until enough
    # moves have been made for e-mails to have been drawn, had bot duels drawn any.
    for _ in range(5):
        duel_id = player.start_bot_duel(starter_deck)
        made += player.play_against_bot(duel_id, rng, steps=40)
        if made >= 10:
            break
    # A control through the same worker queue: once it is mailed, every earlier e-mail task has run.
    control = make_player("control", email="control@example.org")
    Notification.objects.create(user=control.user, kind="challenge", text="A control message.")
    workers.enqueue_email(Notification.objects.get(user=control.user).pk)
    wait_for(lambda: _to(worker.sent_mail(), "control@example.org"), what="the control e-mail")

    assert made >= 10, "enough of a game to have drawn e-mails before"
    assert _to(worker.sent_mail(), "solo@example.org") == []
    assert not Notification.objects.filter(user=player.user, kind="your_turn").exists()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_your_turn_is_mailed_at_most_once_a_day_per_duel(celery_worker_process, make_player, starter_deck):
    worker = celery_worker_process
    duel, mover, waiter = _human_duel(make_player, starter_deck)

    for _ in range(2):  # the turn goes back and forth twice: four "your turn" notices
        _finish_turn(mover, duel.pk)
        _finish_turn(waiter, duel.pk)
    notices = Notification.objects.filter(duel=duel, kind="your_turn")
    wait_for(lambda: notices.count() >= 4, what="the your-turn notices")
    wait_for(lambda: _to(worker.sent_mail(), waiter.user.email), what="the waiter's e-mail")
    time.sleep(1)  # a second e-mail, if one were (wrongly) sent, would have arrived by now

    turn_mails = [m for m in worker.sent_mail() if "Your turn" in _subject(m)]
    assert len(_to(turn_mails, mover.user.email)) == 1, "one at the start, none for the later turns"
    assert len(_to(turn_mails, waiter.user.email)) == 1
    assert notices.filter(user=waiter.user).count() >= 2, "the site still lists every turn"

    # A day later the next turn is mailed again.
    Seat.objects.filter(duel=duel).update(turn_mailed_at=timezone.now() - timedelta(hours=25))
    _finish_turn(mover, duel.pk)
    wait_for(
        lambda: (
            len(_to([m for m in worker.sent_mail() if "Your turn" in _subject(m)], waiter.user.email)) == 2
        ),
        what="the next day's e-mail",
    )
    mail = _to(worker.sent_mail(), waiter.user.email)[0]
    assert f"/duels/{duel.pk}/" in _body(mail)
    assert duel.seed not in mail and "seed" not in _body(mail).lower()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_four_processes_at_once_send_one_your_turn_email(
    celery_worker_process, worker_factory, make_player, starter_deck
):
    celery_worker_process.stop()  # this test runs its own worker, four processes wide
    try:
        duel, mover, _ = _human_duel(make_player, starter_deck, a="carol", b="dave")
        # The duel's start queued its own "your turn" e-mail while no worker ran: if the new worker
        # sent it after the reset below, it took the slot and none of the twelve could.
        app.control.purge()
        worker = worker_factory(concurrency=4).start()
        Seat.objects.filter(duel=duel).update(turn_mailed_at=None)
        notes = [
            Notification.objects.create(
                user=mover.user, duel=duel, kind="your_turn", text=f"Your move ({n})."
            )
            for n in range(12)
        ]

        sent = group(tasks.email_notification.s(note.pk) for note in notes).apply_async().get(timeout=120)

        assert sorted(sent) == [False] * 11 + [True], "the processes raced; one e-mail won"
        mails = [m for m in _to(worker.sent_mail(), mover.user.email) if "Your move (" in _body(m)]
        assert len(mails) == 1
    finally:
        celery_worker_process.start()


@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.integers(0, 40), st.booleans()), min_size=1, max_size=12))
def test_the_daily_limit_holds_for_any_sequence_of_sends_and_failures(steps, make_player, starter_deck):
    """Hours pass, a send is tried, and sometimes it fails (the slot is given back): a granted slot
    is never within a day of the last e-mail actually sent, and one is always granted after a day."""
    player = make_player()  # a fresh player and duel for each example
    duel = challenges.create_duel(player.user, deck=starter_deck, bot="random")
    now = timezone.now()
    last_sent = None
    for hours, fails in steps:
        now += timedelta(hours=hours)
        granted = notifications.claim_turn_mail(duel.pk, player.user.pk, now)
        assert granted == (last_sent is None or now - last_sent >= notifications.TURN_MAIL_EVERY)
        if granted and fails:
            notifications._release_turn_mail(duel.pk, player.user.pk, now)
        elif granted:
            last_sent = now


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_daily_digest_lists_the_waiting_duels_once_a_day_and_unsubscribes(
    celery_worker_process, worker_factory, make_player, starter_deck
):
    celery_worker_process.stop()  # this test's worker serves links from another SITE_URL
    try:
        worker = worker_factory(SITE_URL=SITE).start()
        first, mover, _ = _human_duel(make_player, starter_deck, a="erin", b="frank")
        second = challenges.create_duel(
            make_player("gina").user, deck=starter_deck, opponent=mover.user, days_per_move=7
        )
        challenges.accept_duel(mover.user, second.pk, starter_deck)
        second.refresh_from_db()
        if second.to_move != 1:  # make both duels wait for the same player
            Duel.objects.filter(pk=second.pk).update(to_move=1)
        Profile.objects.filter(user=mover.user).update(turn_emails=Profile.TurnEmails.DAILY)

        assert tasks.send_turn_digests.delay().get(timeout=60) == 1
        assert tasks.send_turn_digests.delay().get(timeout=60) == 0, "one a day"

        digest = [m for m in _to(worker.sent_mail(), mover.user.email) if "Duels waiting" in _subject(m)]
        assert len(digest) == 1
        body = _body(digest[0])
        assert "2 duels are waiting for your move" in body
        assert f"{SITE}/duels/{first.pk}/" in body and f"{SITE}/duels/{second.pk}/" in body
        assert "127.0.0.1" not in body
        headers = re.sub(r"[ \t]*\n[ \t]+", " ", digest[0].split("\n\n", 1)[0])  # unfold long headers
        assert "List-Unsubscribe: <https://duels.example.org/duels/unsubscribe/" in headers
        assert "List-Unsubscribe-Post: List-Unsubscribe=One-Click" in headers

        link = re.search(rf"{re.escape(SITE)}(/duels/unsubscribe/\S+/)", body).group(1)
        signed_out = Client(enforce_csrf_checks=True)
        tampered = signed_out.get(link[:-8] + ("A" if link[-8] != "A" else "B") + link[-7:])
        assert tampered.status_code == 400
        assert "This unsubscribe link is damaged" in tampered.content.decode()
        assert Profile.objects.get(user=mover.user).turn_emails == Profile.TurnEmails.DAILY

        done = signed_out.post(link)  # the mail program's one-click POST: no session, no CSRF token
        assert done.status_code == 200
        assert "no more e-mails about your move" in done.content.decode()
        assert Profile.objects.get(user=mover.user).turn_emails == Profile.TurnEmails.NONE
        Profile.objects.filter(user=mover.user).update(digest_mailed_on=None)
        assert tasks.send_turn_digests.delay().get(timeout=60) == 0, "unsubscribed: no digest"
    finally:
        celery_worker_process.start()


@pytest.mark.django_db
def test_every_kind_of_email_can_be_turned_off_by_its_link(client, make_player):
    player = make_player("henry", email="henry@example.org")
    for kind, (about, field, off) in notifications.EMAIL_KINDS.items():
        path = urlsplit(notifications.unsubscribe_url(player.user.pk, kind)).path
        before = getattr(Profile.objects.get(user=player.user), field)
        page = client.get(path)  # what a mail service's link scanner does: it must change nothing
        assert page.status_code == 200 and about in page.content.decode()
        assert "Stop these e-mails" in page.content.decode()
        assert getattr(Profile.objects.get(user=player.user), field) == before != off
        done = client.post(path)  # the page's button
        assert done.status_code == 200 and "Done: you will get no more e-mails" in done.content.decode()
        assert getattr(Profile.objects.get(user=player.user), field) == off
    forged = client.get("/duels/unsubscribe/not-a-token/")
    assert forged.status_code == 400 and "damaged" in forged.content.decode()
