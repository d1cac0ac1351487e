"""The supplement's printed answers to Master cards, played in the opponent's turn through the reaction
window (rules/reactions.py): Darius Master's Chronicles and Martin Hyde's Pleasure Of The Hunt.  Each test
is a position (`duel_at`), an action, an outcome, and quotes the sentence it checks.  "Test Master Strike"
(an attack of the test pool whose title makes it a Master card) stands for the Master attacks the
documents do not print; the printed Master card is Master's Chronicles itself."""

from __future__ import annotations

import json
import os
import random

import pytest
from hlrules_support import POOL, cid, duel_at, find, has, keys, step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_properties import check_view, check_zones

import rules
from rules.actions import ActionType as T
from rules.cards import cardpool, make_card, register_pool

R_CHRONICLES = "card/master-s-chronicles"
R_HUNT = "card/pleasure-of-the-hunt"
CHRONICLES = "master-s-chronicles"
HUNT = "pleasure-of-the-hunt"
MASTERS = "reactions-test"  # the rules-test pool and a Master Combat Trick (none is printed)
register_pool(
    MASTERS,
    list(cardpool(POOL).values())
    + [
        make_card(
            dict(title="Test Master Feint", type="combat-trick", grid="X--/---/---", text="Master card.")
        )
    ],
)


def _answers(d):
    return [a for a in d.legal_actions() if a.type != T.DECLINE]


# ---------------------------------------------------------------- Darius Master's Chronicles


def test_chronicles_counters_a_master_card_as_it_is_played_discarding_a_special_card_from_the_hand():
    """Master's Chronicles: "Discard this card from play when you wish to do any of the following : You may
    discard a Special card from your hand to counter a master or signature card as it is played." --
    in the opponent's turn, and "If a card is countered, it is immediately discarded, and has no effect on
    play, but is still considered to have been played." """
    d = duel_at(
        "attack",
        hands=(["test-master-strike", "thrust"], ["test-taunt", "thrust"]),
        in_play=([], [CHRONICLES]),
    )
    d, _ = step(d, T.ATTACK, "test-master-strike")
    assert d.to_move == 1 and d.active == 0 and d.reaction.trigger == "attack"
    (use,) = _answers(d)  # one Special card in the hand: one way to pay
    assert use.type == T.USE and [d.cards[e] for e in use.extras] == ["test-taunt"]
    d, events = d.apply(use)
    (counter,) = [e for e in events if e.kind == "counter"]
    assert counter.seat == 1 and counter.rule == R_CHRONICLES and "Test Taunt" in counter.text
    assert keys(d, 1, "discard") == [CHRONICLES, "test-taunt"] and keys(d, 1, "hand") == ["thrust"]
    assert keys(d, 0, "discard") == ["test-master-strike"]
    assert [s.settled for s in d.outgoing] == ["countered"] and d.t_attacks == 1  # played, no effect
    assert d.to_move == 0 and not has(d, T.ATTACK)  # the attack opportunity is spent


def test_chronicles_needs_a_special_card_in_the_hand():
    """ "You may discard a Special card from your hand to counter ...": with none (a Thrust and a block are
    not Special cards), there is nothing to answer with, and no window opens."""
    d = duel_at(
        "attack",
        hands=(["test-master-strike"], ["thrust", "upper-left-block"]),
        in_play=([], [CHRONICLES]),
    )
    d, _ = step(d, T.ATTACK, "test-master-strike")
    assert d.to_move == 0 and not d.reaction


def test_chronicles_answers_master_or_signature_cards_only():
    """ "... to counter a master or signature card": a plain attack opens no window; a Signature Edge
    (Darius Combination, played on its own) and a Master Special card (Master's Chronicles) do."""
    d = duel_at(
        "attack",
        hands=(["thrust", "combination", "test-drain"], ["test-taunt"]),
        in_play=([], [CHRONICLES]),
    )
    d, _ = step(d, T.ATTACK, "thrust")  # the first card: Chronicles is now ready, but a Thrust is neither
    assert d.to_move == 0 and d.players[1].dtu_ready
    played, _ = step(d, T.EDGE, "combination")
    assert played.to_move == 1 and played.reaction.trigger == "edge"
    assert played.t_extra == 0  # "You may play an additional attack this turn" waits for the answer
    countered, events = step(played, T.USE, CHRONICLES)
    assert countered.t_extra == 0 and "combination" in keys(countered, 0, "discard")
    # "still considered to have been played": "If you do not play a Special card this turn you may play
    # this card" still holds for the turn
    assert not has(countered, T.SPECIAL)
    assert [e.rule for e in events if e.kind == "counter"] == [R_CHRONICLES]
    let, _ = step(played, T.DECLINE)
    assert let.t_extra == 1 and "combination" in keys(let, 0, "in_play")  # let be: it works

    special = duel_at(
        "attack",
        hands=([CHRONICLES, "thrust"], ["test-drain"]),
        in_play=([], [CHRONICLES]),
        active=0,
    )
    special, _ = step(special, T.SPECIAL, CHRONICLES)  # the opponent's own Chronicles: Master and Signature
    assert special.to_move == 1 and special.reaction.trigger == "special"
    special, _ = step(special, T.USE, CHRONICLES)
    assert keys(special, 0, "in_play") == [] and keys(special, 0, "discard") == [CHRONICLES]
    assert special.t_special  # "still considered to have been played": the turn's Special is spent


