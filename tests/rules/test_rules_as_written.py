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
