"""view(seat) and per-seat events: what one seat may see, nothing more."""

import json

from hlrules_support import cid, draw, duel_at, find, step

import rules

DECKS = rules.starter_decks()
REQUIRED = {
    "turn",
    "phase",
    "to_move",
    "winner",
    "you",
    "opponent",
    "attacks_awaiting_defense",
    "recent_events",
    "last_block",
}


def test_view_shape_is_json_safe_and_has_the_contract_keys():
    d = rules.new_duel(DECKS[0], DECKS[1], seed=2**63 + 12345)
    for seat in (0, 1):
        v = json.loads(json.dumps(d.view(seat)))
        assert set(v) >= REQUIRED
        assert {"ability", "hand", "endurance_count", "discard", "in_play", "pregame"} <= set(v["you"])
        assert {"ability", "hand_count", "endurance_count", "discard", "in_play", "pregame"} <= set(
            v["opponent"]
        )
        assert "hand" not in v["opponent"]
        assert all(set(c) >= {"id", "key"} for c in v["you"]["hand"])
        assert v["to_move"] == d.to_move


def test_hidden_attack_is_private_to_its_owner_in_view_and_events():
    d = duel_at("attack", hands=(["thrust"], []), hidden_right=True)
    thrust = cid(d, 0, "hand", "thrust")
    d, events = step(d, "attack", "thrust", hidden=True)
    mine, theirs = json.dumps(d.view(0)), json.dumps(d.view(1))
    assert thrust in mine and thrust not in theirs
    assert '"key": "thrust"' not in theirs
    ev = events[0]
    assert (
        ev.for_seat(0)["cards"] and ev.for_seat(1)["cards"] == [] and "Thrust" not in ev.for_seat(1)["text"]
    )
    assert d.view(1)["opponent"]["in_play"] == [{"hidden": True}]


def test_drawn_cards_are_named_only_to_the_drawer():
    d = duel_at("draw", hands=(["thrust"] * 10, []))
    d, events = draw(d, 2)
    drawn = [e for e in events if e.kind == "draw"]  # one card at a time: one event each
    assert [e.for_seat(1)["text"] for e in drawn] == ["Player 0 draws 1 card."] * 2
    assert all(e.for_seat(1)["cards"] == [] and len(e.for_seat(0)["cards"]) == 1 for e in drawn)
    assert all(e.get("cards") == [] for e in d.view(1)["recent_events"] if e["kind"] == "draw")


def test_private_exertion_is_shown_to_the_exerting_player_only():
    """ "If there is a possibility of making an attack you play from your Exertion Hidden, you may first play the
    attack then reveal the unused cards from the Exertion.\""""
    d = duel_at("attack", hands=(["lower-left-block"], []), hidden_right=True)
    d, _ = step(d, "exert", purpose="attack")
    assert d.view(0)["exertion"]["cards"] and d.view(1)["exertion"]["cards"] is None
    for c in d.exertion:
        assert c not in json.dumps(d.view(1))
    d, _ = step(d, "choose", "thrust", hidden=True)
    unused = d.players[0].discard
    assert unused and all(c in json.dumps(d.view(1)) for c in unused)  # the rest are revealed


def test_action_json_and_labels():
    d = duel_at("defense", hands=(["upper-left-block"], []), incoming=[("upper-left-attack", {})])
    a = find(d, "defend", "upper-left-block")
    data = a.to_json()
    assert data["type"] == "defend" and data["card"] == a.card and data["target"] == 0 and data["seat"] == 0
    assert a.label == "Block Upper Left Attack with Upper Left Block" == a.describe()
    back = rules.Action.from_json(json.loads(json.dumps(data)))
    assert back == a
    # without seat and label, as a web form might post it
    d2, _ = d.apply(rules.Action.from_json({"type": "defend", "card": a.card, "target": 0}))
    assert d2.defenses


def test_identical_cards_are_one_choice_but_any_copy_may_be_named():
    d = duel_at("attack", hands=(["thrust", "thrust"], []))
    assert len([a for a in d.legal_actions() if a.type == "attack"]) == 1
    second = [c for c in d.players[0].hand][1]
    d2, _ = d.apply(rules.Action("attack", card=second))
    assert d2.outgoing[0].card == second


def test_event_json_round_trip():
    d = rules.new_duel(DECKS[0], DECKS[1], seed=77)
    for e in d.log:
        assert rules.Event.from_json(json.loads(json.dumps(e.to_json()))) == e
        assert e.rule and e.text