@pytest.mark.parametrize("hidden", [False, True])
def test_a_face_down_master_attack_opens_no_window(hidden):
    """Which plays open the window depends only on what the reacting player may see: a face-down attack
    may be a Master card or not, so Chronicles cannot answer it; face up, it can."""
    d = duel_at(
        "attack",
        hands=(["test-master-strike"], ["test-taunt"]),
        in_play=([], [CHRONICLES]),
        hidden_right=True,
    )
    d, _ = step(d, T.ATTACK, "test-master-strike", hidden=hidden)
    assert bool(d.reaction) is (not hidden)


def test_chronicles_is_not_used_before_the_opponent_plays_his_first_card():
    """Discard to Use: "You may not use a Discard to Use Card the turn it is put into play. You may only
    discard it after your opponent has played their first card on their next turn." -- not ready (the
    opponent has played no card since it came into play), it is offered no use."""
    d = duel_at("attack", hands=(["test-taunt", "thrust"], []), in_play=([CHRONICLES], [CHRONICLES]))
    assert not any(a.type == T.USE for a in d.legal_actions())
    assert has(d, T.SPECIAL, "test-taunt")


def test_chronicles_discards_a_master_card_in_play_if_no_special_card_is_played_this_turn():
    """ "If you do not play a Special card from your hand this turn, you may discard a Special card from
    your hand to discard a Master card in play." -- in your own turn; afterwards no Special card from the
    hand this turn, and not after one was played."""
    mine = duel_at(
        "attack",
        hands=(["test-taunt", "test-drain", "thrust"], []),
        in_play=([CHRONICLES], [CHRONICLES]),
        dtu_ready=[CHRONICLES + "#1"],  # seat 0's (two are in the duel: POSITIONS.md, "Naming one card")
    )
    uses = [a for a in mine.legal_actions() if a.type == T.USE]
    # the target: the opponent's Chronicles (a Master card in play), paid with either Special card
    assert sorted(d for d in (mine.cards[a.extras[0]] for a in uses)) == ["test-drain", "test-taunt"]
    assert all(a.purpose == "discard-master" for a in uses)
    d, events = mine.apply(next(a for a in uses if mine.cards[a.extras[0]] == "test-taunt"))
    assert keys(d, 0, "discard") == [CHRONICLES, "test-taunt"] and keys(d, 1, "discard") == [CHRONICLES]
    assert keys(d, 0, "in_play") == [] and keys(d, 1, "in_play") == []
    assert [e.rule for e in events if e.kind == "use"] == [R_CHRONICLES]
    assert not has(d, T.SPECIAL)  # "If you do not play a Special card from your hand this turn"
    assert has(d, T.ATTACK, "thrust")  # other cards still play

    after_special = duel_at(
        "attack",
        hands=(["test-taunt", "thrust"], []),
        in_play=([CHRONICLES], [CHRONICLES]),
        dtu_ready=[CHRONICLES + "#1"],  # seat 0's (two are in the duel: POSITIONS.md, "Naming one card")
        t_special=True,
    )
    assert not any(a.type == T.USE for a in after_special.legal_actions())
    no_target = duel_at(
        "attack", hands=(["test-taunt"], []), in_play=([CHRONICLES], []), dtu_ready=[CHRONICLES]
    )
    assert not any(a.type == T.USE for a in no_target.legal_actions())  # itself is not the target


def test_a_master_attack_in_the_sequence_is_not_discarded_by_chronicles():
    """A Master attack waiting for a defense is answered by defenses and counters; the discard use
    targets the Master cards standing in play (Objects, Situations ...)."""
    d = duel_at(
        "defense",
        hands=(["test-taunt", "upper-left-block"], []),
        in_play=([CHRONICLES], []),
        incoming=[("test-master-strike", {})],
        dtu_ready=[CHRONICLES],
    )
    assert not any(a.type == T.USE for a in d.legal_actions())


