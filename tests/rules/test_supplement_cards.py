"""The printed cards of the MLE supplement the engine plays, set up as positions
(`rules.Duel.from_position`, through `duel_at`)."""

from __future__ import annotations

from hlrules_support import draw, duel_at, has, keys, step
from test_supplement_deck import SUPP

from rules.actions import ActionType as T


def _twist_attacks(d, edge="twist"):
    return [
        a
        for a in d.legal_actions()
        if a.type == T.ATTACK and d.cards[a.card] == "thrust" and any(edge in d.cards[e] for e in a.extras)
    ]


def test_hans_kershner_is_played_with_a_card_of_another_weapon_of_choice():
    """Hans Kershner: "For each Hans Kershner card you have in your deck, you may have one Weapon specific
    card from another Weapon of Choice in your deck. Hans Kershner must be played in conjunction with the
    weapon-specific card." A Naginata player plays Sword of Babylon's Twist Of The Blade only with a Hans
    Kershner, and the Kershner (an Event) is his Special card for the turn."""
    hand = ["thrust", "twist-of-the-blade-unblockable", "hans-kershner", "foresee-the-unexpected"]
    d = duel_at(hands=(hand, ()), pregame=(["naginata"], ()))
    (attack,) = _twist_attacks(d)
    assert sorted(d.cards[e] for e in attack.extras) == ["hans-kershner", "twist-of-the-blade-unblockable"]
    d, _ = d.apply(attack)
    assert sorted(keys(d, 0, "in_play")) == ["hans-kershner", "thrust", "twist-of-the-blade-unblockable"]
    assert not any(a.type == T.SPECIAL for a in d.legal_actions())  # the turn's Special is spent

    without = duel_at(hands=(hand[:2], ()), pregame=(["naginata"], ()))
    assert _twist_attacks(without) == []
    after_special = duel_at(hands=(hand, ()), pregame=(["naginata"], ()), t_special=True)
    assert _twist_attacks(after_special) == []


def test_a_twist_of_your_own_weapon_needs_no_hans_kershner():
    """Weapon specific cards of your own Weapon of Choice are played as usual."""
    d = duel_at(
        hands=(["thrust", "twist-of-the-blade-unblockable", "hans-kershner"], ()),
        pregame=(["sword-of-babylon"], ()),
    )
    assert [sorted(d.cards[e] for e in a.extras) for a in _twist_attacks(d)] == [
        ["twist-of-the-blade-unblockable"]
    ]


def test_a_dual_weapon_card_is_played_with_either_weapon_named():
    """Dual Cards: "either Persona or Weapon listed there may include the card in their deck and play it
    as normal" -- a Katar / Naginata Edge with a Thrust, for a Naginata player, without Hans Kershner."""
    d = duel_at(hands=(["thrust", "supp-twin-blades"], ()), pregame=(["naginata"], ()), pool=SUPP)
    assert [[d.cards[e] for e in a.extras] for a in _twist_attacks(d, "supp-twin-blades")] == [
        ["supp-twin-blades"]
    ]
    sword = duel_at(hands=(["thrust", "supp-twin-blades"], ()), pregame=(["sword-of-babylon"], ()), pool=SUPP)
    assert _twist_attacks(sword, "supp-twin-blades") == []


def test_holy_ground_overturned_in_an_exertion_is_removed_from_the_game():
    """FAQ: "if I over turn the Holy Ground during in an Exertion, do I still have to remove it from the
    game? A - Yes, you do. ... if it goes into the discard pile because it was swept or from an exertion,
    it is removed from the game." """
    top = ["holy-ground", "thrust", "thrust", "lower-right-block", "upper-center-block"]
    d = duel_at(hands=(["upper-left-attack"], ()), endurance=(top + ["thrust"] * 10, ["thrust"] * 10))
    d, _ = step(d, T.EXERT, purpose="nothing")
    while d.exertion:
        d, _ = step(d, T.PASS)
    assert "holy-ground" in keys(d, 0, "removed") and "holy-ground" not in keys(d, 0, "discard")
    assert keys(d, 0, "discard").count("thrust") == 2


