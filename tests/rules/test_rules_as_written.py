"""Deviations issue #13 found between the engine and the documents, each fixed and checked against the
sentence it breaks, as "this position, this action, this outcome"."""

from hlrules_support import duel_at, has, step


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
