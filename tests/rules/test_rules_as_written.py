"""Deviations issue #13 found between the engine and the documents, each fixed and checked against the
sentence it breaks, as "this position, this action, this outcome"."""

from hlrules_support import duel_at, find, has, keys, step

import rules


def test_superior_tactics_forbids_the_defenders_edges_until_the_trick_resolves():
    """Superior Tactics: "No Edge card may be played until this Combat Trick has been resolved." The trick is
    resolved at the end of the defender's Defense Phase: until then the defender may not counter with an Edge."""
    d = duel_at(
        "defense",
        hands=(["test-disengage", "side-step-generic", "test-lunge", "thrust"], []),
        incoming=[("superior-tactics", {"kind": "trick"}), ("upper-left-attack", {})],
    )
    assert not has(d, "counter")
    untouched = duel_at(
        "defense", hands=(["test-disengage", "side-step-generic"], []), incoming=[("upper-left-attack", {})]
    )
    assert has(untouched, "counter", "test-disengage")  # the Edge itself is playable without the trick
    d, _ = step(d, "defend", "side-step-generic")  # the trick is avoided ...
    while d.phase == "defense":
        d, _ = step(d, "pass")
    assert d.phase == "attack"  # ... and resolved: Edges are back (a Thrust with an Edge played with it)
    assert any(a.extras for a in d.legal_actions() if a.type == "attack")


def test_a_guard_in_play_forbids_a_new_defense_from_an_exertion_too():
    """ "You must remove your Guard from play in order to play a new defense." -- a defense an Exertion finds is
    a new defense: no Exertion for a defense while the Guard stays, and one once it is removed."""
    d = duel_at(
        "defense",
        in_play=(["test-guard"], []),
        hands=(["thrust"], []),
        endurance=(["lower-right-block"] * 5 + ["thrust"] * 5, ["thrust"] * 10),
        incoming=[("upper-left-attack", {}), ("lower-right-attack", {})],
    )
    assert not has(d, "exert", purpose="defense")
    d, _ = step(d, "remove_guard", "test-guard")
    d, _ = step(d, "exert", purpose="defense")
    assert has(d, "choose", "lower-right-block", target=1)


def test_an_attack_found_by_an_exertion_never_goes_before_the_combat_trick():
    """ "You play any and all Combat Tricks first, then any and all attacks." """
    d = duel_at(
        "attack",
        hands=(["superior-tactics"], []),
        endurance=(["upper-left-attack"] * 5 + ["thrust"] * 5, ["thrust"] * 10),
    )
    d, _ = step(d, "trick", "superior-tactics")
    d, _ = step(d, "exert", purpose="attack")
    assert {a.target for a in d.legal_actions() if a.type == "choose"} == {1}  # after the trick, never at 0
    d, _ = step(d, "choose", "upper-left-attack")
    assert [s.kind for s in d.outgoing] == ["trick", "attack"]


def test_nick_wolfe_begins_the_game_unarmed_and_cannot_become_armed():
    """Nick Wolfe: "You must begin the game unarmed." ... "You cannot become armed unless Learn Fast is in
    play." """
    generic = rules.starter_decks()[0]
    nick = rules.Deck(pregame=("nick-wolfe",), endurance=generic.endurance)
    assert rules.check_deck(nick) == []
    d = rules.new_duel(nick, generic, seed=3)
    assert d.view(0)["you"]["disarmed"] and not d.view(1)["you"]["disarmed"]
    sweep = duel_at("sweep", pregame=(["nick-wolfe"], []), disarmed=True)
    assert not has(sweep, "recover_weapon")
    anyone = duel_at("sweep", disarmed=True)
    assert has(anyone, "recover_weapon")  # a Disarmed player without Nick's text may roll to recover


def test_darius_may_head_shot_only_an_opponent_below_2_ability():
    """Darius: "You may not play any Head Shot unless your opponent has less than 2 Ability." """

    def head_shots(pregame, opponent_ability):
        d = duel_at(
            "attack",
            hands=(["upper-left-attack", "head-shot"], []),
            pregame=(pregame, []),
            ability=(15, opponent_ability),
        )
        return [a for a in d.legal_actions() if a.type == "attack" and a.extras]

    assert head_shots(["darius"], 2) == []
    assert head_shots(["darius"], 1) != []
    assert head_shots([], 2) != []


