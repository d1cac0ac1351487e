"""Moving cards between zones, drawing, exhaustion and unexpected cards.

All functions work on a Duel clone inside apply() and append Events.
"""

from __future__ import annotations

from collections.abc import Callable

from .triggers import register_in

R_EXHAUST = "core/exhaustion"
R_HOLY_GROUND = "mle-errata/holy-ground"


# What a card does as it leaves play, by keyword: the mechanics modules that give a keyword its
# meaning register here (@when_leaving_play), so this primitive names no card.
LEAVING_PLAY: dict[str, Callable] = {}


def when_leaving_play(keyword: str):
    return register_in(LEAVING_PLAY, keyword)


# Where a card goes instead of the discard pile, by keyword (@instead_of_discard): e.g. Holy Ground,
# "Whenever it enters your discard pile ... it is removed from the game" (rules/unexpected.py).
INSTEAD_OF_DISCARD: dict[str, Callable] = {}


def instead_of_discard(keyword: str):
    return register_in(INSTEAD_OF_DISCARD, keyword)


def remove_from(tup: tuple, cid: str) -> tuple:
    i = tup.index(cid)
    return tup[:i] + tup[i + 1 :]


def take_from_hand(d, seat: int, cid: str):
    p = d.edit(seat)
    p.hand = remove_from(p.hand, cid)


def put_in_play(d, seat: int, cid: str):
    p = d.edit(seat)
    p.in_play = p.in_play + (cid,)


def to_discard(d, seat: int, cids, events=None):
    """Cards enter the discard pile (or leave the game if their text says so); a card borrowed
    from the opponent enters the opponent's discard pile instead (return_borrowed)."""
    p = d.edit(seat)
    for cid in cids:
        if cid in p.borrowed:
            return_borrowed(d, seat, cid)
            continue
        instead = next((INSTEAD_OF_DISCARD[k] for k in d.card(cid).keywords if k in INSTEAD_OF_DISCARD), None)
        if instead is not None:
            instead(d, seat, cid, events)
        else:
            p.discard = p.discard + (cid,)


def return_borrowed(d, seat: int, cid: str):
    """Faith: 'The card returns to your opponent's discard pile after being swept, countered,
    discarded or removed from play, or if you do not play it this turn.'"""
    p = d.edit(seat)
    p.borrowed = remove_from(p.borrowed, cid)
    owner = d.edit(1 - seat)
    owner.discard = owner.discard + (cid,)


def leave_play(d, seat: int, cid: str, events=None):
    p = d.edit(seat)
    p.in_play = remove_from(p.in_play, cid)
    to_discard(d, seat, (cid,), events)
    has_left_play(d, cid, events)


def has_left_play(d, cid: str, events=None):
    """What a card does as it leaves play, whether discarded or removed from the game."""
    for keyword in d.card(cid).keywords:
        handler = LEAVING_PLAY.get(keyword)
        if handler is not None:
            handler(d, [] if events is None else events)


def restore_on_top(d, seat: int) -> None:
    """Cards held "as if they were in your hand" from the top of the Endurance (the Ramirez
    Pre-Game) go back on top, in order, once anything else reaches the top or the turn moves on:
    after that they are no longer "still on the top of your Endurance"."""
    p = d.players[seat]
    if not p.on_top:
        return
    p = d.edit(seat)
    held = tuple(c for c in p.on_top if c in p.hand)
    p.hand = tuple(c for c in p.hand if c not in held)
    cards = d.own_cards()
    fresh = []
    for cid in held:  # an id the log named never goes back into a hidden zone
        new = d.new_id()
        cards[new] = cards.pop(cid)
        fresh.append(new)
    p.endurance = p.endurance + tuple(reversed(fresh))  # the top is the end of the tuple
    p.on_top = ()
    _follow_new_ids(p, dict(zip(held, fresh, strict=True)))


def _follow_new_ids(p, renamed: dict) -> None:
    """The cards a card added to the Endurance, and the cards that added them, are remembered by id:
    a card given a fresh id stays the same card there ('the added card or cards must also be removed')."""
    if renamed and p.added:
        p.added = tuple(renamed.get(c, c) for c in p.added)
        p.added_by = tuple(renamed.get(c, c) for c in p.added_by)


def reshuffle_discard(d, seat: int, events, rule: str):
    """Discard pile into the Endurance, shuffled.  Every card gets a fresh id, so an id that
    was public never becomes hidden again."""
    restore_on_top(d, seat)
    p = d.edit(seat)
    if not p.discard:
        return
    cards = d.own_cards()
    fresh = []
    for cid in p.discard:
        key = cards.pop(cid)
        new = d.new_id()
        cards[new] = key
        fresh.append(new)
    _follow_new_ids(p, dict(zip(p.discard, fresh, strict=True)))
    count = len(fresh)
    p.endurance = d.shuffle(p.endurance + tuple(fresh))
    p.discard = ()
    d.emit(
        events, "reshuffle", f"Player {seat} shuffles {count} discarded cards into the Endurance.", rule, seat
    )


def exhaust(d, seat: int, events):
    """'When the last card in your Endurance is drawn, discarded or otherwise taken from your
    Endurance, you Exhaust. You lose 5 Ability during your next Ability Adjustment Phase.
    Reshuffle your Endurance (all the cards in your Discard Pile) and continue play.'"""
    p = d.edit(seat)
    p.exhaustions += 1
    d.emit(
        events,
        "exhaust",
        f"Player {seat} exhausts and will lose 5 Ability at the next Ability Adjustment Phase.",
        R_EXHAUST,
        seat,
    )
    reshuffle_discard(d, seat, events, R_EXHAUST)


def take_top(d, seat: int, n: int, events) -> tuple:
    """Take up to n cards from the top of the Endurance (exhausting if it empties)."""
    restore_on_top(d, seat)
    p = d.edit(seat)
    n = min(n, len(p.endurance))
    if n == 0:
        return ()
    taken = tuple(reversed(p.endurance[-n:]))
    p.endurance = p.endurance[:-n]
    if not p.endurance:
        exhaust(d, seat, events)
    return taken
