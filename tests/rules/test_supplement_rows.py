"""Supplement clauses the coverage table had left "not yet" although their text is enough to test (rows 14,
49, 131, 139, 145 of rules/COVERAGE.md), each a position, an action and an outcome, quoting its sentence.
The documents print no card that makes most of them arise; the "Test ..." cards of the test pools stand
in for those (hlrules_support.py and the small pool below)."""

from __future__ import annotations

from hlrules_support import POOL, draw, duel_at, has, keys, step

from rules.actions import ActionType as T
from rules.cards import cardpool, make_card, register_pool

ROWS = "supplement-rows-test"
register_pool(
    ROWS,
    list(cardpool(POOL).values())
    + [
        make_card(
            dict(
                title="Test Lookout",
                type="situation",
                keywords=["discard-to-use"],
                on_use=[{"effect": "extra-attack", "amount": 1}],
                text="Discard this card from play to make an extra attack this turn.",
            )
        ),
        make_card(
            dict(
                title="Test Reserved MA Kick",
                type="attack",
                grid="---/---/-X-",
                persona="Test Persona",
                reserved=True,
                keywords=["martial-arts"],
                text="A Reserved Martial Arts attack.",
            )
        ),
    ],
)


def test_row_14_martial_arts_in_game_cards_may_be_removed_from_the_game():
    """Martial Arts: "MA PG cards modify your Persona and may not be removed from the game. MA IG cards may be
    removed from the game though." -- a removal finds the MA attack, never the MA Pre-Game card."""
    d = duel_at(
        "sweep",
        hands=(["test-ma-kick", "thrust"], ()),
        pregame=(["test-kung-fu"], ()),
        must_do=["remove:Test MA Kick", "remove:Test Kung Fu"],
    )
    d, events = step(d, T.RESOLVE, purpose="remove:Test MA Kick")
    assert keys(d, 0, "removed") == ["test-ma-kick"] and keys(d, 0, "hand") == ["thrust"]
    d, _ = step(d, T.RESOLVE, purpose="remove:Test Kung Fu")
    assert keys(d, 0, "pregame") == ["test-kung-fu"] and keys(d, 0, "removed") == ["test-ma-kick"]


def test_row_49_an_unexpected_situation_is_a_legal_target_for_cards_that_target_situations():
    """Unexpected Situations: "Unexpected Situations are legal targets for any card that target normal
    Situations. An Unexpected Situation can be removed from play by Police, or it can be nullified by
    Focus." -- Test Focus (a stand-in for Focus: "Nullify a Situation or Location in play") may nullify the
    opponent's Unexpected Situation, as it may a normal one."""
    d = duel_at("attack", hands=(["test-focus", "thrust"], []), in_play=([], ["test-ambush", "test-trip"]))
    targets = sorted(a.label for a in d.legal_actions() if a.type == T.SPECIAL)
    assert targets == ["Play Test Focus, nullifying Test Ambush", "Play Test Focus, nullifying Test Trip"]
    d, _ = step(d, T.SPECIAL, "test-focus", target=0)
    assert d.t_nullified == (d.players[1].in_play[0],) and d.cards[d.t_nullified[0]] == "test-ambush"


