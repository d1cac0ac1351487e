"""Issue #11, item 3: hostile input gets a 4xx naming what was wrong, never a 500, and changes
nothing. Every request here goes through HTTP (Django's test client, the whole middleware stack)."""

from __future__ import annotations

import json
import uuid

import pytest

from games.actions import challenges, decks
from games.models import Move
from tests.hardening_support import db_snapshot

RULINGS_FILTERS = ["q", "game", "kind", "source", "card", "term", "status"]


@pytest.fixture
def unchanged(db):
    """Assert, after the test, that the database is as it was before it."""
    before = db_snapshot()
    yield
    assert db_snapshot() == before


def start_duel(django_user_model, deck):
    alice = django_user_model.objects.create_user("alice", password="correct horse battery")
    bob = django_user_model.objects.create_user("bob", password="correct horse battery")
    duel = challenges.create_duel(alice, deck=deck, opponent=bob, days_per_move=3)
    challenges.accept_duel(bob, duel.pk, deck)
    duel.refresh_from_db()
    return duel, (alice, bob)[duel.to_move]


@pytest.fixture
def duel_and_mover(db, django_user_model):
    deck = decks.ensure_starter_decks()[0]
    return start_duel(django_user_model, deck)


@pytest.mark.parametrize("path", ["/api/cards/", "/cards/"])
def test_a_nul_in_the_card_query_is_refused_naming_q(client, unchanged, path):
    response = client.get(path, {"q": "sword\x00"})
    assert response.status_code == 400
    assert "'q'" in response.content.decode() and "control character" in response.content.decode()


@pytest.mark.parametrize("name", RULINGS_FILTERS)
@pytest.mark.parametrize("path", ["/api/rulings/search/", "/rulings/"])
def test_a_nul_in_any_rulings_filter_is_refused_naming_it(client, unchanged, path, name):
    response = client.get(path, {"q": "power blow", name: "x\x00y"})
    assert response.status_code == 400
    assert f"'{name}'" in response.content.decode()


def test_an_api_refusal_is_json_with_a_detail(client, unchanged):
    response = client.get("/api/rulings/search/", {"card": "\x01"})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("The query parameter 'card' contains a control character")


def test_a_nul_in_a_path_segment_is_refused(client, unchanged):
    response = client.get("/rulings/terms/%00/x/")
    assert response.status_code == 400
    assert "path" in response.content.decode()


def test_a_control_character_in_a_header_is_refused_naming_it(client, unchanged):
    response = client.get("/api/cards/", headers={"X-Note": "a\x00b"})
    assert response.status_code == 400
    assert "X-Note" in response.json()["detail"]


def test_a_number_too_big_for_the_database_in_the_path_is_a_404(admin_client, unchanged):
    for path in ["/api/duels/99999999999999999999999/", "/duels/99999999999999999999999/"]:
        response = admin_client.get(path)
        assert response.status_code == 404
        assert "duel_id" in response.content.decode()


def test_basic_auth_with_a_nul_in_the_user_name_is_not_a_500(client, unchanged):
    import base64

    token = base64.b64encode(b"ali\x00ce:secret").decode()
    for path in ["/api/cards/", "/api/duels/", "/api/decks/"]:
        response = client.get(path, headers={"Authorization": f"Basic {token}"})
        assert response.status_code in (200, 401, 403), path
    # HTTP Basic is not accepted at all: the duels API wants a signed-in session.
    assert client.get("/api/duels/", headers={"Authorization": f"Basic {token}"}).status_code == 403


def test_a_nul_in_the_login_form_is_refused(client, django_user_model):
    django_user_model.objects.create_user("alice", password="correct horse battery")
    before = db_snapshot()
    response = client.post("/accounts/login/", {"username": "ali\x00ce", "password": "x"})
    assert response.status_code == 400
    assert "'username'" in response.content.decode()
    assert db_snapshot() == before


@pytest.mark.parametrize("depth", [40, 250, 1000])
@pytest.mark.parametrize("path", ["/api/cards/", "/cards/"])
def test_a_card_query_nested_too_deep_is_refused(client, unchanged, path, depth):
    response = client.get(path, {"q": "(" * depth + "sword" + ")" * depth})
    assert response.status_code == 400
    assert "at most 16 levels" in response.content.decode()


