"""MLE Unexpected cards of every type, cards treated as Unexpected, Unplanned Situation, Foresee the Unexpected."""

from hlrules_support import cid, draw, duel_at, has, keys, rules_of, step

import rules


def _through_turn(d):
    """Let the player to move pass (or exert for nothing) until the other seat is to move."""
    seat = d.to_move
    while d.to_move == seat and d.phase != "over":
        acts = d.legal_actions()
        a = next((a for a in acts if a.type in ("pass", "draw")), None) or next(
            a for a in acts if a.type == "exert" and a.purpose == "nothing"
        )
        d, _ = d.apply(a)
    return d


def test_unexpected_situation_stays_and_is_replaced_by_either_players_next_one():
    """ "Unexpected Situations - ... There may only be one Unexpected Situation in play for both player." and "If
    any player draws a new Unexpected Situation, then the Unexpected Situation already in play is discarded and the
    new Unexpected Situation is put into play under his owners control.\""""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 10, []),
        endurance=(["test-ambush"] + ["jump-generic"] * 10, ["thrust"] * 20),
    )
    d, events = draw(d, 1)
    assert keys(d, 0, "in_play") == ["test-ambush"] and len(d.players[0].hand) == 10  # it counted as drawn
    d = _through_turn(d)
    assert d.to_move == 0 and keys(d, 0, "in_play") == ["test-ambush"]  # not swept: a Situation
    d = duel_at(
        "draw",
        active=1,
        hands=([], ["thrust"] * 10),
        in_play=(["test-ambush"], []),
        endurance=(["jump-generic"] * 10, ["test-ambush"] + ["thrust"] * 10),
    )
    d, events = draw(d, 1)
    assert keys(d, 0, "in_play") == [] and keys(d, 0, "discard") == ["test-ambush"]
    assert keys(d, 1, "in_play") == ["test-ambush"]


def test_foresee_the_unexpected_one_unexpected_situation_each():
    """Foresee the Unexpected: "While this card is in play, each player may have one Unexpected Situation in play.
    Any Unexpected Situations placed by either player replace their current Unexpected Situation, not their
    opponent's. If this card leaves play, all Unexpected Situations in play are also discarded without effect.\""""
    d = duel_at(
        "draw",
        active=1,
        hands=([], ["thrust"] * 10),
        in_play=(["test-ambush", "foresee-the-unexpected"], []),
        endurance=(["jump-generic"] * 10, ["test-ambush"] + ["thrust"] * 10),
    )
    d, _ = draw(d, 1)
    assert "test-ambush" in keys(d, 0, "in_play") and keys(d, 1, "in_play") == ["test-ambush"]
    # Foresee leaves play (removed from the game here): every Unexpected Situation goes with it.
    d = duel_at(
        "sweep",
        active=1,
        in_play=(["test-ambush", "foresee-the-unexpected", "test-guard"], ["test-ambush"]),
    )
    from rules.zones import leave_play

    events = []
    d2 = d.clone()
    leave_play(d2, 0, cid(d, 0, "in_play", "foresee-the-unexpected"), events)
    assert keys(d2, 0, "in_play") == ["test-guard"] and keys(d2, 1, "in_play") == []
    assert "card/foresee-the-unexpected" in rules_of(events)


def test_unexpected_location_replaces_any_location():
    """ "An Unexpected Location will replace any normal Location that is currently in play.\""""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 10, []),
        in_play=([], ["test-field"]),
        endurance=(["test-quake"] + ["jump-generic"] * 10, ["thrust"] * 20),
    )
    d, _ = draw(d, 1)
    assert keys(d, 1, "discard") == ["test-field"] and keys(d, 0, "in_play") == ["test-quake"]


