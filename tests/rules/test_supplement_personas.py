"""Persona powers of the MLE supplement as printed (errata applied), each set up as a position
(`rules.Duel.from_position`, directly or through `duel_at`)."""

from __future__ import annotations

from hlrules_support import duel_at, find, has, keys, step
from test_supplement_deck import SUPP

import rules
from rules.actions import ActionType as T

ENDURANCE = ["thrust", "lower-right-block", "middle-left-attack", "lower-center-block"] * 3
DARIUS = ["darius", "faith", "cracker-bob"]


# ---------------------------------------------------------------- Nick Wolfe


def _nick(hand, **kw):
    return duel_at("attack", hands=(hand, ()), pregame=(["nick-wolfe"], ()), disarmed=True, **kw)


def test_nick_wolfe_discards_a_special_to_play_a_basic_attack_as_a_one_point_ranged_attack():
    """Nick Wolfe: "You may once per turn designate a basic Attack in your hand to be a one point damage
    Ranged Attack. ... You must discard a Special Card from your hand in order to play this Ranged
    Attack. You may play this attack even if you are disarmed." """
    d = _nick(["upper-left-attack", "foresee-the-unexpected"])
    assert not has(d, T.ATTACK, "upper-left-attack")  # disarmed: no ordinary attack
    d, events = step(d, T.RANGED, "upper-left-attack")
    assert keys(d, 0, "discard") == ["foresee-the-unexpected"]
    assert d.outgoing[0].ranged and "card/nick-wolfe" in [e.rule for e in events]
    assert d.view(1)["attacks_this_turn"][0]["ranged"]  # both players see it is a Ranged Attack
    assert not has(d, T.RANGED)  # once per turn (and one attack)
    assert not any(a.type == T.EXERT and a.purpose == "power-blow" for a in d.legal_actions())
    assert not has(_nick(["upper-left-attack"]), T.RANGED)  # no Special card to discard
    assert not has(_nick(["head-shot", "foresee-the-unexpected"]), T.RANGED)  # not a basic Attack
    other = duel_at("attack", hands=(["upper-left-attack", "foresee-the-unexpected"], ()))
    assert not has(other, T.RANGED)


def test_nick_wolfes_ranged_attack_cannot_be_blocked_and_does_one_damage():
    """ "When played, it is played as a Ranged Attack with all conditions of a Ranged Attack" -- "Ranged
    Attacks cannot be blocked under any circumstances" -- and it is "a one point damage" attack."""
    d = duel_at(
        "defense",
        active=1,
        hands=((), ["upper-left-block", "upper-center-block"]),
        incoming=[("upper-left-attack", {"ranged": True})],
        pregame=(["nick-wolfe"], ()),
    )
    assert not has(d, T.DEFEND)
    d, _ = step(d, T.PASS)  # no defense against it
    d, events = step(d, T.PASS)  # end of the Defense Phase: the attack is successful
    assert d.players[1].pending_damage == 1 and any("1 damage" in e.text for e in events)


# ---------------------------------------------------------------- Darius


def _darius(hand, **kw):
    return duel_at("attack", hands=(hand, ()), pregame=(DARIUS, ()), pool=SUPP, **kw)


def test_darius_plays_a_gridded_card_of_another_persona_only_without_a_special():
    """Darius: "You may only play a gridded card from another Persona if you choose not to play a
    Special." After his Special no such card; after such a card no Special."""
    hand = ["supp-faith-lunge", "foresee-the-unexpected", "upper-left-attack"]
    d = _darius(hand)
    assert has(d, T.ATTACK, "supp-faith-lunge") and has(d, T.SPECIAL, "foresee-the-unexpected")
    after_special = _darius(hand, t_special=True)
    assert not has(after_special, T.ATTACK, "supp-faith-lunge")
    assert has(after_special, T.ATTACK, "upper-left-attack")  # his own cards as usual
    d, _ = step(d, T.ATTACK, "supp-faith-lunge")
    assert not has(d, T.SPECIAL)
    own = _darius(hand)
    own, _ = step(own, T.ATTACK, "upper-left-attack")
    assert has(own, T.SPECIAL, "foresee-the-unexpected")


def test_darius_reminder_personas_provide_no_other_benefit():
    """Darius: "they serve only as a reminder of the Reserved cards you are using, and provide no other
    benefit": Cracker Bob's Power Blow without an Exertion is not Darius' power."""
    d = _darius(["upper-left-attack"])
    d, _ = step(d, T.ATTACK, "upper-left-attack")
    assert not has(d, T.POWER_BLOW)


