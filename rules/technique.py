"""Three attacks face down, the opponent choosing one: Andre Korda's Mysterious Technique.

"You may play this card face down along with two other attacks. These attacks are not considered
Hidden and none of them may be a Power Blow. Your opponent chooses one of the three cards and all
three are immediately revealed. If he does not choose this card, then the chosen attack cannot be
blocked or dodged, and the other two cards return to their owner's hand. Any Edge or Special cards
played in conjunction with them are discarded. If your opponent chooses this card, then discard the
other two attacks and any cards played in conjunction with them."

Decisions (rules/COVERAGE.md, "Data notes"):

* The play is one action (`attack` with purpose `technique`: `card` the Technique, `extras` the two
  other attacks) and uses one attack opportunity: one attack is left once the opponent has chosen.
  The two others are attacks from the hand that could be played now, never Combat Tricks ("the latter
  uses only attacks and not Combat Tricks", FAQ on Korda Mysterious Face), never a Power Blow by their
  text (Run Down, Head Shots), never a card needing a Hans Kershner.  One of the two may carry an
  Edge as an ordinary attack does (attacks.technique_edges: a Twist with a Thrust); it lies face down
  with its attack until the choice (`face_down_cards`).  The Edges of the two attacks not chosen are
  discarded ("Any Edge or Special cards played in conjunction with them are discarded"; "discard the
  other two attacks and any cards played in conjunction with them"); the chosen attack keeps its own.
* The three go into the sequence in an order the duel's dice choose, face down (`Strike.hidden`,
  `technique = "face-down"`), so the opponent cannot tell which is which (not by position, not by
  id: the view shows three anonymous face-down attacks). They are not Hidden attacks: no Hidden right
  is used or needed, and they are revealed at once.
* The choice is the opponent's, in the attacker's turn: a window (`Duel.reaction`, trigger
  `technique`) makes him the seat to move, with one `choose` action per face-down attack (by its
  place in the sequence, never by card id). No counter window opens on the play.
* Chosen attack not the Technique: it `cannot be blocked or dodged` (`technique = "chosen"`); the
  Technique and the other attack return to the hand under fresh ids (they were seen face up).
  Chosen the Technique: the other two are discarded; the Technique stays, the attack
  (`technique = "technique"`). The supplement prints no grid for it: an attack with no area is
  covered by any defense ("covers the entire corresponding colored area" holds for an empty one).
* None of them may be a Power Blow: the attack left can never be made one (`attacks.can_power_blow`).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from . import combat as cb
from .actions import ActionType as T
from .reactions import public as reaction_public
from .state import Strike, Window
from .zones import leave_play, put_in_play, take_from_hand

R_TECHNIQUE = "card/mysterious-technique"
KEYWORD = "technique"  # the card with this keyword is played face down with two other attacks
PURPOSE = "technique"  # the attack action that plays it
TRIGGER = "technique"  # the opponent's choice, a window of rules/reactions.py's kind


def _may_go_with(x) -> bool:
    return not x.has(KEYWORD) and not x.has("power-blow") and not x.has("head-shot")


def options(d, seat, A, attack_ok, attack_room, kershner_for, edges_for) -> list:
    """Playing the Technique face down with two other attacks from the hand (each pair of keys once),
    each of the two with an Edge `edges_for` allows with it, or none.  In `extras` an Edge follows the
    attack it is played in conjunction with."""
    techniques = cb.distinct_hand(d, seat, lambda x: x.has(KEYWORD) and attack_ok(d, seat, x, technique=True))
    if not techniques or not all(attack_room(d, seat, d.card(t)) for t in techniques):
        return []
    others = cb.distinct_hand(
        d,
        seat,
        lambda x: _may_go_with(x) and attack_ok(d, seat, x) and kershner_for(d, seat, x) == (),
    )
    counts: dict = {}
    for c in d.players[seat].hand:
        counts[d.cards[c]] = counts.get(d.cards[c], 0) + 1
    out = []
    for tech in techniques:
        for a1, a2 in combinations_with_replacement(others, 2):
            if a1 == a2 and counts[d.cards[a1]] < 2:
                continue
            for extras in _with_edges(d, seat, a1, a2, edges_for):
                if not cb.prone_ok(d, seat, _distinct(d, seat, (tech, *extras))):
                    continue
                out.append(
                    A(
                        T.ATTACK,
                        card=tech,
                        extras=extras,
                        purpose=PURPOSE,
                        label=f"Play {d.name(tech)} face down with {_names(d, extras)}",
                    )
                )
    return out


def _with_edges(d, seat, a1, a2, edges_for) -> list:
    """(a1, a2) and each way to add one Edge after the attack it goes with: one Edge, as an ordinary
    attack takes one (a Twist Of The Blade, once a turn)."""
    out = [(a1, a2)]
    for e in edges_for(d, seat, a1):
        out.append((a1, e, a2))
    if d.cards[a2] != d.cards[a1]:  # identical attacks: the Edge with either is one choice
        for e in edges_for(d, seat, a2):
            out.append((a1, a2, e))
    return out


def _names(d, extras) -> str:
    """ "A and B", an Edge named with its attack: "A + Edge and B"."""
    groups: list = []
    for cid in extras:
        if d.card(cid).type == "edge" and groups:
            groups[-1] += f" + {d.name(cid)}"
        else:
            groups.append(d.name(cid))
    return " and ".join(groups)


def _grouped(d, cards) -> dict:
    """{attack: (Edges played in conjunction with it)} for the Technique and the attacks after it."""
    out: dict = {}
    last = None
    for cid in cards:
        if d.card(cid).type == "edge" and last is not None:
            out[last] += (cid,)
        else:
            out[cid] = ()
            last = cid
    return out


def _distinct(d, seat, ids) -> tuple:
    """The hand cards an action names, each key's copies taken in hand order: identical cards are one
    choice in an action (engine._canonical), so two Thrusts are named by the first one twice."""
    left = list(d.players[seat].hand)
    out = []
    for cid in ids:
        key = d.cards[cid]
        found = next(c for c in left if d.cards[c] == key)
        left.remove(found)
        out.append(found)
    return tuple(out)


def play(d, seat, a, events) -> None:
    cards = _distinct(d, seat, (a.card, *a.extras))
    for cid in cards:
        take_from_hand(d, seat, cid)
    cb.owe_prone(d, seat, cards)
    with_edges = _grouped(d, cards)
    order = d.shuffle(tuple(with_edges))  # face down in an order the opponent cannot know
    for cid in order:
        put_in_play(d, seat, cid)
        for e in with_edges[cid]:
            put_in_play(d, seat, e)
            d.t_twist = d.t_twist or d.card(e).conjunction == "thrust"
    first = len(d.outgoing)
    d.outgoing = d.outgoing + tuple(
        Strike(cid, "attack", hidden=True, extras=with_edges[cid], technique="face-down") for cid in order
    )
    d.t_attacks += 1
    d.t_played = True
    d.edit(seat).hidden_right = False  # the next attack has been played (and is not Hidden)
    names = ", ".join(d.name(c) for c in cards)
    d.emit(
        events,
        "attack",
        f"Player {seat} plays {names} face down (Mysterious Technique).",
        R_TECHNIQUE,
        seat,
        order,
        private_to=seat,
        public_text=f"Player {seat} plays Mysterious Technique: three attacks face down, one of them the "
        f"Technique. Player {1 - seat} chooses one.",
    )
    d.reaction = Window(1 - seat, TRIGGER, cards[0], first)


def face_down_cards(d) -> set:
    """Cards lying face down with the strikes: hidden attacks, and the Edges played with the Technique's
    three face-down attacks (an Edge goes only with some attacks: seen, it would tell one is not the
    Technique)."""
    strikes = d.incoming + d.outgoing
    return {s.card for s in strikes if s.hidden} | {
        e for s in strikes if s.technique == "face-down" for e in s.extras
    }


def is_choice(d) -> bool:
    return bool(d.reaction) and d.reaction.trigger == TRIGGER


def choice_options(d, A) -> list:
    w = d.reaction
    face_down = [j for j, s in enumerate(d.outgoing) if s.technique == "face-down"]
    return [
        A(T.CHOOSE, target=j, label=f"Choose face-down attack {k} of {len(face_down)} (Mysterious Technique)")
        for k, j in enumerate(face_down, 1)
        if j >= w.index
    ]


def public(d, seat) -> dict | None:
    """The open window as `seat` sees it: never which face-down card is the Technique."""
    if not is_choice(d):
        return reaction_public(d, seat)
    w = d.reaction
    return {
        "seat": w.seat,
        "active": d.active,
        "trigger": TRIGGER,
        "index": w.index,
        "card": None,
        "text": f"Player {w.seat} chooses one of the three face-down attacks of Mysterious Technique.",
    }


def choose(d, a, events) -> None:
    """'Your opponent chooses one of the three cards and all three are immediately revealed.'"""
    w = d.reaction
    d.reaction = ()
    seat = d.active
    three = [j for j, s in enumerate(d.outgoing) if s.technique == "face-down"]
    chosen = d.outgoing[a.target].card
    cards = [d.outgoing[j].card for j in three]
    shown = tuple(cards) + tuple(e for j in three for e in d.outgoing[j].extras)
    d.emit(
        events,
        "reveal",
        f"Player {w.seat} chooses {d.name(chosen)}; the three attacks are revealed: "
        f"{_names(d, shown_in_order(d, three))}.",
        R_TECHNIQUE,
        w.seat,
        shown,
    )
    others = [c for c in cards if c != chosen]
    # "Any Edge or Special cards played in conjunction with them are discarded": with the two attacks not
    # chosen; an Edge played with the chosen attack stays with it.
    edges = [e for j in three if d.outgoing[j].card != chosen for e in d.outgoing[j].extras]
    for e in edges:
        leave_play(d, seat, e, events)
    discarded = f"; Player {seat} discards {', '.join(d.name(e) for e in edges)}" if edges else ""
    if d.card(chosen).has(KEYWORD):
        state = "technique"
        for c in others:
            leave_play(d, seat, c, events)
        what = (
            f"Player {seat} discards {', '.join(d.name(c) for c in others)}; {d.name(chosen)} is the attack."
        )
    else:
        state = "chosen"
        renamed = _back_to_hand(d, seat, others)
        what = (
            f"{d.name(chosen)} cannot be blocked or dodged; Player {seat} takes "
            f"{', '.join(d.name(c) for c in renamed)} back into the hand{discarded}."
        )
        discarded = ""
    what += discarded
    d.outgoing = tuple(
        s._replace(hidden=False, technique=state) if s.card == chosen else s
        for s in d.outgoing
        if s.card not in others
    )
    d.emit(events, "effect", what, R_TECHNIQUE, seat, (chosen,))


def shown_in_order(d, three) -> tuple:
    """The three strikes' cards, each followed by the Edges played with it."""
    return tuple(c for j in three for c in (d.outgoing[j].card, *d.outgoing[j].extras))


def _back_to_hand(d, seat, cids) -> list:
    """Cards seen face up go back into the hand under fresh ids (an id the log named never goes back
    into a hidden zone)."""
    p = d.edit(seat)
    p.in_play = tuple(x for x in p.in_play if x not in cids)
    cards = d.own_cards()
    fresh = []
    for cid in cids:
        new = d.new_id()
        cards[new] = cards.pop(cid)
        fresh.append(new)
    p.hand = p.hand + tuple(fresh)
    return fresh
