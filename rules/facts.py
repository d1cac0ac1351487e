"""public_facts(seat): the few facts a bot needs, without building the whole view().

Everything here is something `view(seat)` also shows that seat (tests/rules/test_rules_bots.py
checks it against the view at every step): the cards it may see (`key`), both Abilities, its own
Endurance count, the opponent's discard pile and the attacks awaiting defense.  It is computed
lazily and costs a fraction of `view()`, which bots would otherwise rebuild for every decision.
"""

from __future__ import annotations

from typing import NamedTuple

from . import combat as cb
from .personas import hidden_places
from .state import Phase, plug_in
from .technique import face_down_cards, public


class Awaiting(NamedTuple):
    """An attack awaiting defense, as the defending seat sees it."""

    mask: int  # 0 when hidden
    hidden: bool
    power_blow: bool
    covered: bool


class Facts:
    __slots__ = ("_d", "seat", "phase", "_known", "_awaiting")

    def __init__(self, d, seat: int):
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        self._d = d
        self.seat = seat
        self.phase = d.phase
        self._known = None
        self._awaiting = None

    # ---- numbers both players see ------------------------------------------
    def ability(self, owner: int) -> int:
        return self._d.players[owner].ability

    def endurance_count(self, owner: int) -> int:
        return len(self._d.players[owner].endurance)

    def discard_keys(self, owner: int) -> list:
        d = self._d
        return [d.cards[c] for c in d.players[owner].discard]

    def hand_ids(self) -> tuple:
        """This seat's own hand."""
        return self._d.players[self.seat].hand

    # ---- cards --------------------------------------------------------------
    def key(self, cid):
        """The card key of instance `cid` if this seat may see that card, else None."""
        if self._known is None:
            self._known = self._visible()
        return self._known.get(cid)

    def _visible(self) -> dict:
        d, seat = self._d, self.seat
        cards = d.cards
        ids = list(d.players[seat].hand) + list(d.players[seat].under)  # its cards under Off Balance
        face_down = face_down_cards(d)
        for owner in (0, 1):
            p = d.players[owner]
            ids += p.discard
            ids += p.pregame
            ids += p.removed
            ids += (c for c in p.in_play if owner == seat or c not in face_down)
        if d.exertion and (not d.exert_private or seat == d.active):
            ids += d.exertion
        known = {c: cards[c] for c in ids}
        for c in hidden_places(d, seat):
            known.pop(c, None)
        return known

    def reaction(self):
        """The open reaction window as view(seat)["reaction"] shows it, or None."""
        if not self._d.reaction:
            return None
        return public(self._d, self.seat)

    def awaiting(self) -> tuple:
        """Attacks awaiting the active player's defense (empty outside the sweep/defense phases)."""
        if self._awaiting is None:
            d = self._d
            if d.phase not in (Phase.SWEEP, Phase.DEFENSE):
                self._awaiting = ()
            else:
                attacker = 1 - d.active
                out = []
                for j, s in enumerate(d.incoming):
                    hidden = s.hidden and attacker != self.seat
                    mask = 0 if hidden or s.card not in d.cards else d.card(s.card).mask
                    out.append(Awaiting(mask, hidden, s.power_blow, cb.covered(d, j)))
                self._awaiting = tuple(out)
        return self._awaiting


@plug_in("public_facts")
def public_facts(d, seat: int) -> Facts:
    return Facts(d, seat)
