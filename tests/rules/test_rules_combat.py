"""The 3x3 grid, defenses, attacks, exertions, power blows, hidden attacks and head shots."""

import pytest
from hlrules_support import cid, duel_at, has, keys, rules_of, step

import rules


def finish_defense(d):
    while d.phase == "defense":
        d, _ = step(d, "pass")
    return d


def test_block_must_cover_every_area_of_the_attack():
    """ "If you have a block that covers all areas of an attack played against you, you can play that block\"
    ... "cannot knowingly play an inappropriate defense.\""""
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "lower-right-block", "upper-center-block"], []),
        incoming=[("upper-left-attack", {})],
    )
    assert has(d, "defend", "upper-left-block") and has(d, "defend", "upper-center-block")
    assert not has(d, "defend", "lower-right-block")
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("defend", card=cid(d, 0, "hand", "lower-right-block"), target=0))
    assert "defense-phase" in str(info.value)
    d2, events = step(d, "defend", "upper-left-block")
    d2 = finish_defense(d2)
    assert d2.players[0].pending_damage == 0 and "blocks" in " ".join(e.text for e in events + list(d2.log))


def test_no_defense_without_an_attack_coming():
    """ "If there is no attack coming, you cannot play a defense, nor make an Exertion for one.\""""
    d = duel_at("defense", hands=(["upper-left-block", "foresee-the-unexpected"], []))
    assert not has(d, "defend") and not has(d, "exert", purpose="defense")


def test_one_defense_covers_several_attacks_until_a_new_defense():
    """ "a defense you play may block or avoid more than one attack in the sequence, if they cover the same areas
    as those attacks. As soon as you play a new defense, your previous defense will no longer help you\""""
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "lower-right-block"], []),
        incoming=[
            ("upper-left-attack", {}),
            ("thrust", {}),
            ("lower-right-attack", {}),
            ("middle-left-attack", {}),
        ],
    )
    d, _ = step(d, "defend", "upper-left-block")  # covers attacks 1 and 2
    assert d.ptr == 2
    d, _ = step(d, "defend", "lower-right-block")  # answers attack 3: the first block stops helping
    assert d.ptr == 3
    d, _ = step(d, "pass")  # attack 4 (middle left) would have been covered by ULB
    d = finish_defense(d)
    assert d.players[0].pending_damage == 2  # only the middle left attack hits


def test_attack_only_areas_the_last_block_does_not_cover_but_a_dodge_does_not_restrict():
    """ "When preparing to attack, take note of the last defense you played. You may only attack to an areas that
    the block does not cover.\""""
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "upper-left-attack", "thrust", "lower-right-attack"], []),
        incoming=[("upper-left-attack", {})],
    )
    d = finish_defense(step(d, "defend", "upper-left-block")[0])
    assert d.phase == "attack"
    assert not has(d, "attack", "upper-left-attack") and not has(d, "attack", "thrust")
    assert has(d, "attack", "lower-right-attack")
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("attack", card=cid(d, 0, "hand", "thrust")))
    assert "last-block" in str(info.value)
    d = duel_at(
        "defense", hands=(["duck-generic", "upper-left-attack"], []), incoming=[("upper-left-attack", {})]
    )
    d = finish_defense(step(d, "defend", "duck-generic")[0])
    assert has(d, "attack", "upper-left-attack")


def test_ramirez_may_attack_areas_he_just_blocked():
    """Ramirez persona: "You may attack normally to any area you just blocked.\""""
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "upper-left-attack"], []),
        incoming=[("upper-left-attack", {})],
        pregame=(["juan-sanchez-villa-lobos-ramirez"], []),
    )
    d = finish_defense(step(d, "defend", "upper-left-block")[0])
    assert has(d, "attack", "upper-left-attack")


def test_one_attack_per_turn_unless_a_card_gives_more():
    """ "During this phase you may normally only play one attack.\" / "you may gain additional attack
    opportunities through the use of other cards\""""
    d = duel_at("attack", hands=(["thrust", "upper-left-attack", "test-extra-attack"], []))
    d1, _ = step(d, "attack", "thrust")
    assert not has(d1, "attack")
    d2, _ = step(d, "special", "test-extra-attack")
    d2, _ = step(d2, "attack", "thrust")
    d2, _ = step(d2, "attack", "upper-left-attack")
    assert len(d2.outgoing) == 2


