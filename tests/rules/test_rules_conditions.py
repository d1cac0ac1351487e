"""Exhaustion, disarming, prone, guards, ranged attacks, dirty tricks, martial arts, unexpected cards, locations."""

from hlrules_support import draw, duel_at, has, keys, rules_of, step


def finish_defense(d):
    while d.phase == "defense":
        d, _ = step(d, "pass")
    return d


def test_exhaustion_reshuffles_with_fresh_ids_and_costs_five_at_next_adjustment():
    """ "When the last card in your Endurance is drawn ... you Exhaust. You lose 5 Ability during your next Ability
    Adjustment Phase. Reshuffle your Endurance (all the cards in your Discard Pile) and continue play.\""""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 12, []),
        endurance=(["jump-generic", "duck-generic"], ["thrust"] * 20),
        discard=(["upper-left-attack", "lower-left-block", "lower-right-block"], []),
    )
    old_discard = set(d.players[0].discard)
    d, events = draw(d, 3)
    assert "core/exhaustion" in rules_of(events)
    p = d.players[0]
    assert len(p.hand) == 15 and p.discard == () and len(p.endurance) == 2 and p.exhaustions == 1
    assert not (set(p.endurance) & old_discard)  # fresh ids: a public id never becomes hidden
    assert all(c in d.cards for c in p.endurance) and not (old_discard & set(d.cards))
    assert p.ability == 15
    # next turn of seat 0: the adjustment takes the 5
    d, _ = step(d, "draw", n=0) if d.to_move == 1 and has(d, "draw", n=0) else (d, [])
    while d.to_move == 1:
        d, _ = d.apply(d.legal_actions()[-1])
    while d.phase != "draw":
        acts = d.legal_actions()
        d, _ = d.apply(next((a for a in acts if a.type in ("pass", "attack")), acts[0]))
    assert d.players[0].ability == 10 and d.players[0].exhaustions == 0


def test_disarmed_cannot_attack_or_block_and_may_roll_to_recover():
    """ "If either occurs, you may not play attacks or blocks. At the beginning of your turn, in your 'May Do' phase,
    you have a 1 in 6 chance of recovering your weapon. You do not have this chance if your weapon was broken.\""""
    d = duel_at("attack", hands=(["thrust", "test-dirty-trick"], []), disarmed=True)
    assert not has(d, "attack", "thrust") and has(d, "attack", "test-dirty-trick")
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "duck-generic"], []),
        incoming=[("upper-left-attack", {})],
        disarmed=True,
    )
    assert not has(d, "defend", "upper-left-block") and has(d, "defend", "duck-generic")
    recovered = 0
    for seed in range(120):
        d = duel_at("sweep", disarmed=True, seed=seed)
        d, events = step(d, "recover_weapon")
        recovered += not d.players[0].disarmed
        assert not has(d, "recover_weapon")
    assert 8 <= recovered <= 35  # about 20 of 120
    assert not has(duel_at("sweep", disarmed=True, broken=True), "recover_weapon")


def test_disarm_and_break_effects_on_successful_attacks():
    d = finish_defense(duel_at("defense", incoming=[("test-disarming-strike", {})]))
    assert d.players[0].disarmed and not d.players[0].broken
    d = finish_defense(duel_at("defense", incoming=[("test-shattering-strike", {})]))
    assert d.players[0].disarmed and d.players[0].broken


def test_prone_discards_a_card_of_the_same_type_and_regains_feet():
    """ "If you are Prone, you must discard a card from your hand with the same Icon type as any card you play. ...
    1 in 6 chance of 'regaining your feet'. You may increase this chance to 3 in 6 by making an Exertion\""""
    d = duel_at("attack", hands=(["thrust", "upper-left-attack", "lower-left-block"], []), prone=True)
    d, _ = step(d, "attack", "thrust")
    assert {a.type for a in d.legal_actions()} == {"discard"}
    assert not has(d, "discard", "lower-left-block")
    d, events = step(d, "discard", "upper-left-attack")
    assert "core/advanced/prone" in rules_of(events) and keys(d, 0, "discard") == ["upper-left-attack"]
    alone = duel_at("attack", hands=(["thrust", "lower-left-block"], []), prone=True)
    assert not has(alone, "attack", "thrust")  # nothing of the same type to discard
    plain = exerted = 0
    for seed in range(150):
        d = duel_at("sweep", prone=True, seed=seed)
        plain += not step(d, "regain_feet", purpose=None)[0].players[0].prone
        exerted += not step(d, "regain_feet", purpose="exert")[0].players[0].prone
    assert plain < exerted and 10 <= plain <= 45 and 55 <= exerted <= 95


def test_guard_stays_in_play_blocks_again_and_closes_its_areas():
    """ "A Guard ... does not need to be swept during your Sweep Phase. You can leave it in play and block with it
    again next turn! ... While you have a Guard in play, you cannot attack to the areas covered by the Guard. You must
    remove your Guard from play in order to play a new defense\""""
    d = duel_at(
        "draw",
        active=1,
        in_play=(["test-guard", "thrust"], []),
        hands=(["upper-left-attack", "lower-right-attack", "upper-left-block"], ["thrust"] * 15),
    )
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 0 and keys(d, 0, "in_play") == ["test-guard"]
    d = duel_at(
        "defense",
        in_play=(["test-guard"], []),
        hands=(["upper-left-attack", "lower-right-attack", "upper-left-block"], []),
        incoming=[("upper-left-attack", {}), ("lower-right-attack", {})],
    )
    assert d.ptr == 1  # the guard already answers attack 1
    assert not has(d, "defend")  # a new defense needs the guard removed
    d2, _ = step(d, "remove_guard", "test-guard")
    assert keys(d2, 0, "discard") == ["test-guard"]
    d = finish_defense(d)
    assert d.players[0].pending_damage == 2
    assert not has(d, "attack", "upper-left-attack") and has(d, "attack", "lower-right-attack")


