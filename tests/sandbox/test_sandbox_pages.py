"""The rules sandbox (/rules/sandbox/) as a judge uses it, over HTTP against the real database:
set up a position (a fresh deal, a pasted one, a finished duel's replay step), see the legal
actions with their rules, apply one, go back, share a permalink; and every hostile input is a 400
naming what was wrong, with nothing stored."""

from __future__ import annotations

import html
import json
import re

import pytest

import rules
from cards.selectors import label_for_key
from sandbox.models import SharedPosition
from sandbox.views import EXAMPLE_POSITION
from tests.games.conftest import make_player, starter_deck  # noqa: F401 - fixtures used below
from tests.games.test_replay_steps import finished_duel, hands_at, shown_hands

pytestmark = pytest.mark.django_db

URL = "/rules/sandbox/"


def text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


def main(response) -> str:
    """The page's content, without the per-request CSRF token."""
    content = text(response).split("<main", 1)[1].split("</main>", 1)[0]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", content)


def offered(response) -> list[dict]:
    """The actions the page offers, as its buttons post them."""
    return [
        json.loads(html.unescape(v))
        for v in re.findall(r'name="action" value="([^"]*)"', response.content.decode())
    ]


def posted_position(response) -> str:
    """The position the page's option buttons carry back."""
    form = re.search(
        r'<section class="sandbox-options".*?name="position" value="([^"]*)"', response.content.decode(), re.S
    )
    return html.unescape(form.group(1))


def test_a_fresh_deal_offers_the_legal_actions_and_applies_one_with_its_rule(client):
    page = client.get(URL, {"seed": 7, "deck0": "generic-immortal", "deck1": "ramirez-sword-of-babylon"})
    assert page.status_code == 200
    shown = text(page)
    assert "Turn 1 · sweep phase · seat 0 to move" in shown
    assert "A fresh deal: seed 7" in shown
    # The same deal the engine makes: seat 0's hand, named.
    dealt = rules.new_duel(*rules.starter_decks()[:2], seed=7)
    hand = [label_for_key(c["key"], c["name"]) for c in dealt.view(0)["you"]["hand"]]  # twins named
    assert shown_hands(page.content.decode().replace("&#x27;", "'"))[0] == hand
    # Each option under the rule that allows it, quoted.
    assert "Allowed by" in shown and "core/sequence-of-play/sweep-phase/defense-discard" in shown
    actions = offered(page)
    assert [a["label"] for a in actions] == [a.describe() for a in dealt.legal_actions()]

    discard = next(a for a in actions if a["type"] == "discard_defense")
    after = client.post(URL, {"position": posted_position(page), "action": json.dumps(discard)})
    assert after.status_code == 200
    shown = text(after)
    assert f"Played: {discard['label']}" in shown
    assert (
        "Player 0 discards the defense" in shown
        and "core/sequence-of-play/sweep-phase/defense-discard" in shown
    )
    assert len(shown_hands(after.content.decode())[0]) == len(hand) - 1
    assert "Back one step" in shown
    assert SharedPosition.objects.count() == 0  # nothing stored by playing


def hidden_fields(response, form_class: str) -> dict:
    """The hidden fields of the page's form (or the form inside the section) with that class."""
    found = re.search(rf'class="{form_class}".*?</form>', response.content.decode(), re.S)
    fields = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', found.group(0))
    return {name: html.unescape(value) for name, value in fields if name != "csrfmiddlewaretoken"}


def play_through_the_page(client, page, pick) -> object:
    """Press the button of the action `pick` chooses, as a browser posts the options form."""
    action = pick(offered(page))
    return client.post(URL, {**hidden_fields(page, "sandbox-options"), "action": json.dumps(action)})


def test_back_goes_to_any_step_taken_since_the_starting_position(client):
    page = client.get(URL, {"seed": 3, "deck0": "generic-immortal", "deck1": "generic-immortal"})
    positions = [posted_position(page)]
    for _ in range(3):
        page = play_through_the_page(client, page, lambda actions: actions[-1])
        assert page.status_code == 200, text(page)
        positions.append(posted_position(page))
    shown = text(page)
    assert "Steps from the starting position (3)" in shown and "The starting position" in shown

    steps = hidden_fields(page, "steps-taken")
    back = client.post(URL, {**steps, "to_step": 2})  # "Back one step"
    assert back.status_code == 200
    assert posted_position(back) == positions[2]
    assert "Steps from the starting position (2)" in text(back)
    start = client.post(URL, {**steps, "to_step": 0})
    assert posted_position(start) == positions[0]
    assert "Steps from the starting position" not in text(start)
    # From step 1, a different action: the steps taken follow the new line of play.
    one = client.post(URL, {**steps, "to_step": 1})
    assert posted_position(one) == positions[1]
    other = play_through_the_page(client, one, lambda actions: actions[0])
    assert "Steps from the starting position (2)" in text(other)
    again = client.post(URL, {**hidden_fields(other, "steps-taken"), "to_step": 1})
    assert posted_position(again) == positions[1]