def test_one_special_card_per_turn():
    """ "You may only play one Special Card per turn, and only during your Defense or Attack Phases.\""""
    d = duel_at("attack", hands=(["foresee-the-unexpected", "foresee-the-unexpected", "test-taunt"], []))
    d, _ = step(d, "special", "foresee-the-unexpected")
    assert not has(d, "special")
    with pytest.raises(rules.IllegalAction) as info:
        d.apply(rules.Action("special", card=cid(d, 0, "hand", "test-taunt")))
    assert "special-cards" in str(info.value)


def test_exertion_reveals_five_then_discards_them_and_locks_the_hand():
    """ "To make an Exertion, reveal the top 5 cards from your Endurance. Any cards that you reveal and do not use
    are placed into your Discard Pile\" ... "After you make an Exertion, you may no longer play cards from your
    hand during your current phase.\""""
    end = ["jump-generic", "duck-generic", "thrust", "thrust", "thrust", "lower-left-block"] + ["thrust"] * 10
    d = duel_at("attack", hands=(["thrust", "upper-left-attack"], []), endurance=(end, end))
    d, events = step(d, "exert", purpose="nothing")
    assert keys(d, 0, "discard") == sorted(end[:5])
    assert len(d.players[0].endurance) == len(end) - 5
    assert not has(d, "attack") and not has(d, "exert")
    assert "core/advanced/exertions" in rules_of(events)


def test_one_exertion_per_turn():
    """ "You may only make one Exertion per turn.\""""
    d = duel_at("defense", hands=(["lower-right-attack"], []), incoming=[("thrust", {})])
    d, _ = step(d, "exert", purpose="defense")
    while d.phase == "defense":
        d, _ = step(d, "pass")
    assert d.phase == "attack" and not has(d, "exert")


def test_searching_for_a_defense_from_the_exertion():
    """ "You may search from within the cards revealed in an Exertion for a defense. You may play one legal defense
    from the Exertion.\""""
    end = ["lower-left-block", "upper-left-block", "thrust", "thrust", "thrust"] + ["thrust"] * 5
    d = duel_at("defense", incoming=[("upper-left-attack", {})], endurance=(end, end))
    d, _ = step(d, "exert", purpose="defense")
    assert has(d, "choose", "upper-left-block") and not has(d, "choose", "lower-left-block")
    d, events = step(d, "choose", "upper-left-block")
    d = finish_defense(d)
    assert d.players[0].pending_damage == 0
    assert "upper-left-block" in keys(d, 0, "in_play") and "lower-left-block" in keys(d, 0, "discard")


def test_exerted_defense_may_defend_anywhere_in_the_sequence():
    """ "If you Exert for a defense, you may use it to defend anywhere along the sequence of attacks.\""""
    end = ["lower-right-block"] + ["thrust"] * 9
    d = duel_at(
        "defense",
        incoming=[("lower-right-attack", {}), ("upper-left-attack", {})],
        hands=(["upper-left-block"], []),
        endurance=(end, end),
    )
    d, _ = step(d, "pass")  # let attack 1 go for now
    d, _ = step(d, "defend", "upper-left-block")  # block attack 2 from the hand
    d, _ = step(d, "exert", purpose="defense")
    d, _ = step(d, "choose", "lower-right-block", target=0)
    d = finish_defense(d)
    assert d.players[0].pending_damage == 0


def test_power_blow_does_four_and_gives_the_opponent_a_hidden_attack():
    """ "When you make an attack you play a Power Blow it does 4 damage instead of 2. ... your opponent has the right
    to make the next attack they play during their next turn Hidden\""""
    d = duel_at("attack", hands=(["upper-left-attack"], ["thrust", "lower-left-attack"] * 7))
    d, _ = step(d, "attack", "upper-left-attack")
    d, events = step(d, "exert", purpose="power-blow", target=0)
    assert "core/exertions/power-blows" in rules_of(events)
    assert d.phase == "draw" and d.outgoing[0].power_blow
    d, _ = step(d, "draw", n=0) if has(d, "draw", n=0) else (d, [])
    assert d.to_move == 1
    d = finish_defense(d)
    assert d.players[1].pending_damage == 4
    assert has(d, "attack", "thrust", hidden=True)
    d, _ = step(d, "attack", "thrust", hidden=True)
    assert d.outgoing[0].hidden