def test_unexpected_attack_is_placed_anywhere_in_the_sequence_and_defended():
    """ "once in play, they may be placed in any position in the order of other cards already played of that grid
    colour, but the order of the cards already in play may not be altered.\" -- "he may place the Unexpected Attack
    before, after, or in between the attacks he already has in play. His opponent will then have to defend against
    all three attacks in the order they are arranged.\""""
    d = duel_at(
        "attack",
        hands=(
            ["upper-left-attack", "test-sudden-strike"] + ["thrust"] * 5,
            ["upper-right-block", "duck-generic"],
        ),
        endurance=(["test-sudden-strike"] + ["jump-generic"] * 10, ["thrust"] * 20),
    )
    assert not has(d, "attack", "test-sudden-strike")  # "They may only enter play if drawn."
    d, _ = step(d, "attack", "upper-left-attack")
    d, _ = step(d, "pass")
    d, _ = draw(d, 1)
    assert d.phase == "draw" and d.to_move == 0
    assert [a.target for a in d.legal_actions()] == [0, 1]
    d, events = step(d, "place", "test-sudden-strike", target=0)
    assert "mle/unexpected-cards/attacks-and-combat-tricks" in rules_of(events)
    assert d.to_move == 1 and [d.cards[s.card] for s in d.incoming] == [
        "test-sudden-strike",
        "upper-left-attack",
    ]
    assert has(d, "defend", "upper-right-block", target=0)  # defended like any attack, in that order


def test_unexpected_combat_trick_goes_among_the_combat_tricks():
    """ "he may place the Unexpected Combat Trick either before or after the Weighted Blade he already has in
    play.\""""
    d = duel_at(
        "attack",
        hands=(["superior-tactics", "upper-left-attack"], []),
        endurance=(["test-sudden-feint"] + ["jump-generic"] * 10, ["thrust"] * 20),
    )
    d, _ = step(d, "trick", "superior-tactics")
    d, _ = step(d, "attack", "upper-left-attack")
    d, _ = step(d, "pass")
    d, _ = draw(d, 1)
    assert sorted(a.target for a in d.legal_actions()) == [0, 1]  # not after the attack
    d, _ = step(d, "place", "test-sudden-feint", target=1)
    assert [(d.cards[s.card], s.kind) for s in d.incoming] == [
        ("superior-tactics", "trick"),
        ("test-sudden-feint", "trick"),
        ("upper-left-attack", "attack"),
    ]


def test_cards_treated_as_unexpected():
    """ "Cards that are not innately Unexpected ... that become Unexpected due to another card or effect in play are
    treated as an Unexpected card in that if you draw them, they enter play immediately. If they enter play via
    drawing, they do not count as your Special card for the turn. However, ... they may be played normally from your
    hand ... and they will count as your Special card for the turn if you do so. If you play the card in this
    fashion, it will still follow the rules for Unexpected cards in that you can only have one in play\""""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 10, []),
        in_play=(["test-beach"], []),
        endurance=(["test-trip"] + ["jump-generic"] * 10, ["thrust"] * 20),
    )
    d, events = draw(d, 1)
    assert "test-trip" in keys(d, 0, "in_play") and "test-trip" not in keys(d, 0, "hand")
    assert "mle/unexpected-cards/treated-as-unexpected" in rules_of(events)
    d = duel_at("attack", hands=(["test-trip", "thrust"], []), in_play=(["test-beach"], ["test-ambush"]))
    d, _ = step(d, "special", "test-trip")
    assert d.t_special and keys(d, 1, "discard") == ["test-ambush"]  # replaces the Unexpected Situation
    plain = duel_at(
        "draw",
        hands=(["thrust"] * 10, []),
        endurance=(["test-trip"] + ["jump-generic"] * 10, ["thrust"] * 20),
    )
    plain, _ = draw(plain, 1)
    assert "test-trip" in keys(plain, 0, "hand")  # without the Beach, just a card


def test_unplanned_situation():
    """Unplanned Situation: "Both players must overturn cards from their Endurance until they find a Situation that
    can legally be played. The card is placed directly into play. All other cards overturned are reshuffled into the
    players Endurance.\""""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 10, []),
        endurance=(
            ["unplanned-situation", "jump-generic", "duck-generic", "test-trip", "thrust"],
            ["thrust", "thrust", "foresee-the-unexpected", "jump-generic"],
        ),
    )
    d, events = draw(d, 1)
    assert "mle-errata/unplanned-situation" in rules_of(events)
    assert keys(d, 0, "in_play") == ["test-trip", "unplanned-situation"]
    assert keys(d, 1, "in_play") == ["foresee-the-unexpected"]
    assert sorted(keys(d, 0, "endurance")) == ["duck-generic", "jump-generic", "thrust"]
    assert sorted(keys(d, 1, "endurance")) == ["jump-generic", "thrust", "thrust"]
    assert rules.cardpool()["unplanned-situation"].playable