@pytest.mark.parametrize(
    ("taken", "to_step", "says"),
    [
        ("[1, 2]", 0, "must be a list of actions"),
        ('{"type": "pass"}', 0, "must be a list of actions"),
        ('[{"type": "fly"}]', 1, "Step 1 of the actions taken: That action is not legal"),
        ("[]", 3, "'to_step' is 3, but 0 actions were taken"),
        ("[" + ",".join(['{"type": "pass"}'] * 101) + "]", 0, "At most 100 actions"),
    ],
)
def test_going_back_through_a_hostile_history_is_refused(client, taken, to_step, says):
    response = client.post(
        URL, {"position": EXAMPLE_POSITION, "origin": EXAMPLE_POSITION, "taken": taken, "to_step": to_step}
    )
    assert response.status_code == 400
    assert says in text(response)


def test_the_documented_example_pastes_and_plays_as_positions_md_says(client):
    page = client.post(URL, {"position": EXAMPLE_POSITION})
    assert page.status_code == 200
    shown = text(page)
    assert "Turn 4 · defense phase · seat 0 to move" in shown
    assert "Attacks seat 0 faces" in shown and "Upper Left Attack" in shown
    block = next(a for a in offered(page) if a["type"] == "defend")
    assert block["label"].startswith("Block") or "Upper Left Block" in block["label"]
    after = client.post(URL, {"position": posted_position(page), "action": json.dumps(block)})
    assert after.status_code == 200
    position = json.loads(posted_position(after))
    assert position["players"][0]["in_play"] == ["upper-left-block"]
    assert position["players"][0]["last_defense"] == "upper-left-block"


def test_a_pasted_position_with_a_seed_plays_on_and_goes_back(client):
    """A position with a `seed` (POSITIONS.md). The page's forms carry the position back as the
    engine writes it, without a seed: the actions offered must still be the ones the next post
    accepts, step after step, and going back must replay them."""
    seeded = json.dumps({**json.loads(EXAMPLE_POSITION), "seed": 5})
    page = client.post(URL, {"position": seeded})
    assert page.status_code == 200, text(page)
    for _ in range(3):
        page = play_through_the_page(client, page, lambda actions: actions[0])
        assert page.status_code == 200, text(page)
        assert "Played:" in text(page)
    back = client.post(URL, {**hidden_fields(page, "steps-taken"), "to_step": 1})
    assert back.status_code == 200, text(back)
    assert "Steps from the starting position (1)" in text(back)


def test_an_illegal_action_is_refused_with_the_rule_it_breaks(client):
    page = client.post(URL, {"position": EXAMPLE_POSITION})
    thrust = rules.Duel.from_position(json.loads(EXAMPLE_POSITION))
    thrust_id = next(c for c in thrust.players[0].hand if thrust.cards[c] == "thrust")
    refused = client.post(
        URL,
        {"position": posted_position(page), "action": json.dumps({"type": "attack", "card": thrust_id})},
    )
    assert refused.status_code == 400
    shown = text(refused)
    assert "That action is not legal in this position" in shown
    assert "Attacks are played in the attack phase, not the defense phase." in shown
    assert "core/sequence-of-play/attack-phase" in shown
    # The judge's position is kept in the form to try again.
    assert "upper-left-block" in shown


def test_a_shared_permalink_reproduces_the_position_and_the_same_position_gets_the_same_link(client):
    page = client.post(URL, {"position": EXAMPLE_POSITION})
    shared = client.post(f"{URL}share/", {"position": EXAMPLE_POSITION})
    assert shared.status_code == 302
    link = shared["Location"]
    assert re.fullmatch(r"/rules/sandbox/p/[0-9a-f]{16}/", link)
    # Written differently (spacing, defaults spelled out, the position as the page carries it): same link.
    respelled = json.dumps({**json.loads(EXAMPLE_POSITION), "seed": 0}, indent=4)
    assert client.post(f"{URL}share/", {"position": respelled})["Location"] == link
    assert client.post(f"{URL}share/", {"position": posted_position(page)})["Location"] == link
    assert SharedPosition.objects.count() == 1

    opened = client.get(link)
    assert opened.status_code == 200
    assert "Turn 4 · defense phase · seat 0 to move" in text(opened)
    assert posted_position(opened) == posted_position(page)
    assert offered(opened) == offered(page)
    assert client.get("/rules/sandbox/p/0123456789abcdef/").status_code == 404


def test_sharing_is_throttled(client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "sandbox_share": "2/hour",
        },
    }
    client.defaults["REMOTE_ADDR"] = "192.0.2.77"
    statuses = [client.post(f"{URL}share/", {"position": EXAMPLE_POSITION}).status_code for _ in range(3)]
    assert statuses == [302, 302, 429]


def test_a_finished_duels_replay_step_opens_the_same_position(client, make_player, starter_deck):  # noqa: F811
    duel = finished_duel(make_player, starter_deck)
    total = sum(len(m.actions) for m in duel.moves.filter(status="applied"))
    for step in (0, 4, total):
        page = client.get(URL, {"duel": duel.pk, "step": step})
        assert page.status_code == 200, text(page)
        assert f"step {step} of {total}" in text(page)
        assert shown_hands(page.content.decode().replace("&#x27;", "'")) == hands_at(duel, step)
    replay = client.get(f"/duels/{duel.pk}/replay/?step=4").content.decode()
    assert f'href="/rules/sandbox/?duel={duel.pk}&amp;step=4"' in replay
    past = client.get(URL, {"duel": duel.pk, "step": total + 1})
    assert past.status_code == 400 and f"steps 0 (the deal) to {total}" in text(past)


