"""Card effects run through the trigger registry (rules/triggers.py): every effect a card declares has a
handler, so no selectable card is silently inert, and a handler runs what the card declares."""

from hlrules_support import POOL, duel_at, find

import rules
from rules.triggers import HANDLERS, TRIGGERS, effect, unhandled


def test_every_effect_the_cards_declare_has_a_handler():
    assert unhandled(rules.cardpool("highlander")) == []
    assert unhandled(rules.cardpool(POOL)) == []


def test_an_effect_nobody_handles_is_reported(monkeypatch):
    monkeypatch.delitem(HANDLERS, ("on_success", "prone"))
    assert "run-down: on_success prone" in unhandled(rules.cardpool("highlander"))


def test_a_registered_handler_is_what_the_card_runs(monkeypatch):
    """The engine names no effect: replacing the registered handler changes what the card does."""
    calls = []
    monkeypatch.setitem(
        HANDLERS, ("on_play", "opponent-loses-ability"), lambda d, play, amount: calls.append(amount)
    )
    d = duel_at("attack", hands=(["test-drain"], []))
    d, _ = d.apply(find(d, "special", "test-drain"))
    assert calls == [1] and d.players[1].pending_loss == 0


def test_triggers_are_a_closed_list():
    assert TRIGGERS == ("on_success", "on_play", "on_use")
    try:
        effect("on_sneeze", "x")
    except ValueError as error:
        assert "on_sneeze" in str(error)
    else:
        raise AssertionError("an unknown trigger was accepted")