# ---------------------------------------------------------------- Cracker Bob


def _bob_attacked(special_turn):
    return rules.Duel.from_position(
        {
            "pool": "highlander",
            "turn": 4,
            "active": 1,
            "phase": "defense",
            "players": [
                {"pregame": ["cracker-bob"], "in_play": ["upper-left-attack"], "special_turn": special_turn},
                {"hand": ["upper-left-block", "duck-generic"], "endurance": list(ENDURANCE)},
            ],
            "incoming": [{"card": "upper-left-attack"}],
        }
    )


def test_cracker_bobs_opponent_discards_the_top_of_his_endurance_for_each_block_after_a_special():
    """Cracker Bob: "If you do play a Special card, your opponent must discard the top card of his
    Endurance for each block he plays." Bob played a Special in turn 3: each block in turn 4 costs the
    top card; a dodge costs nothing; without Bob's Special a block costs nothing."""
    d, events = step(_bob_attacked(3), T.DEFEND, "upper-left-block")
    assert keys(d, 1, "discard") == ["thrust"] and len(d.players[1].endurance) == len(ENDURANCE) - 1
    assert "card/cracker-bob" in [e.rule for e in events]
    d, _ = step(_bob_attacked(2), T.DEFEND, "upper-left-block")
    assert keys(d, 1, "discard") == []
    d, _ = step(_bob_attacked(3), T.DEFEND, "duck-generic")
    assert keys(d, 1, "discard") == []


def test_cracker_bobs_special_is_remembered_from_his_turn():
    """The turn in which Bob plays a Special card is what his opponent's blocks look at."""
    d = duel_at(
        "attack", hands=(["foresee-the-unexpected", "upper-left-attack"], ()), pregame=(["cracker-bob"], ())
    )
    d, _ = step(d, T.SPECIAL, "foresee-the-unexpected")
    d, _ = step(d, T.ATTACK, "upper-left-attack")
    while d.active == 0:
        d, _ = d.apply(d.legal_actions()[0])  # end the attack phase, draw
    assert d.players[0].special_turn == 3


# ---------------------------------------------------------------- Ramirez


def _ramirez(hand, pregame=("juan-sanchez-villa-lobos-ramirez",)):
    return duel_at("attack", hands=(hand, ()), pregame=(list(pregame), ()), pool=SUPP)


def test_ramirez_plays_an_additional_attack_if_it_is_a_slash():
    """Ramirez as Persona: "You may play an additional attack if that attack is a slash." """
    hand = ["upper-left-attack", "test-duncan-slash", "lower-right-attack"]
    d, _ = step(_ramirez(hand), T.ATTACK, "upper-left-attack")
    assert has(d, T.ATTACK, "test-duncan-slash") and not has(d, T.ATTACK, "lower-right-attack")
    d, _ = step(d, T.ATTACK, "test-duncan-slash")
    assert not has(d, T.ATTACK)
    slash_first, _ = step(_ramirez(hand), T.ATTACK, "test-duncan-slash")
    assert has(slash_first, T.ATTACK, "upper-left-attack")  # the slash is the additional one
    anyone, _ = step(_ramirez(hand, pregame=()), T.ATTACK, "upper-left-attack")
    assert not has(anyone, T.ATTACK)


def test_ramirez_may_exert_for_his_additional_slash():
    """The additional attack may be a slash an Exertion finds."""
    d, _ = step(_ramirez(["upper-left-attack"]), T.ATTACK, "upper-left-attack")
    assert any(a.type == T.EXERT and a.purpose == "attack" for a in d.legal_actions())
    assert find(d, T.EXERT, purpose="attack", n=3)


def test_nick_wolfe_may_start_with_a_weapon_of_choice_played_face_down():
    """Nick Wolfe: "Nick may start the game with a Weapon Of Choice in a Pre Game slot. However, it must
    be played face down to indicate being disarmed." His Weapon's cards stay unplayable."""
    generic = rules.starter_decks()[0]
    nick = rules.Deck(pregame=("nick-wolfe", "sword-of-babylon"), endurance=generic.endurance)
    assert rules.check_deck(nick) == []
    d = rules.new_duel(nick, generic, seed=5)
    assert d.view(0)["you"]["disarmed"]
    armed = duel_at(
        "attack",
        hands=(["thrust", "twist-of-the-blade-unblockable"], ()),
        pregame=(["nick-wolfe", "sword-of-babylon"], ()),
        disarmed=True,
    )
    assert not any(a.extras for a in armed.legal_actions() if a.type == T.ATTACK)


