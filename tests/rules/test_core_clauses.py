"""The core rulebook (highlander-core-rules.txt), clause by clause: each test quotes its sentence and reads
"this position, this action, this outcome".  rules/COVERAGE.md ("Core rulebook") lists every clause with the
test that checks it, here or in the older files."""

import pytest
from hlrules_support import draw, duel_at, has, keys, step

import rules


def test_draw_one_card_at_a_time_and_stop_at_any_point():
    """ "you may draw one card at a time, stopping at any point as long as you do not exceed your Ability."
    The player sees each card before deciding on the next: a Block drawn first may be enough."""
    d = duel_at(
        "draw", hands=(["thrust"] * 13, []), endurance=(["upper-left-block", "thrust"] + ["thrust"] * 8, [])
    )
    d, events = step(d, "draw", n=1)
    assert [c[1] for e in events for c in e.cards] == ["upper-left-block"]
    assert d.phase == "draw" and d.to_move == 0 and has(d, "draw", n=1)
    d, _ = step(d, "draw", n=0)
    assert (
        d.active == 1 and keys(d, 0, "hand").count("upper-left-block") == 1 and len(d.players[0].hand) == 14
    )


def test_no_draw_above_the_ability():
    """ "as long as you do not exceed your Ability": at the Ability only "Stop drawing" is offered, and a draw is
    refused naming the rule."""
    d = duel_at("draw", hands=(["thrust"] * 14, []))
    d, _ = step(d, "draw", n=1)
    assert d.active == 1  # full: the phase ended by itself
    full = duel_at("draw", hands=(["thrust"] * 15, []))
    assert [a.n for a in full.legal_actions() if a.type == "draw"] in ([], [0])
    with pytest.raises(rules.IllegalAction) as info:
        duel_at("draw", hands=(["thrust"] * 14, [])).apply(rules.Action("draw", n=2))
    assert "draw-discard" in str(info.value)


def test_a_stored_multi_card_draw_replays_as_single_draws_and_a_stop():
    """Moves stored before the one-card draw (`draw` with n=3) still replay: three single draws, then stop."""
    d = duel_at("draw", hands=(["thrust"] * 10, []))
    old, _ = d.apply(rules.Action("draw", n=3))
    new, _ = draw(d, 3)
    assert old == new and old.active == 1 and len(old.players[0].hand) == 13
