"""Card effects by name.  The card data declares them (`on_success`, `on_play`, `on_use` in
rules/data/*.toml: a list of effect names, each with an argument); the mechanics module that
gives an effect its meaning registers a handler here with @effect(trigger, name); the engine runs
what a card declares (`run`), so no primitive names a card.

`unhandled(pool)` lists the effects no module handles: a card with one would be silently inert
(tests/rules/test_rules_triggers.py keeps that list empty).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

TRIGGERS = ("on_success", "on_play", "on_use")
HANDLERS: dict[tuple[str, str], Callable] = {}


def register_in(table: dict, key) -> Callable[[Callable], Callable]:
    """A decorator that files its function in `table` under `key` and returns it unchanged."""

    def register(handler: Callable) -> Callable:
        table[key] = handler
        return handler

    return register


def effect(trigger: str, name: str):
    """Decorator: `handler(d, context, arg)` carries out effect `name` when `trigger` fires."""
    if trigger not in TRIGGERS:
        raise ValueError(f"unknown trigger {trigger!r}")
    return register_in(HANDLERS, (trigger, name))


def run(trigger: str, card, d, context) -> None:
    """Every effect `card` declares for `trigger`, in the order the card lists them."""
    for name, arg in getattr(card, trigger):
        HANDLERS[(trigger, name)](d, context, arg)


def unhandled(pool: Mapping) -> list[str]:
    return [
        f"{card.key}: {trigger} {name}"
        for card in pool.values()
        for trigger in TRIGGERS
        for name, _ in getattr(card, trigger)
        if (trigger, name) not in HANDLERS
    ]
