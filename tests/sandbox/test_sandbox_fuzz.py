"""Hostile input at the sandbox, generated: random JSON, and real positions with one field replaced
by random JSON (the kind that gets past the position reader and trips the engine later), with
random actions. Every answer is a page (200) or a refusal naming what was wrong (400/404), never a
500, and nothing is stored but what the judge shares."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from sandbox.models import SharedPosition
from sandbox.views import EXAMPLE_POSITION

pytestmark = pytest.mark.django_db

URL = "/rules/sandbox/"
EXAMPLES = int(os.environ.get("SANDBOX_FUZZ_EXAMPLES", "120"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Any character a form can carry (control characters included: the middleware refuses them).
texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 2, -1, 15, 1000, 2**63]),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
    st.sampled_from(
        ["thrust", "thrust#2", "upper-left-attack", "sweep", "defense", "attack", "draw", "over", "c0"]
    ),
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(texts, children, max_size=4),
    max_leaves=12,
)


def _real_positions() -> list[dict]:
    """A deal, a few steps into a duel, and the documented example."""
    duel = rules.new_duel(*rules.starter_decks()[:2], seed=11)
    out = [json.loads(EXAMPLE_POSITION), duel.position()]
    for _ in range(12):
        duel, _ = duel.apply(duel.legal_actions()[-1])
        out.append(duel.position())
    return out


REAL = _real_positions()
# Fields replaced by random JSON ('players' itself is the random-JSON test's).
FIELDS = sorted(
    {name for p in REAL for name in p} - {"players"} | {"incoming", "defenses", "this_turn", "reaction"}
)
SEAT_FIELDS = sorted({name for p in REAL for seat in p["players"] for name in seat} | {"prone", "dtu_ready"})


@st.composite
def mutated_positions(draw) -> dict:
    position = json.loads(json.dumps(draw(st.sampled_from(REAL))))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        if draw(st.booleans()):
            position[draw(st.sampled_from(FIELDS))] = draw(json_values)
        else:
            seat = position["players"][draw(st.integers(min_value=0, max_value=1))]
            seat[draw(st.sampled_from(SEAT_FIELDS))] = draw(json_values)
    return position


actions = st.one_of(
    st.just(""),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from([t.value for t in rules.actions.ActionType] + ["fly"])},
        optional={
            "card": st.sampled_from(["c0", "thrust", ""]) | texts,
            "target": st.integers(min_value=-2, max_value=5),
            "n": st.integers(min_value=-1, max_value=20),
            "purpose": st.sampled_from(["defense", "attack", "power-blow", "nothing"]),
            "seat": st.integers(min_value=0, max_value=1),
            "hidden": st.booleans(),
        },
    ).map(json.dumps),
)


def _post(client, position_text: str, action: str):
    response = client.post(URL, {"position": position_text, "action": action})
    assert response.status_code in (200, 400), (response.status_code, position_text[:300], action)
    if response.status_code == 400:
        said = response.content.decode()
        assert "Refused:" in said or "control character" in said, said[:500]
    return response


@FUZZ
@given(position=json_values, action=actions)
def test_random_json_never_makes_a_500(client, position, action):
    _post(client, json.dumps(position), action)
    assert SharedPosition.objects.count() == 0


@FUZZ
@given(position=mutated_positions(), action=actions)
def test_real_positions_with_a_field_gone_wrong_never_make_a_500(client, position, action):
    _post(client, json.dumps(position), action)
    shared = client.post(f"{URL}share/", {"position": json.dumps(position)})
    assert shared.status_code in (302, 400)


@FUZZ
@given(position=st.sampled_from(REAL), data=st.data())
def test_every_offered_action_applies_in_real_positions(client, position, data):
    """The actions a page offers are legal when posted back (the ids survive the round trip)."""
    duel = rules.Duel.from_position(position)
    offered = duel.legal_actions()
    if offered:
        action = data.draw(st.sampled_from(offered))
        response = _post(client, json.dumps(position), json.dumps(action.to_json()))
        assert response.status_code == 200


@FUZZ
@given(
    query=st.dictionaries(
        st.sampled_from(["duel", "step", "seed", "deck0", "deck1"]),
        texts | st.integers(min_value=-(2**70), max_value=2**70).map(str),
        max_size=5,
    )
)
def test_random_queries_never_make_a_500(client, query):
    response = client.get(URL, query)
    assert response.status_code in (200, 400, 404), (response.status_code, query)


@FUZZ
@given(
    origin=st.one_of(st.sampled_from(REAL), mutated_positions()),
    taken=st.lists(actions, max_size=4),
    to_step=st.integers(min_value=-1, max_value=5),
)
def test_random_histories_to_go_back_through_never_make_a_500(client, origin, taken, to_step):
    steps = "[" + ",".join(a for a in taken if a) + "]"
    response = client.post(
        URL,
        {"position": json.dumps(origin), "origin": json.dumps(origin), "taken": steps, "to_step": to_step},
    )
    assert response.status_code in (200, 400), (response.status_code, steps, to_step)
