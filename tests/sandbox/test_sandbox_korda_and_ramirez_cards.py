"""The sandbox sets up and plays positions with Off Balance and Mysterious Technique (rules/under.py,
rules/technique.py): a judge sees the cards under Off Balance as a zone, and the choice among the three
face-down attacks as the opponent's move."""

from __future__ import annotations

import json

import pytest

from tests.sandbox.test_sandbox_pages import URL, offered, posted_position, text

pytestmark = pytest.mark.django_db

BASICS = ["upper-left-attack", "thrust", "lower-right-block", "upper-center-block", "middle-left-attack"] * 4


def _position(**fields) -> str:
    position = {"pool": "highlander", "turn": 3, "active": 0, "phase": "attack"}
    position.update(fields)
    return json.dumps(position)


def test_off_balance_takes_three_cards_and_the_page_shows_them_under_it(client):
    players = [
        {
            "pregame": ["juan-sanchez-villa-lobos-ramirez"],
            "hand": ["off-balance", "thrust"],
            "endurance": BASICS,
        },
        {"hand": ["thrust", "upper-left-block", "lower-right-block", "duck-generic"], "endurance": BASICS},
    ]
    page = client.post(URL, {"position": _position(players=players)})
    assert page.status_code == 200
    play = next(a for a in offered(page) if a["type"] == "special" and a.get("n") == 3)
    assert "take 3 cards at random" in play["label"]
    after = client.post(URL, {"position": posted_position(page), "action": json.dumps(play)})
    assert after.status_code == 200
    position = json.loads(posted_position(after))
    assert len(position["players"][1]["under"]) == 3 and len(position["players"][1]["hand"]) == 1
    assert "Under the opponent's Off Balance" in text(after)


def test_mysterious_technique_is_played_and_the_opponent_chooses(client):
    players = [
        {"hand": ["mysterious-technique", "thrust", "upper-left-attack"], "endurance": BASICS},
        {"hand": ["lower-right-block"], "endurance": BASICS},
    ]
    page = client.post(URL, {"position": _position(players=players)})
    play = next(a for a in offered(page) if a.get("purpose") == "technique")
    after = client.post(URL, {"position": posted_position(page), "action": json.dumps(play)})
    assert after.status_code == 200
    choices = offered(after)
    assert [a["type"] for a in choices] == ["choose"] * 3 and all(a["seat"] == 1 for a in choices)
    chosen = client.post(URL, {"position": posted_position(after), "action": json.dumps(choices[0])})
    assert chosen.status_code == 200
    outgoing = json.loads(posted_position(chosen))["outgoing"]
    assert len(outgoing) == 1 and outgoing[0]["technique"] in ("chosen", "technique")
