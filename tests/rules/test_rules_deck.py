"""Deck construction (check_deck), each test citing the rule it checks."""

import pytest
from hlrules_support import POOL

import rules

BASIC_ATTACKS = [
    "upper-left-attack",
    "upper-center-attack",
    "upper-right-attack",
    "middle-left-attack",
    "thrust",
    "middle-right-attack",
    "lower-left-attack",
    "lower-center-attack",
    "lower-right-attack",
]
BASIC_BLOCKS = [
    "upper-left-block",
    "upper-center-block",
    "upper-right-block",
    "lower-left-block",
    "lower-center-block",
    "lower-right-block",
]
BASE = (
    BASIC_ATTACKS * 3
    + BASIC_BLOCKS * 3
    + ["duck-generic", "jump-generic", "side-step-generic", "head-shot", "head-shot"]
)  # 50


def deck(extra=(), pregame=(), base=BASE, pool="highlander"):
    return rules.Deck(pregame=pregame, endurance=list(base) + list(extra), pool=pool)


def problems_about(problems, rule):
    return [p for p in problems if rule in p]


def test_base_deck_is_legal_and_cardpool_has_contract_fields():
    assert rules.check_deck(deck()) == []
    pool = rules.cardpool("highlander")
    assert pool["head-shot"].type == "event"
    assert pool["sideswipe-left"].grid == "X--X--X--" and pool["sideswipe-right"].grid == "--X--X--X"
    assert pool["sideswipe-left"].title == pool["sideswipe-right"].title == "Sideswipe"
    assert {
        "twist-of-the-blade-unblockable",
        "twist-of-the-blade-undodgeable",
        "holy-ground",
        "run-down",
    } <= set(pool)
    assert pool["expert-thrust"].restriction == 1 and pool["expert-thrust"].persona == "Ramirez"
    assert pool["thrust"].to_json()["grid"] == "----X----"


def test_starter_decks_are_legal_and_one_is_generic():
    decks = rules.starter_decks()
    assert len(decks) >= 2
    for d in decks:
        assert rules.check_deck(d) == [], d.name
        assert len(d.endurance) >= 50
    pool = rules.cardpool()
    assert any(not any(pool[k].type == "persona" for k in d.pregame) for d in decks)


def test_minimum_endurance():
    """ "You must begin the game with an Endurance of at least 50 cards.\""""
    problems = rules.check_deck(deck(base=BASE[:-1]))
    assert len(problems) == 1 and "core/minimum-endurance-size" in problems[0] and "49" in problems[0]


def test_six_of_a_title_counts_variants_together():
    """ "Your deck may contain only 6 cards of the same title.\""""
    assert problems_about(rules.check_deck(deck(["thrust"] * 4)), "core/card-anatomy/title")  # 3 + 4 = 7
    assert not rules.check_deck(deck(["thrust"] * 3))
    twists = ["twist-of-the-blade-unblockable"] * 4 + ["twist-of-the-blade-undodgeable"] * 3
    p = rules.check_deck(deck(twists, pregame=["sword-of-babylon"]))
    assert len(p) == 1 and "Twist Of The Blade" in p[0] and "core/card-anatomy/title" in p[0]


def test_restriction_number():
    """ "Your Endurance may only contain as many of that card as the Restriction Number.\""""
    p = rules.check_deck(deck(["run-down"] * 3))
    assert len(p) == 1 and "core/card-anatomy/restriction-number" in p[0] and "Run Down" in p[0]
    assert rules.check_deck(deck(["run-down"] * 2)) == []


@pytest.mark.parametrize(
    "missing,rule",
    [
        ("lower-right-attack", "core/constructing/basic-attacks"),
        ("upper-center-block", "core/constructing/basic-blocks"),
    ],
)
def test_basic_attacks_and_blocks_required(missing, rule):
    """ "You are required to include at least one each of the nine Basic Attacks ... six Basic Blocks\""""
    base = [k for k in BASE if k != missing] + ["duck-generic"] * 3
    p = rules.check_deck(deck(base=base))
    assert problems_about(p, rule) and missing.replace("-", " ").title().split()[0] in p[0]