def test_only_one_power_blow_and_special_attacks_cannot_be_power_blows():
    """ "You may only make one Power Blow per turn.\" / "Special Attacks may not be Power Blows\""""
    d = duel_at("attack", hands=(["sideswipe-left"], []))
    d, _ = step(d, "attack", "sideswipe-left")
    assert not has(d, "exert", purpose="power-blow")
    d = duel_at("attack", hands=(["thrust", "head-shot", "upper-left-attack"], []))
    d, _ = step(d, "attack", "upper-left-attack", extras=(cid(d, 0, "hand", "head-shot"),))
    assert d.outgoing[0].power_blow and not has(d, "exert", purpose="power-blow")


def test_blocking_a_power_blow_without_a_power_block_costs_two():
    """ "You may play a block against a Power Blow and not make it a Power Block, but you take 2 damage.\""""
    d = duel_at(
        "defense", hands=(["upper-left-block"], []), incoming=[("upper-left-attack", {"power_blow": True})]
    )
    d, _ = step(d, "defend", "upper-left-block")
    assert has(d, "exert", "upper-left-block", purpose="power-block")
    plain = finish_defense(d)
    assert plain.players[0].pending_damage == 2
    d, events = step(d, "exert", "upper-left-block", purpose="power-block")
    assert "core/exertions/power-blocks" in rules_of(events)
    d = finish_defense(d)
    assert d.players[0].pending_damage == 0


def test_dodging_a_power_blow_takes_no_damage():
    d = duel_at(
        "defense", hands=(["duck-generic"], []), incoming=[("upper-left-attack", {"power_blow": True})]
    )
    d = finish_defense(step(d, "defend", "duck-generic")[0])
    assert d.players[0].pending_damage == 0


def test_hidden_attack_any_defense_then_reveal_then_exert():
    """ "you may play it face down. Your opponent will need to guess which area to defend. After they have played all
    of their defenses, reveal the attack. ... If the defense is inappropriate, your opponent is allowed to Exert for a
    better defense, but may not play a new defense from his hand against that attack.\""""
    end = ["lower-right-block"] + ["thrust"] * 9
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "lower-right-block"], []),
        incoming=[("lower-right-attack", {"hidden": True})],
        endurance=(end, end),
    )
    v = d.view(0)
    assert v["attacks_awaiting_defense"][0] == {
        "index": 0,
        "hidden": True,
        "kind": "attack",
        "power_blow": False,
        "extras": [],
        "was_hidden": False,
        "settled": None,
        "defended_by": None,
        "covered": False,
    }
    assert has(d, "defend", "upper-left-block") and has(d, "defend", "lower-right-block")  # a guess
    d, events = step(d, "defend", "upper-left-block")
    assert "core/advanced/hidden-attacks" in rules_of(events)  # revealed
    assert not has(d, "defend")  # no new defense from hand
    d, _ = step(d, "exert", purpose="defense")
    d, _ = step(d, "choose", "lower-right-block")
    d = finish_defense(d)
    assert d.players[0].pending_damage == 0


def test_head_shot_ends_the_game_when_not_defended():
    """ "If your opponent cannot play a successful defense against the attack, or avoid it, they lose the game and
    their head immediately.\""""
    d = duel_at(
        "defense",
        incoming=[("upper-center-attack", {"power_blow": True, "head_shot": True, "extras": ("head-shot",)})],
    )
    d, events = step(d, "pass")
    d, events = step(d, "pass")
    assert d.winner == 1 and d.phase == "over" and "core/advanced/head-shots" in rules_of(events)


