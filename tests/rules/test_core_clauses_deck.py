"""The core rulebook's deck-construction clauses (highlander-core-rules.txt, "Card Anatomy" and "Constructing
a Deck"), each test quoting its sentence.  Cards the documents name but do not print are registered here in
a pool of their own."""

from hlrules_support import POOL

import rules
from rules.cards import cardpool, make_card, register_pool

CORE_POOL = "core-clauses"
register_pool(
    CORE_POOL,
    list(cardpool(POOL).values())
    + [
        make_card({"text": "(test card)", **c})
        for c in (
            # The Generic Persona example: "one of Connor's Power Blow cards, and one of Connor's Back Away cards"
            dict(
                name="Connor Power Blow",
                title="Power Blow",
                type="attack",
                grid="X--/---/---",
                persona="Connor MacLeod",
            ),
            dict(
                name="Duncan Power Blow",
                title="Power Blow",
                type="attack",
                grid="-X-/---/---",
                persona="Duncan MacLeod",
            ),
            dict(
                name="Connor Back Away",
                title="Back Away",
                type="dodge",
                grid="XXX/XXX/---",
                persona="Connor MacLeod",
            ),
            # The Card Groups example
            dict(title="Master Swordsman", type="event", text="A Master card."),
            dict(title="Weapon Master", type="event", text="A Master card."),
            dict(title="Master's Advance", type="event", text="A Master card."),
            # A Persona of a Faction, and cards with the Faction in the title box
            dict(
                title="Test Richie",
                type="persona",
                persona="Richie Ryan",
                counts_as=["Clan MacLeod"],
                master_limit=1,
            ),
            dict(title="Test Clan Strike", type="attack", grid="--X/--X/---", persona="Clan MacLeod"),
            dict(title="Test Clan Heirloom", type="object", persona="Clan MacLeod", reserved=True),
        )
    ],
)
BASE = (
    ["upper-left-attack", "upper-center-attack", "upper-right-attack", "middle-left-attack", "thrust"] * 3
    + ["middle-right-attack", "lower-left-attack", "lower-center-attack", "lower-right-attack"] * 3
    + ["upper-left-block", "upper-center-block", "upper-right-block"] * 3
    + ["lower-left-block", "lower-center-block", "lower-right-block"] * 3
    + ["duck-generic", "jump-generic", "side-step-generic", "head-shot", "head-shot"]
)  # 50 cards


def check(extra=(), pregame=(), base=BASE):
    return rules.check_deck(rules.Deck(pregame=pregame, endurance=list(base) + list(extra), pool=CORE_POOL))


def test_generic_persona_example_one_of_each_persona_specific_card():
    """ "For example, you could use one of Connor's Power Blow cards, and one of Connor's Back Away cards, but you
    could not use two of Connor's Power Blow or Back Away cards." """
    assert check(["connor-power-blow", "connor-back-away"]) == []
    for two in (["connor-power-blow"] * 2, ["connor-back-away"] * 2):
        problems = check(two)
        assert len(problems) == 1 and "core/constructing/generic-persona" in problems[0]


def test_card_groups_example_the_master_group():
    """ "For example, the cards Master Swordsman, Weapon Master and Master's Advance all have the word Master in
    their title and thus are part of the Master Group and are Master Cards." -- so a Generic Persona may include
    none of them: "You cannot include Master Cards ... in your Endurance if you do not use a Persona Card." """
    pool = cardpool(CORE_POOL)
    assert all(pool[k].is_master for k in ("master-swordsman", "weapon-master", "master-s-advance"))
    for key in ("master-swordsman", "weapon-master", "master-s-advance"):
        problems = check([key])
        assert len(problems) == 1 and "core/constructing/master-cards" in problems[0]
    assert check(["master-s-advance"], pregame=["test-richie"]) == []  # Test Richie's limit is 1
    assert (
        "core/constructing/master-cards"
        in check(["master-swordsman", "weapon-master"], pregame=["test-richie"])[0]
    )


def test_a_persona_in_the_title_box_is_not_part_of_the_title():
    """ "Though the name of a Weapon of Choice, Persona, or Faction ... may appear in the title box, it is not
    considered part of the title when determining card effects and restrictions." Connor's and Duncan's Power
    Blows share the title Power Blow: "Your deck may contain only 6 cards of the same title." """
    pool = cardpool(CORE_POOL)
    assert pool["connor-power-blow"].title == pool["duncan-power-blow"].title == "Power Blow"
    base = [k for k in BASE if k != "thrust"] + ["thrust"]  # 48 + 1 cards; the Power Blows make it 56
    seven = ["connor-power-blow"] * 4 + ["duncan-power-blow"] * 3
    duncan = rules.Deck(pregame=["test-duncan"], endurance=base + seven, pool=CORE_POOL)
    problems = rules.check_deck(duncan)
    assert any("7 cards titled Power Blow" in p and "core/card-anatomy/title" in p for p in problems)


def test_a_persona_of_a_faction_may_include_the_factions_cards_but_not_its_reserved_ones():
    """ "Only a Persona whose name or Faction name appears in the title box may include that card in their
    Endurance" -- and "Reserved cards cannot be included in your deck unless your Persona's name appears in the
    Sub-Title." """
    assert check(["test-clan-strike"], pregame=["test-richie"]) == []
    refused = check(["test-clan-strike"], pregame=["test-kurgan"])  # not of Clan MacLeod
    assert len(refused) == 1 and "core/constructing/persona-cards" in refused[0]
    reserved = check(["test-clan-heirloom"], pregame=["test-richie"])
    assert len(reserved) == 1 and "core/card-anatomy/reserved-signature" in reserved[0]


def test_a_weapon_of_choice_without_a_persona():
    """ "A Weapon of Choice may be used even if you do not play with a Persona Card." and "If you are using a
    Weapon of Choice, you may include the appropriate Weapon Specific cards in your deck." """
    assert check(["twist-of-the-blade-unblockable"], pregame=["sword-of-babylon"]) == []
    refused = check(["twist-of-the-blade-unblockable"])
    assert len(refused) == 1 and "core/card-anatomy/weapon-specific" in refused[0]


def test_pre_game_cards_do_not_count_toward_the_endurance():
    """Pre-Game cards: "They do not count toward the total number of cards in your Endurance." with "You must
    begin the game with an Endurance of at least 50 cards." """
    problems = check(base=BASE[1:], pregame=["sword-of-babylon"])
    assert len(problems) == 1 and "core/minimum-endurance-size" in problems[0] and "49 cards" in problems[0]


def test_an_ally_is_a_non_pre_game_card_named_for_its_character():
    """ "An Ally is any non-Pre Game card that depicts a character from the television series or movies, and has
    their name as the title of the card." """
    ally = make_card(dict(title="Test Joe Dawson", type="situation", keywords=["ally"], text="(test card)"))
    pregame = make_card(dict(title="Test Methos", type="pre-game", keywords=["ally"], text="(test card)"))
    assert ally.is_ally and not pregame.is_ally
    assert not any(card.is_ally for card in cardpool("highlander").values())  # the documents print none
