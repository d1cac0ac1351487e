"""Cards kept under a card in play: Ramirez' Off Balance.

Off Balance (Situation, Signature 3): "When this card enters play, you may make an exertion to take
3 cards at random from your opponent's hand and place them under Off Balance. Your opponent may make
an exertion during his turn to return all cards to his hand and to discard this card. You may only
have 1 Off Balance in play."

The card data says what the card does (keywords `one-in-play`, `holds-cards-under`; on_play effect
`take-cards-under`); this module gives those their meaning:

* Entering play: the Exertion is optional, so playing the card is offered with and without it
  (`entry_variants`). The choice rides on the play (`Duel.t_entry_exertion`) and is carried out by
  the on_play effect, which runs only if the card is not countered as it is played ("has no effect
  on play"). It is the turn's one Exertion ("Other Exertion Uses: ... Exerting to satisfy a card
  effect") and locks the hand for the rest of the phase, as every Exertion does.
* The 3 cards are drawn with the duel's seeded dice (`Duel.roll`), so a replay takes the same ones.
* Where they are: `Player.under` of their owner -- a zone of their own, in no other zone. Their
  owner sees them (his own cards, just taken from his hand); the Off Balance player does not (they
  were taken at random from a hidden hand, and the text does not reveal them); both see how many.
* The opponent's Exertion "during his turn": in every phase of his turn where the engine gives him a
  choice (sweep, defense, attack, draw/discard: "You may Exert in any phase of your turn"; the
  Ability Adjustment offers none), once per turn like any Exertion (`retrieve_options`).
* If Off Balance leaves play any other way, the cards go back to their owner's hand: the only place
  the text ever sends them, and they are his.
"""

from __future__ import annotations

from . import exertions as ex
from .actions import ActionType as T
from .triggers import effect
from .zones import leave_play, when_leaving_play

R_OFF_BALANCE = "card/off-balance"
HOLDS = "holds-cards-under"
TAKES = "take-cards-under"
PURPOSE = "off-balance"  # the opponent's Exertion to take the cards back


def one_in_play_ok(d, seat, c) -> bool:
    """'You may only have 1 Off Balance in play.'"""
    return not c.has("one-in-play") or all(d.cards[x] != c.key for x in d.players[seat].in_play)


def entry_variants(d, seat, cid, A, sizes) -> list:
    """Playing a card whose entering play allows an Exertion, with that Exertion (one per size)."""
    c = d.card(cid)
    if d.t_exerted or not any(name == TAKES for name, _ in c.on_play):
        return []
    return [
        A(
            T.SPECIAL,
            card=cid,
            purpose="exert",
            n=size,
            label=f"Play {c.name}, then exert{f' {size} cards' if size else ''} to take 3 cards at random "
            f"from your opponent's hand",
        )
        for size in sizes
    ]


def declare_entry_exertion(d, a) -> None:
    """The Exertion chosen with the play, made as the card's effect enters play (take_cards_under)."""
    if a.purpose == "exert":
        d.t_entry_exertion = a.n or 5


@effect("on_play", TAKES)
def take_cards_under(d, play, amount):
    size, d.t_entry_exertion = d.t_entry_exertion, 0
    if not size:
        d.emit(
            play.events,
            "effect",
            f"{play.card.name} enters play; Player {play.seat} makes no Exertion for it.",
            play.rule,
            play.seat,
            (play.cid,),
        )
        return
    ex.exert(d, play.seat, PURPOSE, size, play.events)
    ex.finish_exertion(d, play.seat, play.events)
    victim = d.edit(play.opponent)
    rest = list(victim.hand)
    taken = tuple(rest.pop(d.roll(len(rest)) - 1) for _ in range(min(amount, len(rest))))
    victim.hand = tuple(rest)
    victim.under = victim.under + taken
    where = f"under {play.card.name}"
    d.emit(
        play.events,
        "under",
        f"Player {play.seat} takes {', '.join(d.name(c) for c in taken) or 'no cards'} at random from "
        f"Player {play.opponent}'s hand and places them {where}.",
        play.rule,
        play.seat,
        taken,
        private_to=play.opponent,
        public_text=f"Player {play.seat} takes {len(taken)} card(s) at random from Player {play.opponent}'s "
        f"hand and places them {where}.",
    )


def hosts(d, seat) -> list:
    """The cards of the opponent of `seat` that hold `seat`'s cards under them."""
    return [c for c in d.players[1 - seat].in_play if d.card(c).has(HOLDS)]


def retrieve_options(d, seat, A, sizes) -> list:
    """'Your opponent may make an exertion during his turn to return all cards to his hand and to
    discard this card.'"""
    if d.t_exerted or d.exertion:
        return []
    n = len(d.players[seat].under)
    return [
        A(
            T.EXERT,
            purpose=PURPOSE,
            card=host,
            n=size,
            label=f"Exert{f' {size} cards' if size else ''} to return the {n} card(s) under {d.name(host)} "
            f"to your hand and discard it",
        )
        for host in hosts(d, seat)
        for size in sizes
    ]


def retrieve(d, seat, a, events) -> None:
    ex.exert(d, seat, PURPOSE, a.n, events)
    ex.finish_exertion(d, seat, events)
    d.emit(
        events,
        "effect",
        f"Player {seat} exerts against {d.name(a.card)}: the cards under it return to their hand and "
        f"{d.name(a.card)} is discarded.",
        R_OFF_BALANCE,
        seat,
        (a.card,),
    )
    leave_play(d, 1 - seat, a.card, events)  # the cards under it go back as it leaves (below)


@when_leaving_play(HOLDS)
def _return_cards_under(d, events) -> None:
    """Cards under a card that has left play go back to their owner's hand."""
    for seat in (0, 1):
        p = d.players[seat]
        if not p.under or hosts(d, seat):
            continue
        back = p.under
        p = d.edit(seat)
        p.hand, p.under = p.hand + back, ()
        d.emit(
            events,
            "under",
            f"Player {seat} takes {', '.join(d.name(c) for c in back)} back into the hand from under Off "
            f"Balance.",
            R_OFF_BALANCE,
            seat,
            back,
            private_to=seat,
            public_text=f"Player {seat} takes the {len(back)} card(s) under Off Balance back into the hand.",
        )