def test_cracker_bob_power_blow_without_an_exertion_when_he_plays_no_special():
    """Cracker Bob: "If you do not play a Special card this turn, you may make a Power Blow without an
    Exertion." """
    d = duel_at("attack", hands=(["upper-left-attack"], []), pregame=(["cracker-bob"], []))
    d, _ = step(d, "attack", "upper-left-attack")
    endurance = len(d.players[0].endurance)
    d2, events = d.apply(find(d, "power_blow", target=0))
    assert d2.outgoing[0].power_blow and len(d2.players[0].endurance) == endurance
    assert not any(e.kind == "exert" for e in events)
    special_played = duel_at(
        "attack", hands=(["upper-left-attack"], []), pregame=(["cracker-bob"], []), t_special=True
    )
    special_played, _ = step(special_played, "attack", "upper-left-attack")
    assert not has(special_played, "power_blow")
    anyone = duel_at("attack", hands=(["upper-left-attack"], []))
    anyone, _ = step(anyone, "attack", "upper-left-attack")
    assert not has(anyone, "power_blow")


FAITH = {
    "pool": "highlander",
    "turn": 5,
    "active": 0,
    "phase": "attack",
    "players": [
        {"pregame": ["faith"], "hand": ["foresee-the-unexpected", "thrust"], "endurance": ["thrust"] * 10},
        {"discard": ["expert-thrust", "upper-left-attack"], "endurance": ["thrust"] * 10},
    ],
}


def take_expert_thrust():
    d = rules.Duel.from_position(FAITH)
    assert [a.label for a in d.legal_actions() if a.type == "borrow"] == [
        "Discard Foresee the Unexpected to take Expert Thrust from your opponent's discard pile"
    ]  # a Reserved card only, for a Special card
    d, _ = d.apply(find(d, "borrow", "expert-thrust"))
    position = d.position()
    assert position["players"][0]["hand"] == ["thrust", "expert-thrust"]
    assert position["players"][0]["discard"] == ["foresee-the-unexpected"]
    assert position["players"][1]["discard"] == ["upper-left-attack"]
    assert not has(d, "borrow")  # once per turn
    return d


def test_faith_takes_a_reserved_card_and_it_returns_if_not_played():
    """Faith: "Once per turn, you may discard a Special card from you hand to take any Reserved card in your
    opponent's discard pile. You may play that card this turn. The card returns to your opponent's discard pile
    ... if you do not play it this turn." """
    d = take_expert_thrust()
    d, _ = step(d, "attack", "thrust")
    d, _ = step(d, "pass")
    while d.active == 0:
        d, _ = d.apply(d.legal_actions()[-1])  # draw nothing, end the turn
    assert keys(d, 1, "discard") == ["expert-thrust", "upper-left-attack"]
    assert "expert-thrust" not in [d.cards[c] for c in d.players[0].hand]


def quietly(d):
    """The least action: pass, draw nothing, or exert for nothing."""
    legal = d.legal_actions()
    for a in legal:
        if (
            a.type == "pass"
            or (a.type == "draw" and a.n == 0)
            or (a.type == "exert" and a.purpose == "nothing")
        ):
            return a
    return legal[0]


def test_faith_plays_the_card_and_it_returns_when_it_is_swept():
    """Faith: "You may play that card this turn. The card returns to your opponent's discard pile after being
    swept, countered, discarded or removed from play" """
    d = take_expert_thrust()
    d, _ = step(d, "attack", "expert-thrust")
    assert keys(d, 0, "in_play") == ["expert-thrust"]
    turn = d.turn
    while d.turn < turn + 2:  # to Faith's next Sweep Phase, which sweeps the attack
        d, _ = d.apply(quietly(d))
    assert "expert-thrust" in keys(d, 1, "discard")
    assert "expert-thrust" not in keys(d, 0, "in_play") + keys(d, 0, "discard")