def test_combat_tricks_are_never_hidden_power_blows_or_pulled_from_an_exertion():
    """Combat Tricks: "Combat Tricks have the same limitations as Special Attacks: they cannot normally be
    made Hidden, turned into a Power Blow, or played from an Exertion." """
    d = duel_at(hands=(["superior-tactics", "upper-left-attack"], ()), hidden_right=True)
    tricks = [a for a in d.legal_actions() if a.type == T.TRICK]
    assert tricks and not any(a.hidden for a in tricks)  # the Hidden right covers attacks only
    d, _ = step(d, T.TRICK)
    assert not any(a.type == T.EXERT and a.purpose == "power-blow" for a in d.legal_actions())
    top = ["superior-tactics", "thrust", "thrust", "thrust", "thrust"]
    exert = duel_at(hands=(["lower-right-block"], ()), endurance=(top + ["thrust"] * 5, ["thrust"] * 10))
    exert, _ = step(exert, T.EXERT, purpose="attack")
    chosen = {exert.cards[a.card] for a in exert.legal_actions() if a.type == T.CHOOSE}
    assert chosen == {"thrust"}


def test_a_card_that_gives_another_attack_gives_no_second_combat_trick():
    """ "A Combat Trick is not modified by any card that modifies attacks, because it is not an attack. For
    instance, a Dueling Ground does not allow you to play two Combat Tricks." (an extra attack this turn)"""
    d = duel_at(
        hands=(["superior-tactics", "superior-tactics", "upper-left-attack", "thrust"], ()), t_extra=1
    )
    d, _ = step(d, T.TRICK)
    assert not any(a.type == T.TRICK for a in d.legal_actions())
    d, _ = step(d, T.ATTACK, "upper-left-attack")
    assert any(a.type == T.ATTACK for a in d.legal_actions())  # the extra attack stands


def test_example_3_a_card_treated_as_unexpected_found_by_the_ramirez_pregame_is_played_normally():
    """Cards treated as Unexpected, Example 3: "Player A looks at the top 2 cards of his endurance using the
    Ramirez Pre-Game ability. He finds a Trip card. Player A may play this card normally since the card may
    now be considered to be in his hand. He may not put the card directly into play as an Unexpected card"
    (the test pool's Beach makes Test Trip Unexpected)."""
    d = duel_at(
        hands=(["upper-left-attack"], ()),
        in_play=(["test-beach"], ()),
        pregame=(["faith", "juan-sanchez-villa-lobos-ramirez"], ()),
        endurance=(["test-trip", "thrust", "thrust"], ["thrust"] * 5),
        pool=SUPP,
    )
    d, _ = step(d, T.PEEK)
    d, events = step(d, T.SPECIAL, "test-trip")
    assert "test-trip" in keys(d, 0, "in_play") and d.t_special  # played as his Special card


# ---------------------------------------------------------------- Darius Combination


def _combination(**kw):
    hand = ["combination", "upper-left-attack", "lower-right-attack", "foresee-the-unexpected"]
    return duel_at(hands=(hand, ()), pregame=(["darius"], ()), **kw)


def test_darius_combination_gives_an_additional_attack_only_without_a_special():
    """Darius Combination: "You may play an additional attack this turn. If you do not play a Special card
    this turn you may play this card." """
    d = _combination()
    d, events = step(d, T.EDGE, "combination")
    assert "combination" in keys(d, 0, "in_play") and not has_type(d, T.SPECIAL)
    d, _ = step(d, T.ATTACK, "upper-left-attack")
    d, _ = step(d, T.ATTACK, "lower-right-attack")  # the additional attack
    assert len(d.outgoing) == 2
    assert not has_type(_combination(t_special=True), T.EDGE)
    without, _ = step(_combination(), T.ATTACK, "upper-left-attack")
    assert not any(a.type == T.ATTACK for a in without.legal_actions())


