"""Countering cards, Discard to Use cards and declaring an attack successful early (test pool cards)."""

import pytest
from hlrules_support import cid, duel_at, find, has, keys, rules_of, step

import rules


def test_edge_card_counters_a_must_do_effect_in_the_sweep():
    """ "If you have an Edge Card that will counter or affect a 'Must Do' or 'May Do' effect directly, then you may
    play it when resolving these effects.\""""
    d = duel_at("attack", active=1, hands=(["test-resolve", "thrust"], ["test-taunt", "thrust"]))
    d, _ = step(d, "special", "test-taunt")
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 0 and d.phase == "sweep" and d.players[0].must_do == ("discard",)
    assert has(d, "counter", "test-resolve", purpose="must-do")
    d, events = step(d, "counter", "test-resolve")
    assert "core/sequence-of-play/sweep-phase/edge-counter" in rules_of(events)
    assert d.players[0].must_do == () and keys(d, 0, "hand") == ["thrust"]  # nothing discarded
    assert keys(d, 0, "in_play") == ["test-resolve"]
    assert not d.t_played  # an Edge card: the turn still needs a non-Edge card or an Exertion


def test_countered_attack_is_discarded_with_its_edges_but_still_counts_as_played():
    """ "If a card is countered, it is immediately discarded, and has no effect on play, but is still considered
    to have been played." and "Edge Cards played in conjunction with any card are countered if that card is
    countered.\""""
    d = duel_at(
        "defense",
        hands=(["test-disengage", "thrust"], []),
        incoming=[("thrust", {"power_blow": True, "extras": ["test-lunge"]}), ("upper-left-attack", {})],
        hidden_right=True,  # the Power Blow gave seat 0 the right to a Hidden attack
    )
    d, events = step(d, "counter", "test-disengage", target=0)
    assert "core/advanced/countering-cards" in rules_of(events)
    assert keys(d, 1, "discard") == ["test-lunge", "thrust"] and keys(d, 1, "in_play") == [
        "upper-left-attack"
    ]
    assert d.incoming[0].settled == "countered" and d.ptr == 1
    while d.phase == "defense":
        d, events = step(d, "pass")  # no defense against the Upper Left Attack
    assert d.players[0].pending_damage == 2  # only the Upper Left Attack hit; the Power Blow had no effect
    assert d.players[0].hidden_right  # "still considered to have been played": the Power Blow's right stands
    view = d.view(0)
    assert view["attacks_awaiting_defense"] == []  # attack phase now
    assert not d.t_played  # the counter was an Edge card


def test_countering_a_hidden_attack_reveals_it():
    d = duel_at("defense", hands=(["test-disengage"], []), incoming=[("thrust", {"hidden": True})])
    assert has(d, "counter", "test-disengage", target=0)
    d, events = step(d, "counter", "test-disengage", target=0)
    assert keys(d, 1, "discard") == ["thrust"] and not d.incoming[0].hidden
    assert any("thrust" in [k for _, k in e.cards] for e in events if e.private_to is None)


def test_discard_to_use_card_waits_for_the_opponents_first_card():
    """ "You may not use a Discard to Use Card the turn it is put into play. You may only discard it after your
    opponent has played their first card on their next turn.\""""
    d = duel_at(
        "attack",
        hands=(["test-smoke-bomb", "thrust", "upper-left-attack"], ["lower-right-attack"]),
    )
    d, _ = step(d, "special", "test-smoke-bomb")
    assert not has(d, "use")  # not the turn it is put into play
    d, _ = step(d, "attack", "thrust")
    assert not has(d, "attack")  # one attack only
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 1
    while d.phase == "defense":
        d, _ = step(d, "pass")
    d, _ = step(d, "attack", "lower-right-attack")  # the opponent plays a card on their next turn
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 0
    while d.phase != "attack":
        d, _ = step(d, "pass")
    bomb = cid(d, 0, "in_play", "test-smoke-bomb")
    assert d.view(0)["you"]["ready_to_use"][0]["id"] == bomb
    d, _ = step(d, "attack", "upper-left-attack")
    assert not has(d, "attack")
    d, events = step(d, "use", "test-smoke-bomb")
    assert "core/advanced/discard-to-use" in rules_of(events)
    assert "test-smoke-bomb" in keys(d, 0, "discard") and "test-smoke-bomb" not in keys(d, 0, "in_play")
    assert d.t_extra == 1 and has(d, "exert", purpose="attack")  # the extra attack opportunity


def test_discard_to_use_not_ready_if_the_opponent_played_no_card():
    """An opponent who only exerts has not "played their first card": the card is not yet usable."""
    d = duel_at("attack", hands=(["test-smoke-bomb", "thrust"], []))
    d, _ = step(d, "special", "test-smoke-bomb")
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    while d.phase != "attack":
        d, _ = step(d, "pass")
    d, _ = step(d, "exert", purpose="nothing")
    if d.phase == "attack":
        d, _ = step(d, "pass")
    if d.phase == "draw":
        d, _ = step(d, "draw", n=0)
    assert d.to_move == 0
    while d.phase != "attack":
        d, _ = step(d, "pass")
    assert not has(d, "use")


def test_declaring_an_attack_successful_early_applies_its_effects_at_once():
    """ "That player may declare an attack successful before the end of their Defense Phase, instead of waiting
    for the end of the Defense Phase. Any effects of a successful attack occur the moment the attack becomes
    successful.\""""
    d = duel_at(
        "defense",
        hands=(["lower-right-block", "thrust"], []),
        incoming=[("test-disarming-strike", {}), ("lower-right-attack", {})],
    )
    assert has(d, "declare_success", target=0)
    d, events = step(d, "declare_success", target=0)
    assert "core/advanced/successful-attacks/declare-early" in rules_of(events)
    assert d.players[0].disarmed and d.players[0].pending_damage == 2 and d.ptr == 1
    # Disarmed at once: the block in hand can no longer be played against the next attack.
    assert not has(d, "defend", "lower-right-block")
    while d.phase == "defense":
        d, _ = step(d, "pass")
    assert d.players[0].pending_damage == 4  # the early one is not counted twice
    with pytest.raises(rules.IllegalAction):
        d.apply(rules.Action("declare_success", target=1))