def test_head_shot_needs_an_upper_attack_that_can_become_a_power_blow():
    """ "A Head Shot: Event Card is played in conjunction with an upper attack. That attack instantly becomes a Power
    Blow.\" "Your attack must be able to become a Power Blow to be a Head Shot.\""""
    d = duel_at(
        "attack",
        hands=(["head-shot", "thrust", "upper-right-attack", "expert-thrust"], []),
        pregame=(["juan-sanchez-villa-lobos-ramirez"], []),
    )
    hs = cid(d, 0, "hand", "head-shot")
    assert has(d, "attack", "upper-right-attack", extras=(hs,))
    assert not has(d, "attack", "thrust", extras=(hs,))
    assert not has(d, "attack", "expert-thrust", extras=(hs,))
    d2, _ = step(d, "attack", "upper-right-attack", extras=(hs,))
    assert d2.outgoing[0].power_blow and d2.outgoing[0].head_shot and d2.t_special
    assert d2.players[1].hidden_right


def test_dodge_defends_an_unblockable_special_attack():
    """Sideswipe: "This attack may not be blocked.\" -- a dodge that covers it still avoids it."""
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "lower-left-block", "side-step-generic"], []),
        incoming=[("sideswipe-left", {})],
    )
    assert not has(d, "defend", "upper-left-block") and not has(d, "defend", "lower-left-block")
    assert not has(d, "defend", "side-step-generic")  # the dodge covers only the middle row
    d = duel_at(
        "defense",
        hands=(["duck-generic"], []),
        incoming=[("upper-left-attack", {"extras": ("twist-of-the-blade-undodgeable",)})],
    )
    assert has(d, "defend", "upper-left-attack") is False and not has(d, "defend", "duck-generic")


def test_expert_thrust_no_defense_from_hand_and_three_damage():
    """Expert Thrust: "Your opponent may not play a defense from his hand against this attack. This attack does 3
    points of damage.\""""
    end = ["upper-left-block"] + ["thrust"] * 9
    d = duel_at(
        "defense",
        hands=(["upper-left-block", "side-step-generic"], []),
        incoming=[("expert-thrust", {})],
        endurance=(end, end),
    )
    assert not has(d, "defend")
    hit = finish_defense(d)
    assert hit.players[0].pending_damage == 3
    d, _ = step(d, "exert", purpose="defense")
    d, _ = step(d, "choose", "upper-left-block")
    assert finish_defense(d).players[0].pending_damage == 0


def test_special_attacks_cannot_be_hidden_or_pulled_from_an_exertion():
    """ "Special Attacks ... may not be Hidden, and may not be pulled from an Exertion when searching for an
    attack.\""""
    end = ["sideswipe-right", "thrust"] + ["lower-right-block"] * 8
    d = duel_at("attack", hands=(["sideswipe-left"], []), hidden_right=True, endurance=(end, end))
    assert has(d, "attack", "sideswipe-left") and not has(d, "attack", "sideswipe-left", hidden=True)
    d, _ = step(d, "exert", purpose="attack")
    assert has(d, "choose", "thrust") and not has(d, "choose", "sideswipe-right")
    d, _ = step(d, "choose", "thrust", hidden=True)
    assert d.outgoing[0].hidden and d.view(1)["opponent"]["in_play"] == [{"hidden": True}]


def test_twist_of_the_blade_makes_a_thrust_unblockable_with_its_weapon():
    """Twist Of The Blade: "Play in conjunction with any Thrust attack. This attack is unblockable. You may only
    play one Twist Of The Blade per turn.\""""
    d = duel_at(
        "attack",
        hands=(["thrust", "twist-of-the-blade-unblockable"], ["upper-left-block", "side-step-generic"]),
        pregame=(["sword-of-babylon"], []),
    )
    tw = cid(d, 0, "hand", "twist-of-the-blade-unblockable")
    d, _ = step(d, "attack", "thrust", extras=(tw,))
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 1 and d.phase == "defense"
    assert not has(d, "defend", "upper-left-block") and has(
        d, "defend", "side-step-generic"
    )  # dodges still work
    no_weapon = duel_at("attack", hands=(["thrust", "twist-of-the-blade-unblockable"], []))
    assert not any(a.extras for a in no_weapon.legal_actions() if a.type == "attack")


