"""Who may see and do what in a duel, and the clocks: deadlines, more time, vacations."""

from __future__ import annotations

import time
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

import rules
from games import errors
from games.actions import challenges, clocks, decks
from games.models import Duel, Move, Notification
from tests.games.conftest import wait_for


def start_duel(make_player, deck, days=3):
    # Addresses unique to this duel: mail from other tests' duels may still be on its way.
    tag = uuid.uuid4().hex[:8]
    alice = make_player("alice", email=f"alice-{tag}@example.org")
    bob = make_player("bob", email=f"bob-{tag}@example.org")
    duel = challenges.create_duel(alice.user, deck=deck, opponent=bob.user, days_per_move=days)
    challenges.accept_duel(bob.user, duel.pk, deck)
    duel.refresh_from_db()
    mover, waiter = (alice, bob) if duel.to_move == 0 else (bob, alice)
    return duel, mover, waiter


@pytest.mark.django_db
def test_a_non_player_cannot_see_the_duel_or_move_in_it(make_player, starter_deck):
    duel, mover, _ = start_duel(make_player, starter_deck)
    eve = make_player("eve")
    version = duel.version

    seen = eve.client.get(f"/api/duels/{duel.pk}/")
    events = eve.client.get(f"/api/duels/{duel.pk}/events/")
    moved = eve.post_move(duel.pk, version, [{"type": "pass"}])
    page = eve.client.get(f"/duels/{duel.pk}/")

    assert seen.status_code == 403 and "hand" not in seen.content.decode()
    assert events.status_code == 403
    assert moved.status_code == 403
    assert page.status_code in (302, 404)  # anonymous API client → login redirect, else not found
    duel.refresh_from_db()
    assert duel.version == version and not Move.objects.filter(duel=duel).exists()
    # A player's move is theirs and their opponent's to look at, nobody else's.
    posted = mover.post_move(duel.pk, version, [mover.duel(duel.pk)["legal_actions"][0]])
    assert eve.client.get(f"/api/moves/{posted.json()['id']}/").status_code == 403


@pytest.mark.django_db
def test_an_anonymous_visitor_is_refused(client, make_player, starter_deck):
    duel, _, _ = start_duel(make_player, starter_deck)
    assert client.get(f"/api/duels/{duel.pk}/").status_code in (401, 403)


@pytest.mark.django_db
def test_a_player_cannot_move_out_of_turn(make_player, starter_deck):
    """Golden rule: you act only on your turn. The refusal changes nothing."""
    duel, mover, waiter = start_duel(make_player, starter_deck)
    action = mover.duel(duel.pk)["legal_actions"][0]
    before = Duel.objects.get(pk=duel.pk).state

    response = waiter.post_move(duel.pk, duel.version, [action])

    assert response.status_code == 409
    assert "not your turn" in response.json()["detail"]
    assert Duel.objects.get(pk=duel.pk).state == before
    assert waiter.duel(duel.pk)["legal_actions"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "headers", "message"),
    [
        ({"version": 0, "actions": [{"type": "pass"}]}, {}, "Idempotency-Key"),
        ({"version": 0, "actions": []}, {"Idempotency-Key": "k1"}, "actions"),
        ({"version": "x", "actions": [{"type": "pass"}]}, {"Idempotency-Key": "k2"}, "version"),
        ({"version": 0, "actions": [{"nope": 1}]}, {"Idempotency-Key": "k3"}, "actions[0]['nope']"),
        ({"version": 0, "actions": "pass"}, {"Idempotency-Key": "k4"}, "actions"),
    ],
)
def test_a_malformed_move_gets_a_clear_400(make_player, starter_deck, body, headers, message):
    duel, mover, _ = start_duel(make_player, starter_deck)
    body = {**body, "version": duel.version if body["version"] == 0 else body["version"]}

    response = mover.client.post(f"/api/duels/{duel.pk}/moves/", body, format="json", headers=headers)

    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert not Move.objects.filter(duel=duel).exists()


@pytest.mark.django_db
def test_an_illegal_action_is_refused_naming_the_rule(make_player, starter_deck):
    duel, mover, _ = start_duel(make_player, starter_deck)
    state = mover.duel(duel.pk)
    card = state["view"]["you"]["hand"][0]["id"]
    # Attacking during the sweep phase is not a legal action.
    response = mover.post_move(duel.pk, duel.version, [{"type": "attack", "card": card}])

    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail and ("rule" in detail.lower() or "/" in detail or "phase" in detail.lower())
    assert not Move.objects.filter(duel=duel).exists()


def _recipients(messages) -> list[str]:
    return [
        line.split(":", 1)[1].strip()
        for message in messages
        for line in message.splitlines()
        if line.startswith("To:")
    ]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_only_the_opponent_is_notified_of_a_move(celery_worker_process, make_player, starter_deck):
    worker = celery_worker_process
    duel, mover, waiter = start_duel(make_player, starter_deck)
    ours = {waiter.user.email, mover.user.email}
    # The start of the duel mails both players (accepted; your move): let those arrive first.
    started = Notification.objects.filter(user__in=[mover.user, waiter.user]).count()
    wait_for(
        lambda: len([to for to in _recipients(worker.sent_mail()) if to in ours]) >= started,
        what="the start-of-duel e-mails",
    )
    earlier = worker.sent_mail()
    Notification.objects.all().delete()
    # Play until the turn passes to the other player.
    for _ in range(60):
        state = mover.duel(duel.pk)
        if not state["legal_actions"]:
            break
        passing = [a for a in state["legal_actions"] if a["type"] == "pass"] or state["legal_actions"]
        mover.play(duel.pk, passing[0], state["version"])

    note = wait_for(lambda: Notification.objects.filter(kind="your_turn").first(), what="a notification")
    assert note.user == waiter.user
    assert not Notification.objects.filter(user=mover.user).exists()

    # The e-mail went out through the worker, to the opponent only.
    wait_for(
        lambda: waiter.user.email in _recipients(worker.sent_mail() - earlier), what="the opponent's e-mail"
    )
    time.sleep(1)  # an e-mail to the mover, if one were (wrongly) sent, would arrive too
    recipients = _recipients(worker.sent_mail() - earlier)
    assert {r for r in recipients if r in ours} == {waiter.user.email}
    # The navigation shows the count to the player whose turn it is.
    waiter.client.force_login(waiter.user)
    assert 'aria-label="1 duels waiting for your move"' in waiter.client.get("/").content.decode()