def test_a_card_query_nested_within_the_limit_still_works(client, db):
    response = client.get("/api/cards/", {"q": "(" * 16 + "sword" + ")" * 16})
    assert response.status_code == 200


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    "path", ["duels/", "decks/", "duels/{id}/moves/", "duels/{id}/extend/", "duels/{id}/accept/"]
)
@pytest.mark.parametrize("depth", [33, 5000])
def test_deeply_nested_json_is_a_400_on_every_api_post(client, duel_and_mover, path, depth):
    duel, mover = duel_and_mover
    client.force_login(mover)
    before = db_snapshot()
    body = '{"deck": 1, "days": 3, "a": ' + nested(depth) + "}"
    response = client.post("/api/" + path.format(id=duel.pk), body, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]
    assert db_snapshot() == before


def test_a_control_character_in_json_is_refused_naming_the_field(admin_client, unchanged):
    response = admin_client.post(
        "/api/decks/", {"name": "mine\x00", "endurance": []}, content_type="application/json"
    )
    assert response.status_code == 400
    assert "'name'" in response.json()["detail"]


@pytest.mark.parametrize("card", [{"id": "c1"}, ["c1"], 10**300, 12, True, "c" * 65, "c\x00"])
def test_a_move_whose_card_is_not_a_card_id_is_a_400_naming_card_api(client, duel_and_mover, card):
    duel, mover = duel_and_mover
    client.force_login(mover)
    before = db_snapshot()
    response = client.post(
        f"/api/duels/{duel.pk}/moves/",
        json.dumps({"version": duel.version, "actions": [{"type": "discard", "card": card}]}),
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert response.status_code == 400
    assert "actions[0]['card']" in response.json()["detail"]
    assert db_snapshot() == before and not Move.objects.exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("target", "1"),
        ("target", 10**30),
        ("hidden", "yes"),
        ("n", [1]),
        ("extras", "c1"),
        ("type", 5),
        ("colour", "red"),
    ],  # fmt: skip
)
def test_every_action_field_has_a_strict_type(client, duel_and_mover, field, value):
    duel, mover = duel_and_mover
    client.force_login(mover)
    before = db_snapshot()
    action = {"type": "pass", field: value}
    response = client.post(
        f"/api/duels/{duel.pk}/moves/",
        {"version": duel.version, "actions": [action]},
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert response.status_code == 400
    assert f"actions[0]['{field}']" in response.json()["detail"]
    assert db_snapshot() == before


@pytest.mark.parametrize("card", [{"id": "c1"}, ["c1"], 10**300, 12])
def test_a_move_whose_card_is_not_a_card_id_is_a_400_naming_card_form(client, duel_and_mover, card):
    duel, mover = duel_and_mover
    client.force_login(mover)
    before = db_snapshot()
    action = json.dumps({"type": "discard", "card": card})
    response = client.post(
        f"/duels/{duel.pk}/move/", {"version": duel.version, "action": action, "key": uuid.uuid4().hex}
    )
    assert response.status_code == 400
    assert "malformed: &#x27;card&#x27;" in response.content.decode()
    assert db_snapshot() == before


def test_deeply_nested_json_in_the_move_form_is_refused(client, duel_and_mover):
    duel, mover = duel_and_mover
    client.force_login(mover)
    before = db_snapshot()
    response = client.post(
        f"/duels/{duel.pk}/move/", {"version": duel.version, "action": nested(5000), "key": "k"}
    )
    assert response.status_code in (302, 400)
    assert db_snapshot() == before


def test_a_deck_id_too_big_for_the_database_is_a_400(client, duel_and_mover):
    _, mover = duel_and_mover
    client.force_login(mover)
    before = db_snapshot()
    response = client.post("/api/duels/", {"deck": 10**30, "bot": "random"}, content_type="application/json")
    assert response.status_code == 400
    assert "deck" in response.json()["detail"].lower()
    assert db_snapshot() == before


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_an_absurdly_long_user_name_at_sign_in_is_an_ordinary_failure(client, db, path):
    before = db_snapshot()
    response = client.post(path, {"username": "a" * 5000, "password": "x" * 5000})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
    assert db_snapshot() == before