def test_run_down_unblockable_power_blow_prone_chance_and_self_damage():
    """Run Down: "This attack is unblockable and a Power Blow. If this attack is successful, there is a 3 in 6
    chance your opponent becomes Prone and you take 2 damage.\" -- read as one chance covering both clauses: the
    attacker takes the 2 damage exactly when the opponent is knocked Prone."""
    prone = 0
    for seed in range(60):
        d = duel_at(
            "defense",
            hands=(["lower-center-block"], []),
            incoming=[("run-down", {"power_blow": True})],
            seed=seed,
        )
        assert not has(d, "defend")
        d = finish_defense(d)
        assert d.players[0].pending_damage == 4
        assert d.players[1].pending_damage == (2 if d.players[0].prone else 0)
        prone += d.players[0].prone
    assert 15 <= prone <= 45  # about half of 60


def test_combat_trick_one_per_turn_before_attacks_defended_like_attacks():
    """ "You may play one Combat Trick from your hand each turn, during your Attack Phase. You play any and all Combat
    Tricks first, then any and all attacks.\" "Combat Tricks may be defended against exactly as you would defend
    against an attack.\" "Combat Tricks do no damage when played\""""
    d = duel_at("attack", hands=(["superior-tactics", "superior-tactics", "thrust"], []))
    d, _ = step(d, "trick", "superior-tactics")
    assert not has(d, "trick")
    d, _ = step(d, "attack", "thrust")
    d = duel_at("attack", hands=(["superior-tactics", "thrust"], []))
    d, _ = step(d, "attack", "thrust")
    assert not has(d, "trick")
    d = duel_at(
        "defense",
        hands=(["upper-left-block"], []),
        incoming=[("superior-tactics", {"kind": "trick"}), ("thrust", {})],
    )
    d, _ = step(d, "defend", "upper-left-block")  # one block covers the trick and carries over to the thrust
    d = finish_defense(d)
    assert d.players[0].pending_damage == 0
    d = duel_at("defense", incoming=[("superior-tactics", {"kind": "trick"})])
    d = finish_defense(d)
    assert d.players[0].pending_damage == 0 and d.players[0].no_edges_turn == d.turn


def test_combat_tricks_are_not_restricted_by_the_last_defense():
    """ "Combat Tricks are not restricted by the last defense you play.\""""
    d = duel_at("defense", hands=(["upper-left-block", "superior-tactics"], []), incoming=[("thrust", {})])
    d = finish_defense(step(d, "defend", "upper-left-block")[0])
    assert has(d, "trick", "superior-tactics")


def test_superior_tactics_forbids_edges_until_resolved():
    """Superior Tactics: "No Edge card may be played until this Combat Trick has been resolved.\""""
    d = duel_at(
        "attack",
        hands=(["superior-tactics", "thrust", "twist-of-the-blade-unblockable"], []),
        pregame=(["sword-of-babylon"], []),
    )
    assert any(a.extras for a in d.legal_actions() if a.type == "attack")
    d, _ = step(d, "trick", "superior-tactics")
    assert not any(a.extras for a in d.legal_actions() if a.type == "attack")


def test_head_shot_blocked_without_power_block_still_takes_the_head():
    """ "An attack becomes successful if ... the attack does at least one damage\" with "You may play a block against
    a Power Blow and not make it a Power Block, but you take 2 damage\": the head shot succeeds; a Power Block or a
    dodge saves the head."""
    d = duel_at(
        "defense",
        hands=(["upper-center-block"], []),
        incoming=[("upper-center-attack", {"power_blow": True, "head_shot": True})],
    )
    d, _ = step(d, "defend", "upper-center-block")
    assert finish_defense(d).winner == 1
    saved, _ = step(d, "exert", "upper-center-block", purpose="power-block")
    saved = finish_defense(saved)
    assert saved.winner is None and saved.players[0].pending_damage == 0


def test_ramirez_exertions_of_three_or_five():
    """Ramirez: "You may make 3 or 5 card exertions and must announce the size of your exertion before doing so.\""""
    d = duel_at("attack", hands=(["thrust"], []), pregame=(["juan-sanchez-villa-lobos-ramirez"], []))
    assert {a.n for a in d.legal_actions() if a.type == "exert" and a.purpose == "nothing"} == {3, 5}
    before = len(d.players[0].endurance)
    d3, _ = step(d, "exert", purpose="nothing", n=3)
    assert before - len(d3.players[0].endurance) == 3 and len(d3.players[0].discard) == 3
    plain = duel_at("attack", hands=(["thrust"], []))
    assert {a.n for a in plain.legal_actions() if a.type == "exert"} == {None}