def _consecutive(attacker_in_play):
    return duel_at(
        "defense",
        active=1,
        hands=((), ["upper-left-block", "upper-left-block"]),
        in_play=(list(attacker_in_play), ()),
        incoming=[("upper-left-attack", {}), ("upper-left-attack", {})],
        pregame=(["darius"], ()),
    )


def test_darius_combination_blocks_do_not_defend_against_consecutive_attacks():
    """Darius Combination: "Blocks will not defend against consecutive attacks this turn." One block answers
    one attack; without the Combination it covers both ("one defense covers several attacks in
    sequence")."""
    d, _ = step(_consecutive(["combination"]), T.DEFEND, "upper-left-block", target=0)
    assert has(d, T.DEFEND, "upper-left-block", target=1)  # the second attack still needs a defense
    d, _ = step(d, T.PASS)
    d, events = step(d, T.PASS)
    assert d.players[1].pending_damage == 2
    plain, _ = step(_consecutive([]), T.DEFEND, "upper-left-block", target=0)
    assert not has(plain, T.DEFEND, "upper-left-block", target=1)


# ---------------------------------------------------------------- Jin Ke High Kick


def _high_kick(incoming, **kw):
    return duel_at("defense", active=1, hands=((), ["lower-right-block"]), incoming=incoming, **kw)


def test_high_kick_alone_forbids_an_exertion_for_a_defense():
    """Jin Ke High Kick: "If this is the only attack you play during your turn, your opponent cannot make an
    Exertion for a defense during his next turn." """
    alone = _high_kick([("high-kick", {})])
    assert not any(a.type == T.EXERT and a.purpose == "defense" for a in alone.legal_actions())
    two = _high_kick([("high-kick", {}), ("upper-left-attack", {})])
    assert any(a.type == T.EXERT and a.purpose == "defense" for a in two.legal_actions())


def test_high_kick_successful_both_players_lose_all_standing_defenses():
    """ "If this attack is successful, both players lose all standing defenses." (the attacker's Guard)"""
    d = _high_kick([("high-kick", {})], in_play=(["test-guard"], ()))
    d, events = step(d, T.PASS)  # no defense
    if d.phase == "defense" and has(d, T.PASS):  # an Exertion for nothing may still be offered: end the phase
        d, more = step(d, T.PASS)
        events += more
    assert "test-guard" not in keys(d, 0, "in_play") and "test-guard" in keys(d, 0, "discard")
    assert any("standing defense" in e.text for e in events)


def has_type(d, type_):
    return any(a.type == type_ for a in d.legal_actions())


# ---------------------------------------------------------------- clauses the engine held without a test


def test_pregame_cards_that_may_not_be_removed_from_the_game_are_never_found_by_a_removal():
    """Martial Arts: "MA PG cards modify your Persona and may not be removed from the game"; Places: "Place
    cards may not be removed from the game"; Ramirez Pre-Game: "This card modifies your Persona and may not
    be removed from play". A removal searches the discard pile, Endurance, hand and cards in play, never
    the Pre-Game cards."""
    pregame = ["faith", "juan-sanchez-villa-lobos-ramirez", "test-kung-fu", "test-city"]
    titles = ["Juan Sanchez Villa Lobos Ramirez", "Test Kung Fu", "Test City"]
    d = duel_at("sweep", pregame=(pregame, ()), must_do=[f"remove:{t}" for t in titles], pool=SUPP)
    for title in titles:
        d, _ = step(d, T.RESOLVE, purpose=f"remove:{title}")
    assert keys(d, 0, "pregame") == sorted(pregame) and keys(d, 0, "removed") == []


def test_martial_arts_attacks_may_be_dodged_normally():
    """Martial Arts: "MA attacks may be dodged normally." """
    d = duel_at(
        "defense", active=1, hands=((), ["jump-generic", "lower-left-block"]), incoming=[("test-ma-kick", {})]
    )
    d, events = step(d, T.DEFEND, "jump-generic")
    while d.phase == "defense":
        d, more = step(d, T.PASS)
        events += more
    assert any("Jump avoids Test MA Kick" in e.text for e in events) and d.players[1].pending_damage == 0


