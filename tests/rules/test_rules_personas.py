"""MLE Faction Personas in play and Places (test pool cards)."""

from hlrules_support import cid, duel_at, has, keys, rules_of, step

FACTION = ["test-highlanders", "test-duncan", "test-connor"]


def test_faction_persona_declares_a_member_at_the_start_of_each_turn():
    """ "During game play, you may use the Persona power and cards of either Persona, but you must declare at the
    beginning of each turn which Persona you will be using.\""""
    d = duel_at(
        "sweep",
        hands=(["test-duncan-slash", "upper-left-attack", "lower-right-attack"], []),
        pregame=(FACTION, []),
    )
    assert {a.type for a in d.legal_actions()} == {"declare"}  # before anything else this turn
    assert sorted(d.cards[a.card] for a in d.legal_actions()) == ["test-connor", "test-duncan"]
    connor, events = step(d, "declare", "test-connor")
    assert "mle/faction-personas/declare" in rules_of(events)
    assert connor.view(1)["opponent"]["declared_persona"]["key"] == "test-connor"
    while connor.phase != "attack":
        connor, _ = step(connor, "pass")
    assert has(connor, "exert", purpose="attack", n=3)  # Connor's power: 3 or 5 card exertions
    assert not has(connor, "attack", "test-duncan-slash")  # Duncan's cards wait for a Duncan turn
    duncan, _ = step(d, "declare", "test-duncan")
    while duncan.phase != "attack":
        duncan, _ = step(duncan, "pass")
    assert has(duncan, "attack", "test-duncan-slash") and not has(duncan, "exert", purpose="attack", n=3)
    # the next turn of the same player asks again
    duncan, _ = step(duncan, "attack", "upper-left-attack")
    duncan, _ = step(duncan, "pass")
    duncan, _ = step(duncan, "draw", n=0)
    while duncan.to_move == 1:
        acts = duncan.legal_actions()
        a = next((a for a in acts if a.type in ("pass", "draw")), None) or next(
            a for a in acts if a.type == "exert" and a.purpose == "nothing"
        )
        duncan, _ = duncan.apply(a)
    assert {a.type for a in duncan.legal_actions()} == {"declare"}


def test_places_start_face_down_and_inactive_until_activated():
    """ "At the beginning of the game, all Place cards are turned face down, and are treated as inactive (i.e. as
    blank, and their text has no effect). A Place card cannot be activated unless a player plays a card specific to
    that purpose ... That Place card is turned face up, and any previously active Place card is turned face down
    (and once again becomes inactive). Any cards already in play that are specific to the previously active Place
    are now discarded\""""
    d = duel_at(
        "attack",
        hands=(["test-transportation", "thrust"], []),
        pregame=(["test-city", "test-harbor"], []),
    )
    city, harbor = (cid(d, 0, "pregame", k) for k in ("test-city", "test-harbor"))
    opp_view = d.view(1)["opponent"]["pregame"]
    assert opp_view == [{"hidden": True, "face_down": True}] * 2  # the opponent cannot tell which Places
    assert {c["key"] for c in d.view(0)["you"]["pregame"]} == {"test-city", "test-harbor"}
    assert not has(d, "exert", purpose="attack", n=3)  # the City's text has no effect while face down
    d, events = step(d, "special", "test-transportation", target=0)
    assert "mle/places" in rules_of(events) and d.players[0].active_place == city
    assert has(d, "exert", purpose="attack", n=3)  # active: its text applies
    assert d.view(1)["opponent"]["pregame"][0]["key"] == "test-city"
    assert d.view(1)["opponent"]["pregame"][1] == {"hidden": True, "face_down": True}
    # activating the Harbor turns the City face down and discards the City's cards in play
    d = duel_at(
        "attack",
        hands=(["test-transportation", "thrust"], []),
        pregame=(["test-city", "test-harbor"], []),
        in_play=(["test-city-streets"], []),
        active_place="",
    )
    d.players[0].active_place = cid(d, 0, "pregame", "test-city")
    harbor = d.players[0].pregame.index(cid(d, 0, "pregame", "test-harbor"))
    d, _ = step(d, "special", "test-transportation", target=harbor)
    assert d.card(d.players[0].active_place).key == "test-harbor"
    assert keys(d, 0, "discard") == ["test-city-streets"] and keys(d, 0, "in_play") == ["test-transportation"]