# ---------------------------------------------------------------- Martin Hyde, Pleasure Of The Hunt


def _hunted(hand1=("thrust",), endurance1=None, **kw):
    d = duel_at(
        "attack",
        hands=(["test-master-strike", "thrust", "upper-left-block"], list(hand1)),
        in_play=([], [HUNT]),
        endurance=(None if endurance1 is None else (["thrust"] * 10, endurance1)),
        **kw,
    )
    d, _ = step(d, T.ATTACK, "test-master-strike")
    return d


def test_pleasure_of_the_hunt_answers_each_master_card_the_opponent_plays():
    """Pleasure Of The Hunt: "Each time your opponent plays a Master card, you may either burn five cards
    from the top of your Endurance to counter the card and remove it from the game, or choose a card at
    random from his hand and discard it." -- when he plays it, in his turn: the two choices, or neither."""
    d = _hunted()
    assert d.to_move == 1 and d.active == 0
    assert sorted((a.type, a.purpose) for a in d.legal_actions()) == [
        (T.COUNTER, "burn"),
        (T.DECLINE, None),
        (T.DISCARD, "at-random"),
    ]
    plain = duel_at("attack", hands=(["thrust"], []), in_play=([], [HUNT]))
    plain, _ = step(plain, T.ATTACK, "thrust")
    assert not plain.reaction  # not a Master card
    signature = duel_at("attack", hands=(["thrust", "combination"], []), in_play=([], [HUNT]))
    signature, _ = step(signature, T.ATTACK, "thrust")
    signature, _ = step(signature, T.EDGE, "combination")
    assert not signature.reaction  # a Signature card that is not a Master card


def test_burning_five_counters_the_master_card_and_removes_it_from_the_game():
    """ "burn five cards from the top of your Endurance to counter the card and remove it from the game"
    -- the five go to the discard pile; the attack is countered (still played) and leaves the game."""
    top = ["upper-left-attack", "thrust", "lower-right-block", "jump-generic", "upper-center-block"]
    d = _hunted(endurance1=top + ["lower-left-block"] * 3)
    d, events = step(d, T.COUNTER, HUNT, purpose="burn")
    assert keys(d, 1, "discard") == sorted(top)
    assert keys(d, 1, "endurance") == ["lower-left-block"] * 3
    assert keys(d, 0, "removed") == ["test-master-strike"] and "test-master-strike" not in keys(
        d, 0, "discard"
    )
    assert [s.settled for s in d.outgoing] == ["countered"] and d.t_attacks == 1
    assert [e.rule for e in events if e.kind in ("burn", "counter")] == [R_HUNT, R_HUNT]
    assert keys(d, 1, "in_play") == [HUNT]  # a Situation: it stays, for the next Master card


def test_burning_is_not_an_exertion():
    """The supplement's note on Pleasure Of The Hunt "Clarifies when the events are occurring and if it is
    an exertion on your opponents turn": it happens when the opponent plays the Master card, and burning
    is not an Exertion -- nothing is revealed to choose from, and the turn's Exertion is untouched."""
    d = _hunted()
    d, _ = step(d, T.COUNTER, HUNT, purpose="burn")
    assert d.exertion == () and not d.t_exerted
    assert has(d, T.EXERT, purpose="nothing")  # the active player's one Exertion is still his


def test_burning_five_from_a_short_endurance_exhausts_and_goes_on():
    """Exhaustion: "When the last card in your Endurance is drawn, discarded or otherwise taken from your
    Endurance, you Exhaust ... Reshuffle your Endurance ... and continue play." """
    d = duel_at(
        "attack",
        hands=(["test-master-strike"], []),
        in_play=([], [HUNT]),
        endurance=(["thrust"] * 5, ["thrust"] * 2),
        discard=([], ["upper-left-block"] * 4),
    )
    d, _ = step(d, T.ATTACK, "test-master-strike")
    d, events = step(d, T.COUNTER, HUNT, purpose="burn")
    assert d.players[1].exhaustions == 1
    assert len(d.players[1].endurance) + len(d.players[1].discard) == 6  # every card is still there
    # the card that emptied the Endurance was still being burnt when the discard pile was reshuffled:
    # it and the three burnt after the reshuffle are in the discard pile
    assert len(d.players[1].discard) == 4
    short = duel_at(
        "attack",
        hands=(["test-master-strike"], ["thrust"]),
        in_play=([], [HUNT]),
        endurance=(["thrust"] * 5, ["thrust"] * 2),
        discard=([], ["upper-left-block"] * 2),
    )
    short, _ = step(short, T.ATTACK, "test-master-strike")
    assert not has(short, T.COUNTER)  # four cards in all: five cannot be burnt