# ---------------------------------------------------------------- Ramirez as a non-Persona Pre-Game

RAMIREZ_PG = ["faith", "juan-sanchez-villa-lobos-ramirez"]


def _ramirez_pg(endurance, hand=(), phase="attack"):
    return duel_at(
        phase, hands=(list(hand), ()), pregame=(RAMIREZ_PG, ()), endurance=(endurance, ["thrust"] * 10)
    )


def test_ramirez_pregame_plays_the_top_two_cards_of_the_endurance_as_if_in_the_hand():
    """MLE1 Ramirez Pre-Game, as a non-Persona PG: "Once per turn, you may look at the top two cards or
    your deck. Until the end of your turn, if these cards still are on the top of your Endurance, you can
    play them as if they were in your hand." """
    d = _ramirez_pg(["upper-left-attack", "foresee-the-unexpected", "thrust", "thrust"])
    assert not has(d, T.ATTACK, "upper-left-attack")
    d, events = step(d, T.PEEK)
    assert events[-1].for_seat(1)["text"].endswith("(Ramirez Pre-Game).")  # names no card
    assert "Upper Left Attack" in events[-1].for_seat(0)["text"]
    assert has(d, T.ATTACK, "upper-left-attack") and has(d, T.SPECIAL, "foresee-the-unexpected")
    assert not has(d, T.PEEK)  # once per turn
    d, _ = step(d, T.ATTACK, "upper-left-attack")
    assert keys(d, 0, "endurance").count("thrust") == 2 and "upper-left-attack" in keys(d, 0, "in_play")


def test_ramirez_pregame_cards_left_unplayed_go_back_on_top_in_order():
    """ "if these cards still are on the top of your Endurance": unplayed, they are still the top two
    cards when the turn moves on to the draw."""
    d, _ = step(
        _ramirez_pg(["upper-left-attack", "foresee-the-unexpected", "thrust"], hand=["lower-right-attack"]),
        T.PEEK,
    )
    d, _ = step(d, T.ATTACK, "lower-right-attack")
    d, _ = step(d, T.PASS)  # end of the Attack Phase
    assert d.phase == "draw" and d.players[0].on_top == () and keys(d, 0, "hand") == []
    top = [d.cards[c] for c in reversed(d.players[0].endurance)]
    assert top == ["upper-left-attack", "foresee-the-unexpected", "thrust"]


def test_ramirez_pregame_cards_an_exertion_reveals_are_no_longer_held():
    """An Exertion takes the top cards: the two looked at are among them, no longer on top."""
    d, _ = step(
        _ramirez_pg(
            ["upper-left-attack", "foresee-the-unexpected"] + ["thrust"] * 6, hand=["lower-right-attack"]
        ),
        T.PEEK,
    )
    d, _ = step(d, T.EXERT, purpose="nothing")
    assert "upper-left-attack" not in keys(d, 0, "hand") and d.players[0].on_top == ()
    assert {"upper-left-attack", "foresee-the-unexpected"} <= set(keys(d, 0, "discard"))


def test_ramirez_pregame_cannot_put_an_innately_unexpected_card_into_play():
    """FAQ: "I find an Unexpected card in my top 2 cards of my endurance. May I put it into play? A - No,
    innately Unexpected cards can only be put into play by the act of drawing them." """
    d, _ = step(_ramirez_pg(["holy-ground", "thrust", "thrust"]), T.PEEK)
    assert not any(a.card and d.cards[a.card] == "holy-ground" for a in d.legal_actions())


def test_ramirez_as_a_pregame_gives_none_of_his_persona_powers():
    """As a non-Persona PG only its Pre-Game text applies: Faith is the Persona, so no 3 or 5 card
    Exertion and no additional slash."""
    d = _ramirez_pg(["thrust"] * 8, hand=["upper-left-attack"])
    assert {a.n for a in d.legal_actions() if a.type == T.EXERT} == {None}
    alone = duel_at(
        "attack", hands=(["upper-left-attack"], ()), pregame=(["juan-sanchez-villa-lobos-ramirez"], ())
    )
    assert not has(alone, T.PEEK)  # as the Persona he has the Persona text only
