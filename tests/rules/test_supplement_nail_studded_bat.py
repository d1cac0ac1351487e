"""Nail Studded Bat, the Weapon of Choice whose text the supplement prints as a clarification: "You may
make any attack a Power Blow without an Exertion. You may only make a Head Shot using a card with the
sub-title Nail-Studded Bat." Each sentence set up as a position, with the cards of the pool (the
documents print no card sub-titled Nail-Studded Bat that makes a Head Shot: the test pool adds one)."""

from __future__ import annotations

import random

import pytest
from hlrules_support import POOL, cid, duel_at, find, has, step

import rules
from rules.actions import ActionType as T
from rules.cards import cardpool, make_card, register_pool

BAT = "nail-studded-bat"
RULE = f"card/{BAT}"
BAT_POOL = "nail-studded-bat-test"
register_pool(
    BAT_POOL,
    list(cardpool(POOL).values())
    + [
        make_card(
            dict(
                title="Supp Bat Skull Crack",
                type="event",
                weapon="Nail-Studded Bat",
                conjunction="upper-attack",
                text="A Head Shot sub-titled Nail-Studded Bat (test pool).",
            )
        )
    ],
)


def _attacked(hand=("upper-left-attack",), attack="upper-left-attack", pregame=(BAT,), **kw):
    d = duel_at("attack", hands=(list(hand), []), pregame=(list(pregame), []), **kw)
    d, _ = step(d, T.ATTACK, attack, extras=())
    return d


def test_the_bat_is_a_weapon_of_choice_a_deck_may_hold_alone():
    """The card is a Weapon of Choice Pre-Game with its printed text; "Normally, you may utilize only one
    Weapon of Choice": with a second one the deck is refused."""
    bat = rules.cardpool()[BAT]
    assert bat.type == "weapon" and bat.playable and bat.source == "mle-errata/nail-studded-bat"
    assert bat.text.startswith("You may make any attack a Power Blow without an Exertion.")
    generic = rules.starter_decks()[0]
    deck = rules.Deck(pregame=(BAT,), endurance=generic.endurance)
    assert rules.check_deck(deck) == []
    two = rules.Deck(pregame=(BAT, "sword-of-babylon"), endurance=generic.endurance)
    assert any("core/advanced/weapons-of-choice" in p for p in rules.check_deck(two))
    d = rules.new_duel(deck, generic, seed=11)
    assert d.view(1)["opponent"]["pregame"][0]["key"] == BAT  # the opponent sees the weapon


def test_any_attack_becomes_a_power_blow_without_an_exertion():
    """ "You may make any attack a Power Blow without an Exertion." The Endurance stays whole, nothing is
    revealed, and the event names the Bat; unlike Cracker Bob's power, a Special card played does not
    take it away."""
    for attack in ("upper-left-attack", "lower-right-attack", "thrust"):
        d = _attacked(hand=[attack], attack=attack)
        endurance = list(d.players[0].endurance)
        d2, events = d.apply(find(d, T.POWER_BLOW, target=0))
        assert d2.outgoing[0].power_blow and list(d2.players[0].endurance) == endurance
        assert not any(e.kind == "exert" for e in events)
        assert [e.rule for e in events if e.kind == "power-blow"] == [RULE]
        assert d2.phase != "attack"  # made at the end of the Attack Phase, as a Power Blow is
    after_special = _attacked(t_special=True)
    assert has(after_special, T.POWER_BLOW, target=0)
    assert has(after_special, T.EXERT, purpose="power-blow")  # exerting for it stays allowed
    without = _attacked(pregame=("sword-of-babylon",))
    assert not has(without, T.POWER_BLOW)


def test_the_power_blow_is_still_one_a_turn_and_only_for_an_attack_that_may_be_one():
    """ "You may only make one Power Blow per turn." and "Special Attacks may not be Power Blows": the Bat
    makes the Power Blow free, it does not lift those rules (nor make a Dirty Trick or a Martial Arts
    attack one)."""
    spent = _attacked(t_power_blow=True)
    assert not has(spent, T.POWER_BLOW)
    for attack in ("test-dirty-trick", "test-ma-kick"):
        d = _attacked(hand=[attack], attack=attack)
        assert not has(d, T.POWER_BLOW) and not has(d, T.EXERT, purpose="power-blow")
    disarmed = duel_at(
        "attack", hands=(["test-dirty-trick"], []), pregame=([BAT], []), disarmed=True, outgoing=()
    )
    assert not has(disarmed, T.POWER_BLOW)


