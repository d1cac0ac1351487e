"""Helpers for duel tests: players with API clients, and waiting for the real worker."""

from __future__ import annotations

import random
import time
import uuid

import pytest
import requests
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient
from schemathesis.core.transport import Response

from games.actions import decks, players


def wait_for(condition, timeout: float = 60, interval: float = 0.05, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"Timed out after {timeout}s waiting for {what}")


@pytest.fixture(scope="session")
def openapi_document() -> dict:
    """The OpenAPI schema drf-spectacular serves, as a dict."""
    return SchemaGenerator().get_schema(request=None, public=True)


def transported(method: str, url: str, status: int, headers: dict[str, str], content: bytes) -> Response:
    """An answer as schemathesis' response validation takes it."""
    return Response(
        status_code=status,
        headers={name: [value] for name, value in headers.items()},
        content=content,
        request=requests.Request(method, url).prepare(),
        elapsed=0.0,
        verify=False,
    )


class Player:
    """A signed-in player talking to the API, as a browser script or app would."""

    def __init__(self, user):
        self.user = user
        self.client = APIClient()
        self.client.force_authenticate(user)

    def duel(self, duel_id: int) -> dict:
        response = self.client.get(f"/api/duels/{duel_id}/")
        assert response.status_code == 200, response.content
        return response.json()

    def post_move(self, duel_id: int, version: int, actions: list[dict], key: str | None = None):
        return self.client.post(
            f"/api/duels/{duel_id}/moves/",
            {"version": version, "actions": actions},
            format="json",
            headers={"Idempotency-Key": key or uuid.uuid4().hex},
        )

    def start_bot_duel(self, deck, bot: str = "random", days: int = 3) -> int:
        response = self.client.post(
            "/api/duels/", {"deck": deck.pk, "bot": bot, "days_per_move": days}, format="json"
        )
        assert response.status_code == 201, response.content
        return response.json()["id"]

    def play_against_bot(self, duel_id: int, rng: random.Random, steps: int) -> int:
        """Up to `steps` times: a random legal action when it is my move, else wait for the bot's
        answer (its own task). Stops when the duel ends; returns how many moves I made."""
        made = 0
        for _ in range(steps):
            state = self.duel(duel_id)
            if state["status"] != "active":
                break
            if state["legal_actions"]:
                self.play(duel_id, rng.choice(state["legal_actions"]), state["version"])
                made += 1
            else:
                wait_for(
                    lambda v=state["version"]: self.duel(duel_id)["version"] > v, what="the bot's answer"
                )
        return made

    def move_status(self, move_id: int) -> str:
        return self.client.get(f"/api/moves/{move_id}/").json()["status"]

    def play(self, duel_id: int, action: dict, version: int) -> dict:
        """Post one action and wait until the worker has applied it."""
        response = self.post_move(duel_id, version, [action])
        assert response.status_code == 202, response.content
        move_id = response.json()["id"]
        status = wait_for(
            lambda: (s := self.move_status(move_id)) != "pending" and s, timeout=60, what=f"move {move_id}"
        )
        assert status == "applied", self.client.get(f"/api/moves/{move_id}/").json()
        return response.json()


@pytest.fixture
def make_player(django_user_model):
    counter = iter(range(1, 10_000))

    def make(name: str | None = None, email: str = "") -> Player:
        user = django_user_model.objects.create_user(
            username=name or f"player{next(counter)}", password="correct horse battery", email=email
        )
        players.profile_for(user)
        return Player(user)

    return make


@pytest.fixture
def starter_deck(db):
    return decks.ensure_starter_decks()[0]