def test_row_131_a_discard_to_use_card_an_unexpected_card_put_into_play_waits_for_the_opponents_card():
    """FAQ: "What happens if I put a discard-to-use Situation or Object into play via an Unexpected card ...?
    A - Regardless of how a discard-to-use card enters play, the opponent still gets a chance to play one card
    before you can discard it." -- Unplanned Situation, drawn by seat 0 at the end of his turn, puts seat 1's
    Discard to Use Situation into play: seat 1 may not use it in his own turn that follows (**fixed**: it
    was ready at once, because the turn's end armed it after the Unexpected card had put it into play);
    only once seat 0 has played a card."""
    d = duel_at(
        "draw",
        hands=(["thrust"], ["thrust", "upper-left-attack"]),
        endurance=(["unplanned-situation"] + ["upper-left-block"] * 20, ["test-lookout"] + ["thrust"] * 20),
        t_played=True,
        pool=ROWS,
    )
    d, _ = draw(d, 1)
    assert d.active == 1 and keys(d, 1, "in_play") == ["test-lookout"]
    assert d.players[1].dtu_ready == ()
    while d.phase != "attack":
        d, _ = step(d, T.PASS)
    assert not has(d, T.USE)
    d, _ = step(d, T.ATTACK, "thrust")
    d, _ = step(d, T.PASS)
    d, _ = step(d, T.DRAW, n=0)
    assert d.active == 0
    while d.phase != "attack":  # no defense against the Thrust
        d, _ = step(d, T.PASS)
    assert d.players[1].dtu_ready == ()
    d, _ = step(d, T.ATTACK, "thrust")  # seat 0's first card: now seat 1 may discard it
    assert [d.cards[c] for c in d.players[1].dtu_ready] == ["test-lookout"]


def test_row_139_stealing_a_martial_arts_card_needs_a_martial_arts_pre_game():
    """FAQ: "Can I use Kane/Faith/Nakano/Methos or their cards to steal one of my opponents Martial Arts cards?
    A - Yes and no. ... if you are using a MA PG in your deck, then yes you can steal one of your opponents
    cards and use it. Otherwise, no you cannot." -- Faith takes the Reserved MA attack only with an MA
    Pre-Game (**fixed**: she could take it without one)."""

    def faith(pregame):
        return duel_at(
            "attack",
            hands=(["test-taunt", "thrust"], []),
            discard=([], ["test-reserved-ma-kick", "expert-thrust"]),
            pregame=(pregame, []),
            pool=ROWS,
        )

    def taken(d):
        return sorted(d.cards[a.card] for a in d.legal_actions() if a.type == T.BORROW)

    assert taken(faith(["faith"])) == ["expert-thrust"]
    with_ma = faith(["faith", "test-kung-fu"])
    assert taken(with_ma) == ["expert-thrust", "test-reserved-ma-kick"]
    d, _ = step(with_ma, T.BORROW, "test-reserved-ma-kick")
    assert has(d, T.ATTACK, "test-reserved-ma-kick")  # "... and use it"


def test_row_145_a_head_shot_whose_damage_is_all_prevented_still_takes_the_head():
    """FAQ: "Can an attack that does no damage (as opposed to 0 damage) be a Head Shot? A - Yes. There is no
    requirement that an attack does damage to cause a head loss - Fitzcairn is proof of that as nobody has
    ever claimed that if a Head Shot attack on him that would only do two damage was entirely negated if he
    prevented all the damage." -- two Test Armors prevent both points of damage; the head goes."""
    d = duel_at(
        "defense",
        active=1,
        hands=((), ["lower-right-block"]),
        in_play=([], ["test-armor", "test-armor"]),
        incoming=[("upper-left-attack", {"head_shot": True, "power_blow": True, "extras": ["head-shot"]})],
    )
    while d.phase != "over":
        d, events = step(d, T.PASS)
    assert d.winner == 0 and d.reason == "head shot"


def test_row_50_an_unexpected_location_is_a_legal_target_for_cards_that_target_locations():
    """Unexpected Locations: "Unexpected Locations are legal targets for any card that target normal
    Locations. An Unexpected Locations can be removed from play by Illusionary Terrain, can be nullified by
    Reconnaissance, or it can be replaced by another Location." -- Test Focus (a stand-in: "Nullify a
    Situation or Location in play") nullifies the Unexpected Location in play."""
    d = duel_at("attack", hands=(["test-focus", "thrust"], []), in_play=([], ["test-quake"]))
    assert [a.label for a in d.legal_actions() if a.type == T.SPECIAL] == [
        "Play Test Focus, nullifying Test Quake"
    ]
    d, _ = step(d, T.SPECIAL, "test-focus", target=0)
    assert [d.cards[c] for c in d.t_nullified] == ["test-quake"] and keys(d, 1, "in_play") == ["test-quake"]