def test_old_states_without_new_fields_still_load():
    """States saved before a field existed load with that field's default."""
    d = duel_at("defense", hands=(["thrust"], []), incoming=[("thrust", {})])
    data = d.to_json()
    data["incoming"] = [s[:7] for s in data["incoming"]]
    for p in data["players"]:
        del p["dtu_ready"], p["pending_loss"]
    back = rules.Duel.from_json(data)
    assert back == d and find(back, "pass")


def _to_opponents_sweep(d):
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.phase == "sweep"
    return d


@pytest.mark.parametrize(
    "card, title, zones, where",
    [
        (
            "test-banish",
            "thrust",
            dict(discard=["thrust"], hand=["thrust"], endurance=["thrust"] * 3),
            "discard",
        ),
        (
            "test-banish",
            "thrust",
            dict(hand=["thrust"], endurance=["upper-left-attack", "thrust"]),
            "endurance",
        ),
        ("test-exile", "test-guard", dict(hand=["test-guard"], in_play=["test-guard"]), "hand"),
        ("test-exile", "test-guard", dict(hand=["thrust"], in_play=["test-guard"]), "in_play"),
    ],
)
def test_removing_cards_from_the_game_search_order(card, title, zones, where):
    """ "If a card forces you to remove cards from the game, first search your discard pile, then your Endurance,
    then your hand, and finally cards you have in play to find the card that must be removed.\""""
    d = duel_at(
        "attack",
        active=1,
        hands=(zones["hand"], [card, "thrust"]),
        discard=(zones.get("discard", []), []),
        endurance=(zones.get("endurance", []) + ["upper-left-attack"] * 5, ["upper-left-attack"] * 10),
        in_play=(zones.get("in_play", []), []),
    )
    d, _ = step(d, "special", card)
    assert d.players[0].must_do == (f"remove:{d.card(cid(d, 1, 'in_play', card)).on_play[0][1]}",)
    d = _to_opponents_sweep(d)  # the instruction waits for the opponent's sweep phase
    before = {z: keys(d, 0, z) for z in ("discard", "endurance", "hand", "in_play")}
    d, events = step(d, "resolve")
    assert "core/advanced/removing-cards" in rules_of(events)
    assert keys(d, 0, "removed") == [title]
    for zone, was in before.items():
        expected = list(was)
        if zone == where:
            expected.remove(title)
        assert keys(d, 0, zone) == expected, zone


def test_loss_of_ability_is_not_damage():
    """ "Damage vs. Loss of Ability: If a card or effect forces you to lose Ability, it may not be countered with a
    card that prevents damage.\""""
    d = duel_at(
        "defense",
        active=0,
        hands=(["thrust"], ["test-drain", "thrust"]),
        in_play=(["test-armor"], []),
        incoming=[("upper-left-attack", {})],
    )
    while d.phase == "defense":
        d, events = step(d, "pass")
    assert d.players[0].pending_damage == 1  # the armor prevents 1 of the attack's 2 damage
    d, _ = step(d, "attack", "thrust")
    d, _ = step(d, "pass")
    d, events = step(d, "draw", n=0)
    assert d.players[0].ability == 14
    while d.phase == "defense":
        d, _ = step(d, "pass")
    d, _ = step(d, "special", "test-drain")
    assert d.players[0].pending_loss == 1
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    while d.phase != "draw":
        d, _ = step(d, "pass") if has(d, "pass") else step(d, "exert", purpose="nothing")
    assert d.players[0].ability == 13  # the armor does not prevent a loss of Ability
    assert "lost (not damage)" in d.view(0)["recent_events"][-1]["text"] or any(
        "lost (not damage)" in e["text"] for e in d.view(0)["recent_events"]
    )


def test_a_nullified_card_has_no_effect():
    """ "When you Nullify a card or its effects, the card has no effect on any card, player, rule or effect in the
    game.\" -- a nullified Location that makes a title Unexpected no longer does so."""
    for nullify in (False, True):
        d = duel_at(
            "attack",
            hands=(["test-focus", "thrust"], []),
            in_play=([], ["test-beach"]),
            endurance=(["test-trip"] + ["jump-generic"] * 10, ["thrust"] * 20),
        )
        if nullify:
            d, events = step(d, "special", "test-focus", target=0)
            assert "core/advanced/ignoring-or-nullifying" in rules_of(events)
        d, _ = step(d, "attack", "thrust")
        d, _ = step(d, "pass")
        d, _ = step(d, "draw", n=1)
        assert ("test-trip" in keys(d, 0, "hand")) == nullify  # Unexpected only while the Beach has effect
        assert "test-beach" in keys(d, 1, "in_play")  # nullified, not removed


def test_illegal_new_actions_name_their_rule():
    """Using a Discard to Use card too early, or acting before declaring a Faction member, is refused with the rule."""
    d = duel_at("attack", hands=(["thrust"], []), in_play=(["test-smoke-bomb"], []))
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("use", card=cid(d, 0, "in_play", "test-smoke-bomb")))
    assert "discard-to-use" in str(info.value) and "the turn it is put into play" in str(info.value)
    d = duel_at("sweep", pregame=(["test-highlanders", "test-duncan", "test-connor"], []))
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("pass"))
    assert "mle/faction-personas/declare" in str(info.value)
