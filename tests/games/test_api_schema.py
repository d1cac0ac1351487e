"""The duels API answers as its OpenAPI schema says (issue #16's API; the schema is what clients
generate code from): a duel played over HTTP against the bot, every answer and every refusal
checked against the schema drf-spectacular serves, by schemathesis' own response validation. The
fuzz test (tests/test_api_fuzz.py) rarely reaches a real duel's answers: its ids are random."""

from __future__ import annotations

import random

import pytest
import schemathesis

from tests.games.conftest import transported, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def api_schema(openapi_document):
    return schemathesis.openapi.from_dict(openapi_document)


def checked(api_schema, method: str, template: str, response) -> None:
    """Raise when the answer (status, content type, body) is not the schema's for that operation."""
    url = "http://testserver" + response.wsgi_request.get_full_path()
    answer = transported(method, url, response.status_code, dict(response.headers.items()), response.content)
    api_schema[template][method].validate_response(answer)


def test_every_answer_of_a_duel_played_over_http_is_as_documented(
    api_schema, celery_worker_process, make_player, starter_deck
):
    alice, bob = make_player("alice"), make_player("bob")
    created = alice.client.post(
        "/api/duels/", {"deck": starter_deck.pk, "bot": "random", "days_per_move": 1}, format="json"
    )
    assert created.status_code == 201
    checked(api_schema, "POST", "/api/duels/", created)
    duel_id = created.json()["id"]
    checked(api_schema, "GET", "/api/duels/", alice.client.get("/api/duels/"))
    checked(api_schema, "GET", "/api/decks/", alice.client.get("/api/decks/"))

    rng = random.Random(5)
    for _ in range(10):  # moves, each read back as the mover and as an outsider may see it
        board = alice.client.get(f"/api/duels/{duel_id}/")
        checked(api_schema, "GET", "/api/duels/{duel_id}/", board)
        state = board.json()
        if state["status"] != "active":
            break
        if not state["legal_actions"]:  # the bot's move
            wait_for(lambda v=state["version"]: alice.duel(duel_id)["version"] > v, what="the bot")
            continue
        move = alice.post_move(duel_id, state["version"], [rng.choice(state["legal_actions"])])
        assert move.status_code == 202
        checked(api_schema, "POST", "/api/duels/{duel_id}/moves/", move)
        move_id = move.json()["id"]
        wait_for(lambda m=move_id: alice.move_status(m) != "pending", what=f"move {move_id}")
        checked(api_schema, "GET", "/api/moves/{move_id}/", alice.client.get(f"/api/moves/{move_id}/"))
        # an outsider's refusal is documented too
        checked(api_schema, "GET", "/api/moves/{move_id}/", bob.client.get(f"/api/moves/{move_id}/"))
        checked(api_schema, "GET", "/api/duels/{duel_id}/", bob.client.get(f"/api/duels/{duel_id}/"))

    events = alice.client.get(f"/api/duels/{duel_id}/events/?page_size=5")
    checked(api_schema, "GET", "/api/duels/{duel_id}/events/", events)
    assert events.json()["results"]
    stale = alice.post_move(duel_id, 0, [{"type": "pass"}])  # a version long past: refused
    assert stale.status_code >= 400
    checked(api_schema, "POST", "/api/duels/{duel_id}/moves/", stale)
    extended = alice.client.post(f"/api/duels/{duel_id}/extend/", {"days": 3}, format="json")
    checked(api_schema, "POST", "/api/duels/{duel_id}/extend/", extended)
    resigned = alice.client.post(f"/api/duels/{duel_id}/resign/")
    # 200, or 409 when the duel already ended within those moves (a Head Shot): both documented
    assert resigned.status_code in (200, 409) and alice.duel(duel_id)["status"] == "finished"
    checked(api_schema, "POST", "/api/duels/{duel_id}/resign/", resigned)
    finished = alice.client.get(f"/api/duels/{duel_id}/")
    checked(api_schema, "GET", "/api/duels/{duel_id}/", finished)
    assert finished.json()["seed"]  # revealed once the duel is over, and documented so
    # an address the API does not have answers JSON, as documented for every refusal
    missing = alice.client.get("/api/duels/not-a-number/")
    assert missing.status_code == 404 and missing["Content-Type"] == "application/json"