@pytest.mark.django_db
def test_a_player_out_of_time_loses_and_the_opponent_is_told(
    make_player, starter_deck, django_capture_on_commit_callbacks
):
    duel, mover, waiter = start_duel(make_player, starter_deck)
    Duel.objects.filter(pk=duel.pk).update(deadline=timezone.now() - timedelta(minutes=1))

    with django_capture_on_commit_callbacks(execute=False):
        ended = clocks.enforce_deadlines()

    duel.refresh_from_db()
    assert ended == [duel.pk]
    assert duel.status == "finished" and duel.result == "timeout"
    assert duel.winner == waiter_seat(duel, waiter)
    assert duel.seed_revealed


def waiter_seat(duel, player):
    return duel.seat_of(player.user).index


@pytest.mark.django_db
def test_giving_more_time_moves_the_opponents_deadline(make_player, starter_deck):
    duel, mover, waiter = start_duel(make_player, starter_deck)
    before = duel.deadline

    response = waiter.client.post(f"/api/duels/{duel.pk}/extend/", {"days": 3}, format="json")
    own = mover.client.post(f"/api/duels/{duel.pk}/extend/", {"days": 3}, format="json")

    assert response.status_code == 200
    duel.refresh_from_db()
    assert duel.deadline == before + timedelta(days=3)
    assert own.status_code == 409, "you cannot extend your own clock"
    assert Notification.objects.filter(user=mover.user, kind="extended").exists()


@pytest.mark.django_db
def test_a_vacation_pauses_the_clock_and_uses_the_allowance(make_player, starter_deck):
    duel, mover, waiter = start_duel(make_player, starter_deck)
    before = duel.deadline

    profile = clocks.take_vacation(mover.user, 5)
    Duel.objects.filter(pk=duel.pk).update(deadline=timezone.now() - timedelta(minutes=1))

    assert profile.vacation_days_left == 14 - 5
    assert clocks.enforce_deadlines() == [], "no one loses on time while on vacation"
    with pytest.raises(errors.DuelError, match="vacation days left"):
        clocks.take_vacation(mover.user, 10)
    assert before is not None


@pytest.mark.django_db
def test_resigning_ends_the_duel_for_the_opponent(make_player, starter_deck):
    duel, mover, waiter = start_duel(make_player, starter_deck)

    response = waiter.client.post(f"/api/duels/{duel.pk}/resign/")

    assert response.status_code == 200
    duel.refresh_from_db()
    assert duel.status == "finished" and duel.result == "resignation"
    assert duel.winner == duel.seat_of(mover.user).index
    assert mover.post_move(duel.pk, duel.version, [{"type": "pass"}]).status_code == 409


@pytest.mark.django_db
def test_an_illegal_deck_cannot_be_saved_or_used(make_player):
    alice = make_player()
    response = alice.client.post(
        "/api/decks/",
        {"name": "Too thin", "pregame": [], "endurance": ["upper-left-attack"] * 10},
        format="json",
    )
    assert response.status_code == 400
    assert "50" in response.json()["detail"]


@pytest.mark.django_db
def test_a_pasted_deck_list_is_checked_and_saved(client, make_player, starter_deck):
    alice = make_player()
    client.force_login(alice.user)
    lines = ["Endurance:"]
    counts: dict[str, int] = {}
    for key in starter_deck.endurance:
        counts[key] = counts.get(key, 0) + 1
    lines += [f"{n} {key}" for key, n in counts.items()]
    response = client.post("/duels/decks/", {"name": "My copy", "cards": "\n".join(lines)})

    assert response.status_code == 302
    saved = alice.user.decks.get(name="My copy")
    assert sorted(saved.endurance) == sorted(starter_deck.endurance)
    bad = client.post("/duels/decks/", {"name": "Bad", "cards": "3 Flying Teapot"})
    assert bad.status_code == 400 and "Line 1" in bad.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_ready_made_decks_exist_once_even_when_first_saved_by_several_requests_at_once():
    """On a database without them, the first requests save the ready-made decks: saved at the
    same moment they must still appear once each in every player's deck list."""
    import threading

    from django.db import connection

    from games.models import SavedDeck

    SavedDeck.objects.filter(owner__isnull=True).delete()
    barrier = threading.Barrier(6)
    failures = []

    def first_request():
        try:
            barrier.wait()
            decks.ensure_starter_decks()
        except Exception as exc:  # noqa: BLE001 - any failure is the test's finding
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=first_request) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    assert failures == []
    names = list(SavedDeck.objects.filter(owner__isnull=True).values_list("name", flat=True))
    assert len(names) == len(set(names)) == len(rules.starter_decks()), names