def test_pregame_limit_and_no_duplicates():
    """ "You may only use six Pre-Game cards. In addition, you cannot use more than one of any Pre-Game card.\""""
    p = rules.check_deck(deck(pregame=["sword-of-babylon", "sword-of-babylon"]))
    assert problems_about(p, "core/constructing/pre-game-cards") and "Duplicate" in p[0]
    faction = ["test-highlanders", "test-duncan", "test-connor"]  # three cards in one slot
    six = ["test-kung-fu", "test-city", "test-harbor", "test-claymore", "ahriman", *faction]
    p = rules.check_deck(deck(pregame=[*six, "test-persona"], pool=POOL))
    assert any("7 Pre-Game slots" in x for x in p)
    # Ahriman is refused for its own reason (no Nemesis card is printed), never for the slots
    assert [x for x in rules.check_deck(deck(pregame=six, pool=POOL)) if "engine/not-playable" not in x] == []


def test_pregame_card_cannot_be_in_endurance():
    p = rules.check_deck(deck(["sword-of-babylon"]))
    assert problems_about(p, "core/constructing/pre-game-cards")


def test_persona_specific_cards_need_that_persona():
    """ "If you play with a Persona, you may only include Persona Specific Cards for that Persona.\""""
    p = rules.check_deck(deck(["test-duncan-slash"], pregame=["test-connor"], pool=POOL))
    assert len(p) == 1 and "core/constructing/persona-cards" in p[0] and "Duncan MacLeod" in p[0]
    assert rules.check_deck(deck(["expert-thrust"], pregame=["juan-sanchez-villa-lobos-ramirez"])) == []


def test_only_one_persona():
    p = rules.check_deck(deck(pregame=["cracker-bob", "faith"]))
    assert problems_about(p, "core/constructing/persona-cards")


def test_generic_persona_one_of_each_and_no_reserved_or_signature():
    """ "you may only use one of each Persona Specific Card, and none of their Reserved or Signature Cards.\""""
    assert rules.check_deck(deck(["test-duncan-slash"], pool=POOL)) == []
    p = rules.check_deck(deck(["test-duncan-slash", "test-duncan-slash"], pool=POOL))
    assert len(p) == 1 and "core/constructing/generic-persona" in p[0]
    p = rules.check_deck(deck(["expert-thrust"]))  # Reserved to Ramirez
    assert len(p) == 1 and "Reserved" in p[0] and "core/constructing/generic-persona" in p[0]
    p = rules.check_deck(deck(["off-balance"]))  # Signature of Ramirez
    assert any("Signature" in x for x in p)


def test_signature_needs_the_persona():
    """ "Signature cards cannot be included in your deck ... unless your Persona's name appears in the Sub-Title.\""""
    p = rules.check_deck(deck(["test-connor-sig"], pregame=["test-duncan"], pool=POOL))
    assert p and "Connor MacLeod" in p[0]
    assert rules.check_deck(deck(["test-connor-sig"], pregame=["test-connor"], pool=POOL)) == []


def test_master_cards_limit_and_none_without_persona():
    """ "You may only include Master Cards ... up to the number as indicated on your Persona card.\"
    "You cannot include Master Cards ... in your Endurance if you do not use a Persona Card.\""""
    p = rules.check_deck(deck(["test-master-strike"], pool=POOL))
    assert len(p) == 1 and "core/constructing/master-cards" in p[0]
    assert rules.check_deck(deck(["test-master-strike"], pregame=["test-persona"], pool=POOL)) == []
    p = rules.check_deck(deck(["test-master-strike"] * 2, pregame=["test-persona"], pool=POOL))
    assert len(p) == 1 and "allows up to 1" in p[0]
    assert rules.cardpool()["master-s-chronicles"].is_master


def test_weapon_specific_cards_need_the_weapon():
    """ "Weapon Specific Cards cannot be included in your deck ... unless you are using the proper Weapon of Choice.\""""
    p = rules.check_deck(deck(["twist-of-the-blade-unblockable"]))
    assert len(p) == 1 and "core/card-anatomy/weapon-specific" in p[0]
    assert rules.check_deck(deck(["twist-of-the-blade-unblockable"], pregame=["sword-of-babylon"])) == []


