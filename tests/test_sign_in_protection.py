"""Issue #11, item 4: guessing passwords is stopped, on the login page and on the API."""

from __future__ import annotations

import base64

import pytest
from django.test import Client

from tests.hardening_support import db_snapshot

PASSWORD = "correct horse battery"


@pytest.fixture
def alice(db, django_user_model):
    return django_user_model.objects.create_user("alice", password=PASSWORD)


def sign_in(client, username: str, password: str, address: str = "203.0.113.7"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_fifty_wrong_passwords_then_the_right_one_is_refused_on_the_login_page(client, alice):
    before = db_snapshot()
    answers = [sign_in(client, "alice", f"guess-{n}").status_code for n in range(50)]
    right = sign_in(client, "alice", PASSWORD)

    assert answers[0] == 200  # the form again, with its error
    assert answers[-1] == 429
    assert right.status_code == 429
    assert "Too many failed sign-in attempts" in right.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.get("/duels/decks/").status_code == 302, "still signed out"
    assert db_snapshot() == before, "nothing of ours changed (the attempts live in axes' tables)"


def test_the_lockout_is_per_account_whatever_the_address(alice):
    for n in range(50):
        sign_in(Client(), "alice", f"guess-{n}", address=f"198.51.100.{n}")
    assert sign_in(Client(), "alice", PASSWORD, address="192.0.2.200").status_code == 429


def test_the_lockout_is_per_address_whatever_the_account(alice, django_user_model):
    for n in range(50):
        sign_in(Client(), f"someone{n}", "guess", address="198.51.100.9")
    assert sign_in(Client(), "alice", PASSWORD, address="198.51.100.9").status_code == 429
    # Another address still gets in.
    assert sign_in(Client(), "alice", PASSWORD, address="192.0.2.1").status_code == 302


def test_a_few_mistakes_do_not_lock_anyone_out(client, alice):
    for n in range(3):
        sign_in(client, "alice", f"typo-{n}")
    assert sign_in(client, "alice", PASSWORD).status_code == 302


def test_the_api_takes_no_passwords_so_it_cannot_be_used_to_guess(client, alice):
    """HTTP Basic is not accepted: the right password in an Authorization header signs nobody in,
    so guessing has to go through the login page and its lockout."""
    right = base64.b64encode(f"alice:{PASSWORD}".encode()).decode()
    for path in ["/api/duels/", "/api/decks/"]:
        response = client.get(path, headers={"Authorization": f"Basic {right}"})
        assert response.status_code == 403
        assert "credentials were not provided" in response.json()["detail"]


def test_after_lockout_the_api_refuses_a_session_it_never_got(client, alice):
    for n in range(50):
        sign_in(client, "alice", f"guess-{n}")
    sign_in(client, "alice", PASSWORD)
    assert client.get("/api/decks/").status_code == 403
