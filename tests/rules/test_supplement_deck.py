"""Deck building of the MLE rule supplement, clause by clause: Darius' reminder Personas, Faction
Personas and their components' pre-games, Combination Pre-Games, Dual cards, the borrowing
Personas (Ramirez, Graham Ashe), Hans Kershner, and the printed cards the engine refuses.

Cards named "Supp ..." exist only in this file's pool: the documents print no such card."""

from __future__ import annotations

from hlrules_support import POOL as BASE_POOL
from test_rules_deck import BASE

import rules
from rules.cards import cardpool, make_card, register_pool

SUPP = "supplement-deck-test"
SUPP_CARDS = [
    dict(
        title="Supp Faith Lunge", type="attack", grid="X--/---/---", persona="Faith", reserved=True, text="."
    ),
    dict(
        title="Supp Faith Glance",
        type="attack",
        grid="X--/---/---",
        persona="Faith",
        text="Plain Faith card.",
    ),
    dict(title="Supp Bob Trick", type="event", persona="Cracker Bob", reserved=True, text="Reserved to Bob."),
    dict(title="Supp Duncan Kick", type="attack", grid="---/---/X--", persona="Duncan MacLeod", text="."),
    dict(
        title="Supp Duncan Sig",
        type="attack",
        grid="---/---/X--",
        persona="Duncan MacLeod",
        signature=True,
        text=".",
    ),
    dict(
        title="Supp Master's Lunge",
        type="attack",
        grid="--X/---/---",
        persona="Duncan MacLeod",
        text="Master.",
    ),
    dict(
        title="Supp Duncan Master Cut", type="attack", grid="---/--X/---", persona="Duncan MacLeod", text="."
    ),
    dict(title="Supp Master Feint", type="event", persona="Connor MacLeod", text="Master card of Connor."),
    dict(title="Supp Duncan Plus One", type="pre-game", persona="Duncan MacLeod", text="+1 Master Duncan."),
    dict(
        title="Supp Brothers Strike",
        type="attack",
        grid="---/X--/---",
        persona="Duncan MacLeod",
        dual_with="Connor MacLeod",
        text="Dual card.",
    ),
    dict(
        title="Supp Brothers Sig",
        type="attack",
        grid="---/X--/---",
        persona="Duncan MacLeod",
        dual_with="Connor MacLeod",
        signature=True,
        text="Dual Signature card.",
    ),
    dict(
        title="Supp Twin Blades",
        type="edge",
        weapon="Katar",
        dual_with="Naginata",
        conjunction="thrust",
        text=".",
    ),
    dict(title="Supp Katar Parry", type="block", grid="X--/---/---", weapon="Katar", text="Katar block."),
    dict(title="Supp Katar Jab", type="attack", grid="---/-X-/---", weapon="Katar", text="Katar attack."),
    dict(title="Supp Katar Stance", type="situation", weapon="Katar", text="A Katar Situation."),
    dict(
        title="Supp Graham Ashe",
        type="persona",
        persona="Graham Ashe",
        master_limit=4,
        members=["Ramirez", "Duncan MacLeod"],
        keywords=["borrows-two-titles"],
        text="Ashe may include two card titles total from Ramirez and Duncan MacLeod (FAQ).",
    ),
    dict(
        title="Supp Moore Barnes",
        type="persona",
        persona="Michael Moore",
        counts_as=["Quentin Barnes"],
        keywords=["names-two-immortals"],
        master_limit=4,
        text="A persona in his own right naming two Immortals.",
    ),
    dict(title="Supp Barnes Sig", type="event", persona="Quentin Barnes", signature=True, text="."),
]
register_pool(SUPP, list(cardpool(BASE_POOL).values()) + [make_card(c) for c in SUPP_CARDS])

HIGHLANDERS = ["test-highlanders", "test-duncan", "test-connor"]
RAMIREZ = "juan-sanchez-villa-lobos-ramirez"


def check(extra=(), pregame=(), pool=SUPP) -> list[str]:
    return rules.check_deck(rules.Deck(pregame=pregame, endurance=list(BASE) + list(extra), pool=pool))


def about(problems, rule):
    return [p for p in problems if f"[{rule}]" in p]


# ---------------------------------------------------------------- Darius


def test_darius_plays_with_two_personas_as_pregame_reminders_and_their_reserved_cards():
    """Darius: "You may include in your deck Reserved cards from two Personas that are allowed less
    than 6 Master cards. You must start with these two Personas cards as pre-games" -- the deck the
    engine refused before."""
    assert check(["supp-faith-lunge", "supp-bob-trick"], pregame=["darius", "faith", "cracker-bob"]) == []
    assert check(pregame=["darius", "faith", "cracker-bob"], pool="highlander") == []


def test_darius_takes_only_reserved_cards_from_his_reminder_personas():
    """ "Reserved cards from two Personas": a plain card of such a Persona is not his to use."""
    p = check(["supp-faith-glance"], pregame=["darius", "faith", "cracker-bob"])
    assert len(p) == 1 and about(p, "mle-errata/darius") and "Supp Faith Glance" in p[0]