def test_an_unfinished_duel_is_refused_without_showing_anything(client, make_player, starter_deck):  # noqa: F811
    from games.actions import challenges

    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    duel.refresh_from_db()
    state = rules.Duel.from_json(duel.state)
    hand_names = {state.name(c) for seat in (0, 1) for c in state.players[seat].hand}

    refused = client.get(URL, {"duel": duel.pk, "step": 0})
    missing = client.get(URL, {"duel": duel.pk + 1000, "step": 0})
    assert refused.status_code == missing.status_code == 404
    # An active duel is not told apart from no duel at all.
    assert main(refused) == main(missing).replace(str(duel.pk + 1000), str(duel.pk))
    assert "No finished duel has that number" in main(refused)
    assert not any(name in text(refused) for name in hand_names)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"position": "{not json"}, "not valid JSON"),
        ({"position": "[" * 5000 + "]" * 5000}, "nested too deeply"),
        ({"position": "x" * 20_001}, "at most 20000"),
        ({"position": '{"players": [{}, {}], "phase": "lunch"}'}, "phase"),
        ({"position": '{"players": [{"hand": ["no-such-card"]}, {}]}'}, "unknown card key 'no-such-card'"),
        ({"position": '{"players": [{"hand": "thrust"}, {}]}'}, "players[0].hand"),
        ({"position": '{"players": [{"ability": "high"}, {}]}'}, "players[0].ability"),
        ({"position": '{"players": [{"ability": 1e400}, {}]}'}, "whole numbers"),
        ({"position": '{"players": [{"ability": 99999999999}, {}]}'}, "out of range"),
        ({"position": '{"players": [{}]}'}, "two seats"),
        ({"position": "[]"}, "JSON object"),
        ({"position": ""}, "required"),
        ({"position": EXAMPLE_POSITION, "action": '{"type": "fly"}'}, "not legal"),
        ({"position": EXAMPLE_POSITION, "action": '{"type": "pass", "card": 5}'}, "'card' must be"),
        ({"position": EXAMPLE_POSITION, "action": '{"type": "pass", "colour": 1}'}, "unknown field"),
        ({"position": EXAMPLE_POSITION, "action": '"pass"'}, "an action is an object"),
        (
            {"position": EXAMPLE_POSITION, "action": '{"type": "defend", "card": "c0", "target": 0}'},
            "not in your hand",
        ),
    ],
    ids=lambda value: str(value)[:40],
)
def test_hostile_positions_and_actions_are_refused_saying_what_was_wrong(client, data, says):
    response = client.post(URL, data)
    assert response.status_code == 400
    assert says in text(response)
    assert SharedPosition.objects.count() == 0
    shared = client.post(f"{URL}share/", data)
    assert shared.status_code == 400 or "action" in data  # sharing ignores the action
    assert SharedPosition.objects.count() == (0 if shared.status_code == 400 else 1)


@pytest.mark.parametrize(
    "query",
    [
        {"duel": "abc", "step": 0},
        {"duel": 1, "step": -1},
        {"duel": 1, "step": "1.5"},
        {"duel": "9" * 30, "step": 0},
        {"step": 3},
        {"seed": "many"},
        {"seed": -1},
        {"seed": 1, "deck0": "no-such-deck", "deck1": "generic-immortal"},
    ],
)
def test_bad_queries_are_refused_with_a_400_naming_the_field(client, query):
    response = client.get(URL, query)
    assert response.status_code == 400
    assert "Refused:" in text(response)


def test_staff_see_shared_positions_in_the_admin_and_cannot_edit_them(client, django_user_model):
    client.post(f"{URL}share/", {"position": EXAMPLE_POSITION})
    shared = SharedPosition.objects.get()
    staff = django_user_model.objects.create_superuser("staff", password="a long enough passphrase 42")
    client.force_login(staff)
    listing = client.get("/admin/sandbox/sharedposition/")
    assert listing.status_code == 200 and shared.key in text(listing)
    assert client.get("/admin/sandbox/sharedposition/add/").status_code == 403
    page = client.get(f"/admin/sandbox/sharedposition/{shared.pk}/change/")
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()


def test_the_ready_made_decks_are_named_as_the_cards_are_printed(client):
    """The deal form names each ready-made deck by its Pre-Game cards as the documents print them
    (the Persona "Ramirez" and the Weapon of Choice "Sword of Babylon"; no Persona is "a Generic
    Immortal", as the core rules say), not by its slug with the first letter capitalised."""
    page = client.get(URL).content.decode()
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', page)
    assert ("generic-immortal", "Generic Immortal") in options
    assert ("ramirez-sword-of-babylon", "Ramirez, Sword of Babylon") in options
    assert "Ramirez sword of babylon" not in page