def test_ranged_attacks_need_a_free_hand_and_cannot_be_blocked():
    """ "You must have a free hand to play a Ranged Attack ... Ranged Attacks cannot be blocked under any circumstances
    and are also Special Attacks.\""""
    d = duel_at("attack", hands=(["test-ranged-shot"], []))
    assert has(d, "attack", "test-ranged-shot")
    d = duel_at("attack", hands=(["test-ranged-shot"], []), pregame=(["test-claymore"], []))
    assert not has(d, "attack", "test-ranged-shot")
    d = duel_at(
        "defense", hands=(["upper-left-block", "duck-generic"], []), incoming=[("test-ranged-shot", {})]
    )
    assert not has(d, "defend", "upper-left-block") and has(d, "defend", "duck-generic")


def test_dirty_tricks_unblockable_no_damage_no_power_blow():
    """ "Dirty Tricks cannot be blocked, do no damage, and cannot be Power Blows.\""""
    d = duel_at("defense", hands=(["upper-left-block"], []), incoming=[("test-dirty-trick", {})])
    assert not has(d, "defend")
    assert finish_defense(d).players[0].pending_damage == 0
    d = duel_at("attack", hands=(["test-dirty-trick"], []))
    d, _ = step(d, "attack", "test-dirty-trick")
    assert not has(d, "exert", purpose="power-blow")


def test_martial_arts_rules():
    """ "MA attacks do no damage, unless specified\" "MA blocks will not block regular attacks.\" "Unless the
    defender has a MA PG card in play himself, he must discard a block to play a block against a MA attack.\"
    "MA Attacks may not be Power Blows\" "MA attacks may be hidden.\""""
    d = duel_at("defense", hands=(["test-ma-block"], []), incoming=[("lower-left-attack", {})])
    assert not has(d, "defend", "test-ma-block")
    d = duel_at(
        "defense", hands=(["lower-left-block", "upper-left-block"], []), incoming=[("test-ma-kick", {})]
    )
    d, _ = step(d, "defend", "lower-left-block")
    assert {a.type for a in d.legal_actions()} == {"discard"}
    d, _ = step(d, "discard", "upper-left-block")
    d = duel_at(
        "defense",
        hands=(["lower-left-block", "upper-left-block"], []),
        incoming=[("test-ma-kick", {})],
        pregame=(["test-kung-fu"], []),
    )
    d, _ = step(d, "defend", "lower-left-block")
    assert not has(d, "discard")
    assert finish_defense(duel_at("defense", incoming=[("test-ma-kick", {})])).players[0].pending_damage == 0
    d = duel_at("attack", hands=(["test-ma-kick"], []), hidden_right=True, pregame=(["test-kung-fu"], []))
    assert has(d, "attack", "test-ma-kick", hidden=True)
    d, _ = step(d, "attack", "test-ma-kick")
    assert not has(d, "exert", purpose="power-blow")


def test_unexpected_card_enters_play_when_drawn_and_resolves_at_end_of_draw_phase():
    """ "Unexpected cards are placed into play as soon as they are drawn\" ... "At the end of the draw/discard phase,
    Unexpected cards that are still pending are activated\" / Holy Ground: "Both Players shuffle their discard pile
    back into their Endurance. Whenever this card enters your discard pile, it is removed from the game.\""""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 12, []),
        endurance=(["thrust", "holy-ground"] + ["jump-generic"] * 10, ["duck-generic"] * 20),
        discard=(["upper-left-attack"] * 4, ["lower-left-block"] * 3),
    )
    d, events = draw(d, 3)
    assert len(d.players[0].hand) == 14  # the Holy Ground counted as a drawn card
    assert "holy-ground" in keys(d, 0, "in_play")
    assert d.players[0].discard == () and d.players[1].discard == ()
    assert len(d.players[0].endurance) == 9 + 4 and len(d.players[1].endurance) == 23
    assert "mle-errata/holy-ground" in rules_of(events)
    # the owner's next sweep: the event leaves play and is removed from the game, not discarded
    while d.to_move == 1:
        acts = d.legal_actions()
        d, _ = d.apply(
            next((a for a in acts if a.type in ("pass", "draw")), None)
            or next(a for a in acts if a.type == "exert")
        )
    assert keys(d, 0, "removed") == ["holy-ground"] and "holy-ground" not in keys(d, 0, "discard")


def test_only_one_unexpected_event_in_play():
    """ "there can be only one card of each type in play ... If two Unexpected Events are drawn then, the second one
    replaces the first.\""""
    d = duel_at(
        "draw",
        hands=(["thrust"] * 10, []),
        endurance=(["holy-ground", "holy-ground"] + ["jump-generic"] * 10, ["duck-generic"] * 20),
    )
    d, _ = draw(d, 2)
    assert keys(d, 0, "in_play").count("holy-ground") == 1 and keys(d, 0, "removed") == ["holy-ground"]


def test_only_one_location_in_play():
    """ "if another Location is played, discard the previous Location. Only one Location by any player may be in play
    at any time.\""""
    d = duel_at("attack", hands=(["test-ruins"], []), in_play=([], ["test-field"]))
    d, events = step(d, "special", "test-ruins")
    assert keys(d, 1, "in_play") == [] and keys(d, 1, "discard") == ["test-field"]
    assert keys(d, 0, "in_play") == ["test-ruins"]