def test_only_one_weapon_of_choice():
    """ "Normally, you may utilize only one Weapon of Choice." """
    p = rules.check_deck(deck(pregame=["sword-of-babylon", "naginata"]))
    assert len(p) == 1 and "core/advanced/weapons-of-choice" in p[0] and "Naginata" in p[0]
    assert rules.check_deck(deck(pregame=["sword-of-babylon"])) == []


def test_hans_kershner_allows_one_other_weapon_card_each():
    """ "For each Hans Kershner card you have in your deck, you may have one Weapon specific card from another
    Weapon of Choice in your deck.\""""
    ok = deck(["hans-kershner", "twist-of-the-blade-unblockable"], pregame=["naginata"])
    assert rules.check_deck(ok) == []
    bad = deck(["hans-kershner"] + ["twist-of-the-blade-unblockable"] * 2, pregame=["naginata"])
    assert problems_about(rules.check_deck(bad), "mle-errata/hans-kershner")
    assert problems_about(rules.check_deck(deck(["hans-kershner"])), "mle-errata/hans-kershner")


def test_faction_persona():
    """ "it in turn allows you to play two Personas who are members of the Faction ... thus only occupy one
    Pre-Game slot. You may then use cards from both Personas\" and the FAQ: no Signature cards of the
    component personas, Clan MacLeod cards allowed."""
    pre = ["test-highlanders", "test-duncan", "test-connor"]
    assert rules.check_deck(deck(["test-duncan-slash", "test-clan-sig"], pregame=pre, pool=POOL)) == []
    p = rules.check_deck(deck(["test-connor-sig"], pregame=pre, pool=POOL))
    assert len(p) == 1 and "mle/faction-personas" in p[0]
    p = rules.check_deck(deck(["test-kurgan-card"], pregame=pre, pool=POOL))
    assert problems_about(p, "core/constructing/persona-cards")
    p = rules.check_deck(deck(pregame=["test-highlanders", "test-duncan", "test-kurgan"], pool=POOL))
    assert problems_about(p, "mle/faction-personas")
    # three cards, one slot: with four other pre-games the total is five slots
    pre6 = pre + ["test-kung-fu", "test-city", "sword-of-babylon", "test-harbor"]
    assert rules.check_deck(deck(pregame=pre6, pool=POOL)) == []


def test_martial_arts_and_place_cards_need_their_pregame():
    """ "You must have at least one MA card attached to your deck in order to use any IG card that has MA in its
    sub-title.\" / Place-specific cards: "you may only put them in your deck if you have the corresponding Place\""""
    assert problems_about(rules.check_deck(deck(["test-ma-kick"], pool=POOL)), "mle/martial-arts")
    assert rules.check_deck(deck(["test-ma-kick"], pregame=["test-kung-fu"], pool=POOL)) == []
    assert problems_about(rules.check_deck(deck(["test-city-streets"], pool=POOL)), "mle/places")
    assert rules.check_deck(deck(["test-city-streets"], pregame=["test-city"], pool=POOL)) == []


def test_unknown_card_and_illegal_deck_error():
    assert "Unknown card" in rules.check_deck(deck(["no-such-card"]))[0]
    with pytest.raises(rules.IllegalDeck) as info:
        rules.new_duel(deck(base=BASE[:10]), deck(), seed=1)
    assert isinstance(info.value, ValueError)
    assert info.value.problems and "core/minimum-endurance-size" in info.value.problems[0]


def test_slugs():
    assert rules.slugify("Head Shot") == "head-shot"
    assert rules.slugify("Thief's Plan") == "thief-s-plan"
    assert rules.slugify("  Élan: Vital!! ") == "elan-vital"
    # The catalogue's slug contract: the printed name (or the title without its persona), with
    # a readable variant suffix where two cards share it.
    for key, card in rules.cardpool().items():
        bases = {rules.slugify(card.name), rules.slugify(card.title)}
        assert key in bases or any(key.startswith(base + "-") for base in bases), key