def test_a_head_shot_only_with_a_card_sub_titled_nail_studded_bat():
    """ "You may only make a Head Shot using a card with the sub-title Nail-Studded Bat." The Head Shot
    Event is refused to the Bat's holder, with or without an Exertion, naming the Bat; without the Bat
    it is offered."""
    hand = (["upper-left-attack", "head-shot"], [])
    d = duel_at("attack", hands=hand, pregame=([BAT], []))
    assert not any(a.extras for a in d.legal_actions() if a.type in (T.ATTACK, T.EXERT))
    anyone = duel_at("attack", hands=hand, pregame=(["sword-of-babylon"], []))
    assert any(a.extras for a in anyone.legal_actions() if a.type == T.ATTACK)
    assert any(a.extras for a in anyone.legal_actions() if a.type == T.EXERT)
    attack, head_shot = cid(d, 0, "hand", "upper-left-attack"), cid(d, 0, "hand", "head-shot")
    for action in (
        rules.Action(T.ATTACK, seat=0, card=attack, extras=(head_shot,)),
        rules.Action(T.EXERT, seat=0, purpose="attack", extras=(head_shot,)),
    ):
        with pytest.raises(rules.IllegalAction) as refused:
            d.apply(action)
        assert refused.value.rule == RULE and "Nail-Studded Bat" in str(refused.value)


def test_a_head_shot_with_a_nail_studded_bat_card_is_allowed():
    """The same sentence, the other way: a Head Shot made with a card sub-titled Nail-Studded Bat (test
    pool) is played, and its attack is a Power Blow Head Shot."""
    d = duel_at(
        "attack",
        hands=(["upper-left-attack", "supp-bat-skull-crack"], []),
        pregame=([BAT], []),
        pool=BAT_POOL,
    )
    assert has(d, T.EXERT, purpose="attack", extras=(cid(d, 0, "hand", "supp-bat-skull-crack"),))
    d, _ = step(d, T.ATTACK, "upper-left-attack", extras=(cid(d, 0, "hand", "supp-bat-skull-crack"),))
    assert d.outgoing[0].head_shot and d.outgoing[0].power_blow


def test_bat_duels_between_bots_use_the_free_power_blow_and_end():
    """A starter deck with the Bat plays whole duels: the random bot finds the free Power Blow."""
    generic = rules.starter_decks()[0]
    bat = rules.Deck(pregame=(BAT,), endurance=generic.endurance)
    free_blows = 0
    for seed in range(6):
        d = rules.new_duel(bat, generic, seed=seed)
        rng = random.Random(seed)
        while d.legal_actions():
            d, events = d.apply(rules.bots.choose(d, "random", rng))
            free_blows += sum(1 for e in events if e.kind == "power-blow" and e.rule == RULE)
        assert d.phase == "over"
    assert free_blows > 0


def test_a_countered_attack_whose_card_was_reshuffled_is_no_power_blow_and_no_crash():
    """A countered attack "has no effect on play" and stays in the turn's attacks; once its card
    has been reshuffled into the Endurance (an Exhaustion) under a new id, the attack names a card
    no longer in the duel. With the Bat's free Power Blow on offer, the legal actions used to look
    that card up and fail; now they simply offer no Power Blow for it."""
    d = rules.Duel.from_position(
        {
            "turn": 3,
            "active": 0,
            "phase": "attack",
            "players": [
                {"pregame": [BAT], "hand": ["upper-left-attack"], "endurance": ["thrust"] * 5},
                {"endurance": ["thrust"] * 5},
            ],
            "outgoing": [{"card": None, "settled": "countered"}],
            "this_turn": {"played": True, "attacks": 1},
        }
    )
    assert d.outgoing[0].card not in d.cards
    actions = d.legal_actions()
    assert not [a for a in actions if a.type == T.POWER_BLOW]
    assert [a for a in actions if a.type == T.PASS]  # the turn goes on