def test_darius_reminders_must_be_two_personas_allowed_less_than_six_master_cards():
    """ "two Personas that are allowed less than 6 Master cards": Ramirez allows 7; one is not two."""
    p = check(pregame=["darius", "faith", RAMIREZ])
    assert about(p, "mle-errata/darius") and "less than 6 Master cards" in p[0]
    assert about(check(pregame=["darius", "faith"]), "mle-errata/darius")


def test_darius_reminder_personas_count_against_the_pregame_limit():
    """FAQ: "Does Darius using the two Persona's as Pre-Games count against his Pre-Game limit? A- Yes
    they do." Darius, two reminders and four more pre-games are seven slots."""
    four = ["test-kung-fu", "test-city", "test-harbor", "sword-of-babylon"]
    assert check(pregame=["darius", "faith", "cracker-bob", *four[:3]]) == []
    p = check(pregame=["darius", "faith", "cracker-bob", *four])
    assert any("7 Pre-Game slots" in x for x in p)


# ---------------------------------------------------------------- Factions


def test_faction_refuses_the_pregame_cards_of_its_component_personas():
    """Faction Personas: "You may not however use any Pre-Game cards that would normally belong to one
    of the two Personas (example - +1, MCBC, etc.)" """
    assert check(pregame=HIGHLANDERS) == []
    p = check(pregame=[*HIGHLANDERS, "supp-duncan-plus-one"])
    assert len(p) == 1 and about(p, "mle/faction-personas") and "Supp Duncan Plus One" in p[0]


def test_faction_cannot_use_a_dual_signature_card_of_both_its_components():
    """FAQ: "If I am using two personas in a faction, and I have a Dual Persona Signature card that is
    usable by both of my faction personas, can I include it in my deck? A – No." """
    p = check(["supp-brothers-sig"], pregame=HIGHLANDERS)
    assert len(p) == 1 and about(p, "mle/faction-personas")


def test_faction_uses_clan_signature_cards_but_not_its_components_signature_cards():
    """FAQ: "if using the Highlanders faction, you could not use Signature cards from either Duncan or
    Connor, but you could use Signature cards from Clan MacLeod" """
    assert check(["test-clan-sig"], pregame=HIGHLANDERS) == []
    assert about(check(["supp-duncan-sig"], pregame=HIGHLANDERS), "mle/faction-personas")


def test_a_persona_naming_two_immortals_is_not_a_faction_and_uses_both_signature_cards():
    """FAQ: "Michael Moore / Quentin Barnes is *not* a Faction ... He may therefore use Signature cards
    specific to Michael Moore, Quentin Barnes or both." """
    assert check(["supp-barnes-sig"], pregame=["supp-moore-barnes"]) == []


# ---------------------------------------------------------------- Dual cards


def test_dual_cards_are_usable_by_either_persona_or_weapon_named():
    """Dual Cards: "In the sub-title where you would usually find the name of one Persona or Weapon, you
    will find two. As such, either Persona or Weapon listed there may include the card in their deck" """
    assert check(["supp-brothers-strike"], pregame=["test-duncan"]) == []
    assert check(["supp-brothers-strike"], pregame=["test-connor"]) == []
    assert about(check(["supp-brothers-strike"], pregame=["test-kurgan"]), "core/constructing/persona-cards")
    assert check(["supp-twin-blades"], pregame=["naginata"]) == []
    assert check(["supp-twin-blades"], pregame=["katar"]) == []
    assert about(
        check(["supp-twin-blades"], pregame=["sword-of-babylon"]), "core/card-anatomy/weapon-specific"
    )


# ---------------------------------------------------------------- Combination Pre-Game / Persona


def test_ramirez_is_a_combination_pregame_used_as_persona_or_with_another_persona():
    """ "A Combination Pre-Game card has text on it that indicates it may be used either as a separate
    Persona when building a deck, or it may be played as an additional PreGame in conjunction with a
    Persona Pre-Game card." With Faith, Faith is the Persona (her Master limit, her cards)."""
    assert check(pregame=[RAMIREZ], pool="highlander") == []
    assert check(pregame=["faith", RAMIREZ], pool="highlander") == []
    p = check(["expert-thrust"], pregame=["faith", RAMIREZ], pool="highlander")
    assert len(p) == 1 and about(p, "core/constructing/persona-cards") and "Ramirez" in p[0]
    assert about(check(pregame=["faith", "cracker-bob"]), "core/constructing/persona-cards")


# ---------------------------------------------------------------- borrowing Personas


def test_ramirez_persona_borrows_one_card_title_from_each_immortal():
    """MLE1 Ramirez Pre-Game: "If played as a Persona, you can borrow one Immortal Specific card from
    each immortal (reserved or not)" """
    assert check(["supp-duncan-kick", "supp-faith-lunge", "supp-bob-trick"], pregame=[RAMIREZ]) == []
    p = check(["supp-duncan-kick", "test-duncan-slash"], pregame=[RAMIREZ])
    assert len(p) == 1 and about(p, "mle-clarifications/ramirez-persona") and "Duncan MacLeod (2)" in p[0]