def test_discarding_a_card_at_random_from_his_hand_leaves_the_master_card_in_play():
    """ "... or choose a card at random from his hand and discard it." -- the Master card stands."""
    seen = set()
    for seed in range(12):
        d = _hunted(seed=seed)
        hand = keys(d, 0, "hand")
        d, events = step(d, T.DISCARD, HUNT, purpose="at-random")
        (gone,) = keys(d, 0, "discard")
        assert sorted(keys(d, 0, "hand") + [gone]) == hand
        assert [e.rule for e in events] == [R_HUNT] and d.to_move == 0
        assert [s.settled for s in d.outgoing] == [""] and "test-master-strike" in keys(d, 0, "in_play")
        seen.add(gone)
    assert seen == {"thrust", "upper-left-block"}  # at random: either card, by the duel's dice


def test_pleasure_of_the_hunt_answers_a_master_special_card_too():
    """A Master card played as a Special card (Master's Chronicles) is countered before it has any effect,
    and removed from the game."""
    d = duel_at("attack", hands=([CHRONICLES, "thrust"], []), in_play=([], [HUNT]))
    d, _ = step(d, T.SPECIAL, CHRONICLES)
    assert d.to_move == 1
    d, _ = step(d, T.COUNTER, HUNT, purpose="burn")
    assert keys(d, 0, "removed") == [CHRONICLES] and keys(d, 0, "in_play") == [] and d.t_special


def test_a_master_combat_trick_is_hunted_and_still_counts_as_played():
    """A Combat Trick that is a Master card is answered as it is played, like an attack; countered, "it is
    still considered to have been played": the turn's one Combat Trick is spent."""
    d = duel_at("attack", hands=(["test-master-feint", "thrust"], []), in_play=([], [HUNT]), pool=MASTERS)
    d, _ = step(d, T.TRICK, "test-master-feint")
    assert d.to_move == 1 and d.reaction.trigger == "trick"
    d, _ = step(d, T.COUNTER, HUNT, purpose="burn")
    assert keys(d, 0, "removed") == ["test-master-feint"] and [s.settled for s in d.outgoing] == ["countered"]
    assert d.t_trick and not has(d, T.TRICK) and has(d, T.ATTACK, "thrust")


def test_a_face_down_master_attack_is_not_hunted():
    d = duel_at("attack", hands=(["test-master-strike"], []), in_play=([], [HUNT]), hidden_right=True)
    d, _ = step(d, T.ATTACK, "test-master-strike", hidden=True)
    assert not d.reaction


def test_a_nullified_pleasure_of_the_hunt_does_nothing():
    """Nullify: "the card has no effect on any card, player, rule or effect in the game." """
    d = duel_at("attack", hands=(["test-master-strike"], []), in_play=([], [HUNT]))
    d.t_nullified = (cid(d, 1, "in_play", HUNT),)
    d, _ = step(d, T.ATTACK, "test-master-strike")
    assert not d.reaction


def test_the_window_round_trips_as_a_position_and_as_json():
    d = _hunted()
    back = rules.Duel.from_position(d.position())
    assert [a.label for a in back.legal_actions()] == [a.label for a in d.legal_actions()]
    burnt, _ = step(d, T.COUNTER, HUNT, purpose="burn")
    again = rules.Duel.from_position(burnt.position())
    assert again.position() == burnt.position() and rules.Duel.from_json(burnt.to_json()) == burnt
    assert find(again, T.PASS)


# ---------------------------------------------------------------- deck building: both are playable now


def test_both_cards_are_built_into_decks_that_may_use_them():
    """No longer refused as unplayable: Master's Chronicles (Signature 2) in a Darius deck; Pleasure Of The
    Hunt (Reserved to Martin Hyde, whose Persona the documents do not print) in the deck of Ramirez as
    Persona, who may "borrow one Immortal Specific card from each immortal (reserved or not)"."""
    from test_supplement_deck import RAMIREZ, check

    assert check([CHRONICLES] * 2, pregame=["darius"], pool="highlander") == []
    assert check([HUNT] * 3, pregame=[RAMIREZ], pool="highlander") == []
    assert check([CHRONICLES], pregame=[RAMIREZ], pool="highlander")  # Signature: Ramirez may not
    assert check([HUNT], pregame=[], pool="highlander")  # Reserved: not a Generic Persona's
    pool = rules.cardpool()
    assert pool[CHRONICLES].playable and pool[HUNT].playable


