"""The board a seat sees is as the OpenAPI schema describes it, in every state a duel reaches: the
schema names each field of rules.view (games/api_schema.BoardView), so a client generated from it
can read the board. Random duels of the starter decks, played to their end by random legal
actions, each state's view for both seats put in a board answer and validated by schemathesis."""

from __future__ import annotations

import json
import random

import pytest
import schemathesis
from schemathesis.core.failures import FailureGroup

from rules.dealing import new_duel
from rules.deck import starter_decks
from tests.games.conftest import transported


@pytest.fixture(scope="module")
def board_answer(openapi_document):
    return schemathesis.openapi.from_dict(openapi_document)["/api/duels/{duel_id}/"]["GET"]


def undocumented(value, schema: dict, components: dict, path: str = "view") -> list[str]:
    """The paths of the view's fields its schema does not name (a field a client cannot know of)."""
    while "$ref" in schema or "allOf" in schema:
        ref = schema["$ref"] if "$ref" in schema else schema["allOf"][0]["$ref"]
        schema = components[ref.rsplit("/", 1)[1]]
    if isinstance(value, dict):
        named = schema.get("properties", {})
        missing = [f"{path}.{key}" for key in value if key not in named]
        for key, item in value.items():
            if key in named:
                missing += undocumented(item, named[key], components, f"{path}.{key}")
        return missing
    if isinstance(value, list):
        return [
            miss
            for item in value
            for miss in undocumented(item, schema.get("items", {}), components, path + "[]")
        ]
    return []


def _answer_with(view: dict, seat: int):
    """A board answer (GET /api/duels/<id>/) as games.selectors.player_view builds it around a view."""
    body = {
        "id": 1,
        "status": "active",
        "version": 3,
        "days_per_move": 3,
        "deadline": None,
        "seats": [
            {"index": 0, "player": "alice", "bot": None},
            {"index": 1, "player": "bot", "bot": "random"},
        ],
        "your_seat": seat,
        "seed_commitment": "c0ffee",
        "seed": None,
        "result": None,
        "winner": None,
        "legal_actions": [],
        "view": view,
    }
    url = "http://testserver/api/duels/1/"
    return transported("GET", url, 200, {"Content-Type": "application/json"}, json.dumps(body).encode())


def test_every_board_a_seat_sees_is_as_documented(openapi_document, board_answer):
    components = openapi_document["components"]["schemas"]
    unnamed: set[str] = set()
    states, results = 0, set()
    for seed in range(6):
        rng = random.Random(seed)
        decks = starter_decks()
        duel = new_duel(rng.choice(decks), rng.choice(decks), seed=seed)
        while True:
            for seat in (0, 1):
                view = json.loads(json.dumps(duel.view(seat)))
                unnamed.update(undocumented(view, components["BoardView"], components))
                try:
                    board_answer.validate_response(_answer_with(view, seat))
                except (FailureGroup, AssertionError) as failure:  # name the state, not only the complaint
                    where = f"seed {seed}, turn {view['turn']}, {view['phase']}, seat {seat}"
                    raise AssertionError(f"{where}: {failure}") from failure
            states += 1
            actions = duel.legal_actions()
            if not actions:
                break
            duel, _ = duel.apply(rng.choice(actions))
        results.add(duel.view(0)["result"])
    # duels played through attacks, defenses and exertions to their end, by both ways to win
    assert states > 200 and results == {"head shot", "zero ability"}
    # every field named: the view was an undescribed object, which any board matched
    assert not unnamed, sorted(unnamed)