def test_ramirez_persona_or_master_cards_from_all_immortals_never_signature():
    """ "OR you can used Master cards (reserved or not) from all immortals. Ramirez doesn't allow you to
    use Signature cards." """
    masters = ["supp-master-s-lunge", "supp-duncan-master-cut", "supp-master-feint", "supp-master-s-lunge"]
    assert check(masters, pregame=[RAMIREZ]) == []
    p = about(check(["supp-duncan-sig"], pregame=[RAMIREZ]), "mle-clarifications/ramirez-persona")
    assert len(p) == 1 and "Supp Duncan Sig" in p[0] and "Signature" in p[0]


def test_graham_ashe_includes_two_card_titles_total_from_ramirez_and_duncan():
    """FAQ: "Ashe may include two card titles total. So, it could be two from Duncan, or two from Ramirez
    or one from Ramirez and Duncan." and "You may include up to the restriction value of the card title
    you choose from them." """
    ashe = ["supp-graham-ashe"]
    assert check(["supp-duncan-kick"] * 3 + ["expert-thrust"], pregame=ashe) == []
    assert check(["supp-duncan-kick", "test-duncan-slash"], pregame=ashe) == []
    p = check(["supp-duncan-kick", "test-duncan-slash", "expert-thrust"], pregame=ashe)
    assert len(p) == 1 and about(p, "mle-faq/graham-ashe") and "two card titles" in p[0]
    p = check(["expert-thrust", "expert-thrust"], pregame=ashe)  # Expert Thrust is restricted to 1
    assert len(p) == 1 and about(p, "core/card-anatomy/restriction-number")


def test_graham_ashe_cannot_use_a_signature_card_of_duncan_or_ramirez():
    """FAQ: "Can I use a Signature card from Duncan or Ramirez with Ashe? A - No, he cannot." """
    p = about(check(["supp-duncan-sig"], pregame=["supp-graham-ashe"]), "mle-faq/graham-ashe")
    assert len(p) == 1 and "Supp Duncan Sig" in p[0]


# ---------------------------------------------------------------- Hans Kershner and refused cards


def test_hans_kershner_pairs_only_with_cards_the_engine_can_play_with_it():
    """Hans Kershner: "For each Hans Kershner card you have in your deck, you may have one Weapon
    specific card from another Weapon of Choice in your deck. Hans Kershner must be played in
    conjunction with the weapon-specific card." A foreign attack or Edge is played with it; a foreign
    Block is refused, with the reason."""
    assert check(["hans-kershner", "supp-katar-jab"], pregame=["naginata"]) == []
    p = check(["hans-kershner", "supp-katar-parry"], pregame=["naginata"])
    assert len(p) == 1 and about(p, "mle-errata/hans-kershner") and "Supp Katar Parry" in p[0]


REFUSED = {
    "thief-s-plan": "Steal",
    "scare": "Ally, Bystander or Pedestrian",
    "spin-of-the-spear": "Circular Block",
}


def test_each_printed_card_the_engine_cannot_play_is_refused_naming_the_card_and_why():
    """Never selectable and silently inert: every `playable = false` card is refused by check_deck with
    its name and the reason, in a deck that would otherwise be legal for it."""
    pool = rules.cardpool()
    homes = {"Ramirez": [RAMIREZ], "Darius": ["darius", "faith", "cracker-bob"]}
    for key, words in REFUSED.items():
        card = pool[key]
        assert not card.playable and words in card.unplayable_reason, key
        pregame = homes.get(card.persona, [])
        if card.weapon:
            pregame = [rules.slugify(card.weapon)]
        p = check([key], pregame=pregame, pool="highlander")
        refused = about(p, "engine/not-playable")
        assert len(refused) == 1 and card.name in refused[0] and card.unplayable_reason in refused[0], key
    p = check(pregame=["ahriman"], pool="highlander")
    assert len(p) == 1 and "Ahriman" in p[0] and "Nemesis" in p[0]


def test_printed_cards_playable_count():
    """The count COVERAGE.md reports: of the cards whose text the supplement prints (source
    mle-errata/*), how many the engine plays."""
    printed = [c for c in rules.cardpool().values() if c.source.startswith("mle-errata/")]
    playable = [c for c in printed if c.playable]
    assert (len(playable), len(printed)) == (23, 27)


def test_a_faction_persona_sets_its_own_master_card_limit():
    """Faction Personas: "A new Master Card limit may be indicated on the Faction Persona that you must
    use when building your deck." The test Highlanders allow 3 Master cards."""
    three = ["supp-master-s-lunge", "supp-duncan-master-cut", "supp-master-feint"]
    assert check(three, pregame=HIGHLANDERS) == []
    p = check([*three, "supp-master-s-lunge"], pregame=HIGHLANDERS)
    assert len(p) == 1 and about(p, "core/constructing/master-cards") and "up to 3" in p[0]