# ---------------------------------------------------------------- random play with legal decks

EXAMPLES = int(os.environ.get("RULES_REACTIONS_EXAMPLES", "25"))


def _decks():
    from test_rules_deck import BASE
    from test_supplement_deck import RAMIREZ

    darius = rules.Deck(
        pregame=["darius"], endurance=[*BASE, CHRONICLES, CHRONICLES, "combination", "combination"]
    )
    hyde = rules.Deck(pregame=[RAMIREZ], endurance=[*BASE, HUNT, HUNT, HUNT])
    assert rules.check_deck(darius) == [] and rules.check_deck(hyde) == []
    return darius, hyde


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(2**40, 2**63), choice_seed=st.integers(0, 2**32), mirror=st.booleans())
def test_random_duels_with_the_two_cards_in_legal_decks_keep_every_invariant(seed, choice_seed, mirror):
    """Darius with Master's Chronicles against Ramirez with Pleasure Of The Hunt (or against another Darius),
    dealt by `new_duel` from legal decks: no exception, every card in one zone, views leak nothing, JSON
    round-trips, and the seed and actions replay the duel exactly."""
    darius, hyde = _decks()
    decks = (darius, darius if mirror else hyde)
    d = rules.new_duel(*decks, seed=seed)
    choice = random.Random(choice_seed)
    actions = []
    for _ in range(400):
        if d.phase == "over":
            break
        a = rules.bots.choose(d, ("random", "random", "heuristic")[choice.randrange(3)], choice)
        d, events = d.apply(a)
        actions.append(a)
        assert all(e.rule and e.text for e in events)
        check_zones(d)
        for seat in (0, 1):
            check_view(d, seat, seed)
    assert rules.Duel.from_json(json.loads(json.dumps(d.to_json()))) == d
    again = rules.new_duel(*decks, seed=seed)
    for a in actions:
        again, _ = again.apply(rules.Action.from_json(json.loads(json.dumps(a.to_json()))))
    assert again == d


def test_the_answers_occur_in_random_play_with_legal_decks():
    """The duels the property test deals reach both cards' answers (else it would prove little)."""
    darius, hyde = _decks()
    seen = set()
    for seed in range(40):
        d = rules.new_duel(darius, hyde if seed % 2 else darius, seed=seed)
        choice = random.Random(seed)
        for _ in range(400):
            if d.phase == "over":
                break
            a = rules.bots.choose(d, "random", choice)
            if d.reaction and a.type != T.DECLINE:
                seen.add((a.type, a.purpose or ""))
            d, _ = d.apply(a)
        if len(seen) >= 3:
            break
    assert {(T.USE, ""), (T.COUNTER, "burn"), (T.DISCARD, "at-random")} <= seen


def test_the_random_discard_never_takes_the_cards_held_from_the_top_of_the_endurance():
    """The Ramirez Pre-Game's two cards are played "as if they were in your hand" but stay "on the top of
    your Endurance": a card chosen at random "from his hand" is never one of them."""
    for seed in range(8):
        d = duel_at(
            "attack",
            hands=(["test-master-strike", "thrust"], []),
            in_play=([], [HUNT]),
            pregame=(["faith", "juan-sanchez-villa-lobos-ramirez"], []),
            endurance=(["upper-left-block", "jump-generic"] + ["thrust"] * 10, ["thrust"] * 10),
            seed=seed,
        )
        d, _ = step(d, T.PEEK)
        d, _ = step(d, T.ATTACK, "test-master-strike")
        d, _ = step(d, T.DISCARD, HUNT, purpose="at-random")
        assert keys(d, 0, "discard") == ["thrust"]


@pytest.mark.parametrize(
    ("window", "field"),
    [
        ({"trigger": "attack", "index": 3}, "reaction.index"),
        ({"trigger": "trick", "index": -1}, "reaction.index"),
        ({"trigger": "hunt"}, "reaction.trigger"),
        ({"trigger": "special", "seat": 0}, "reaction.seat"),
    ],
)
def test_a_broken_window_in_a_position_is_refused_naming_its_field(window, field):
    """A position is checked as it is read: a window on no strike, of an unknown kind, or for the seat on
    turn is refused with the field at fault, never read into a duel that fails later."""
    position = {
        "phase": "attack",
        "players": [{"hand": ["thrust"], "in_play": [HUNT]}, {"in_play": [HUNT]}],
        "reaction": {"seat": 1, "card": HUNT + "#1", **window},
    }
    with pytest.raises(ValueError, match=field):
        rules.Duel.from_position(position)
