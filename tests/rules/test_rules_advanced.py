"""Advanced concepts of the core rules: guards as power blocks, hand icons, edges with special attacks."""

from hlrules_support import cid, duel_at, find, has, keys, step


def test_guard_is_a_power_block_only_for_that_turn():
    """ "A Guard is still a block. If you make your Guard a Power Block, it is only a Power Block for that turn.\""""
    d = duel_at(
        "defense",
        in_play=(["test-guard"], []),
        hands=(["lower-right-attack"], ["upper-left-attack", "upper-center-attack"]),
        incoming=[("upper-left-attack", {"power_blow": True})],
    )
    guard = cid(d, 0, "in_play", "test-guard")
    d, events = step(d, "exert", purpose="power-block", card=guard)  # the defense phase then ends
    assert d.phase == "attack" and d.players[0].pending_damage == 0
    assert any(e.kind == "defended" for e in events)
    d, _ = step(d, "attack", "lower-right-attack")
    d, _ = step(d, "pass")
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 1 and d.phase == "defense"
    d, _ = step(d, "pass")  # seat 1 takes the Lower Right Attack
    if d.phase == "defense":
        d, _ = step(d, "pass")
    d, _ = step(d, "attack", "upper-left-attack")
    d, _ = step(d, "exert", purpose="power-blow", target=0)
    d, _ = step(d, "draw", n=0)
    assert d.to_move == 0 and d.phase == "defense"
    assert d.defenses[0].card == guard and d.defenses[0].standing and not d.defenses[0].power_block
    assert has(d, "exert", purpose="power-block", card=guard)  # it could be made one again this turn
    d, events = step(d, "pass")
    assert d.players[0].pending_damage == 2
    assert any("without a Power Block" in e.text for e in events)


def test_hand_icons_at_most_two_in_play():
    """ "A card with a Hand Icon cannot be played if you already have two Hand Icons in play. You can never have
    more than two Hand Icons among any of the cards you have in play." ... "Any player not using a Weapon of
    Choice is still considered to be using a one handed weapon (one Hand Icon)\""""
    d = duel_at("attack", hands=(["test-pistol", "test-shield", "thrust"], []))
    assert has(d, "special", "test-pistol")  # the implied one-handed weapon + the pistol = two
    d, _ = step(d, "special", "test-pistol")
    d = duel_at("attack", hands=(["test-shield", "thrust"], []), in_play=(["test-pistol"], []))
    assert not has(d, "special", "test-shield")  # a third Hand Icon
    two_handed = duel_at("attack", hands=(["test-pistol"], []), pregame=(["test-claymore"], []))
    assert not has(two_handed, "special", "test-pistol")
    disarmed = duel_at("attack", hands=(["test-pistol"], []), pregame=(["test-claymore"], []), disarmed=True)
    assert has(
        disarmed, "special", "test-pistol"
    )  # "your Weapon of Choice is turned face down and is out of play"


def test_edge_cards_with_special_attacks_are_nullified():
    """ "Any Edge Cards modifying or played in conjunction with your Special Attacks are Nullified." and "Edge
    Cards cannot be played in conjunction with Special Attacks." -- unless the edge says it "is not nullified
    when played in conjunction with a Special Attack" (Twist Of The Blade)."""
    d = duel_at("attack", hands=(["thrust", "expert-thrust", "test-lunge"], []))
    lunge = cid(d, 0, "hand", "test-lunge")
    assert find(d, "attack", "thrust", extras=(lunge,))
    assert not has(d, "attack", "expert-thrust", extras=(lunge,)) and has(d, "attack", "expert-thrust")
    d = duel_at(
        "attack",
        hands=(["expert-thrust", "twist-of-the-blade-unblockable"], []),
        pregame=(["sword-of-babylon"], []),
    )
    tw = cid(d, 0, "hand", "twist-of-the-blade-unblockable")
    d, _ = step(d, "attack", "expert-thrust", extras=(tw,))
    assert keys(d, 0, "in_play") == ["expert-thrust", "twist-of-the-blade-unblockable"]


def test_too_many_hand_icons_after_recovering_a_weapon():
    """ "If at any time you have more Hand Icons in play than you are allowed, you may chose to Disarm any weapon you
    have or remove from play any of your cards with Hand Icons until you have the maximum number of Hand Icons
    allowed to you in play.\""""
    for seed in range(200):
        d = duel_at(
            "sweep",
            disarmed=True,
            seed=seed,
            pregame=(["test-claymore"], []),
            in_play=(["test-pistol"], []),
            hands=(["thrust"], []),
        )
        d, _ = step(d, "recover_weapon")
        if not d.players[0].disarmed:
            break
    assert not d.players[0].disarmed  # the two-handed Claymore is back: three Hand Icons
    assert {a.type for a in d.legal_actions()} == {"shed"}
    kept, _ = step(d, "shed", purpose="disarm")
    assert kept.players[0].disarmed and keys(kept, 0, "in_play") == ["test-pistol"]
    armed, events = step(d, "shed", "test-pistol")
    assert not armed.players[0].disarmed and keys(armed, 0, "discard") == ["test-pistol"]
    assert "core/card-anatomy/hand-icons" in [e.rule for e in events]


def test_martial_arts_attacks_usable_unarmed_and_ma_block_against_dirty_tricks():
    """ "You can use MA attacks if unarmed." and "any MA Block that states it may be played against a Dirty Trick
    also counters the inherent unblockable nature of the Dirty Trick\""""
    d = duel_at(
        "attack", hands=(["test-ma-kick", "thrust"], []), disarmed=True, pregame=(["test-kung-fu"], [])
    )
    assert has(d, "attack", "test-ma-kick") and not has(d, "attack", "thrust")
    d = duel_at(
        "defense",
        hands=(["test-ma-dirty-block", "test-ma-block"], []),
        incoming=[("test-dirty-trick", {})],
        pregame=(["test-kung-fu"], []),
    )
    assert has(d, "defend", "test-ma-dirty-block") and not has(d, "defend", "test-ma-block")