def test_a_combat_trick_is_not_an_attack_nor_a_special():
    """Combat Tricks: "They are not attacks, defenses, Specials, or Edges." After one, the turn's attack and
    Special card are still to be played."""
    d = duel_at(hands=(["superior-tactics", "upper-left-attack", "foresee-the-unexpected"], ()))
    d, _ = step(d, T.TRICK)
    assert has(d, T.ATTACK, "upper-left-attack") and has(d, T.SPECIAL, "foresee-the-unexpected")
    assert d.t_attacks == 0 and not d.t_special


def test_an_unexpected_card_enters_play_even_when_no_special_may_be_played():
    """Unexpected cards "are placed into play as soon as they are drawn, and even if there are cards
    preventing the play of Specials" (here: the turn's Special is already played)."""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 13, ()),
        endurance=(["holy-ground", "thrust", "thrust"], ["thrust"] * 5),
        t_special=True,
    )
    d, events = step(d, T.DRAW, n=1)
    assert "holy-ground" not in keys(d, 0, "hand") and any("Holy Ground" in e.text for e in events)


def test_a_location_that_is_not_place_specific_and_a_place_location_replace_each_other():
    """Places: "A Location that is not Place-specific can still be played if a Place is active"; "If a
    Location that is not Place-specific is in play, and a Place-specific Location is played, the previous
    Location leaves play as usual" and the other way round."""
    base = dict(pregame=(["test-city"], ()), active_place="test-city", places_shown=["test-city"], pool=SUPP)
    d = duel_at(hands=(["test-field"], ()), in_play=(["test-city-streets"], ()), **base)
    d, _ = step(d, T.SPECIAL, "test-field")
    assert keys(d, 0, "in_play") == ["test-field"] and "test-city-streets" in keys(d, 0, "discard")
    d = duel_at(hands=(["test-city-streets"], ()), in_play=(["test-field"], ()), **base)
    d, _ = step(d, T.SPECIAL, "test-city-streets")
    assert keys(d, 0, "in_play") == ["test-city-streets"] and "test-field" in keys(d, 0, "discard")


def test_a_faction_plays_a_dual_card_of_its_members_under_either_declared_member():
    """Dual Cards "either Persona ... may include the card in their deck and play it as normal", and a
    Faction uses "the Persona power and cards of either Persona" as declared for the turn."""
    faction = ["test-highlanders", "test-duncan", "test-connor"]
    for member in ("test-duncan", "test-connor"):
        d = duel_at(
            hands=(["supp-brothers-strike"], ()),
            pregame=(faction, ()),
            declared=member,
            declared_turn=3,
            pool=SUPP,
        )
        assert has(d, T.ATTACK, "supp-brothers-strike"), member
    undeclared = duel_at(
        hands=(["test-duncan-slash"], ()),
        pregame=(faction, ()),
        declared="test-connor",
        declared_turn=3,
        pool=SUPP,
    )
    assert not has(undeclared, T.ATTACK, "test-duncan-slash")


def test_unplanned_situation_passes_over_a_situation_whose_requirements_are_not_met():
    """FAQ: "If I draw the card titled Unplanned Situation, if the first Situation I find has requirements
    to play it, can I put it into play and ignore the requirements? ... A - No. You must meet all of the
    legal requirements of the card to play the Situation." A Katar Situation without the Katar is passed
    over; with it, it is the one found."""

    def unplanned(pregame):
        d = duel_at(
            "draw",
            hands=(["thrust"] * 10, ()),
            pregame=(pregame, ()),
            endurance=(
                ["unplanned-situation", "supp-katar-stance", "foresee-the-unexpected", "thrust"],
                ["thrust"] * 4,
            ),
            pool=SUPP,
        )
        return draw(d, 1)[0]  # one card, then stop drawing: Unexpected cards resolve at the phase's end

    assert keys(unplanned([]), 0, "in_play") == ["foresee-the-unexpected", "unplanned-situation"]
    assert keys(unplanned(["katar"]), 0, "in_play") == ["supp-katar-stance", "unplanned-situation"]
