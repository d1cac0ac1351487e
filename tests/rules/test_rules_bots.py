"""Bots: deterministic for a given rng, and blind to what view() hides."""

import random

import pytest

import rules
from rules import bots
from rules.cards import grid_mask

DECKS = rules.starter_decks()


def run(kinds, seed, choice_seed):
    rng = random.Random(choice_seed)
    d = rules.new_duel(DECKS[0], DECKS[1], seed=seed)
    trail = []
    while d.phase != "over":
        a = bots.choose(d, kinds[d.to_move], rng)
        trail.append(a)
        d, _ = d.apply(a)
    return d, trail


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_are_deterministic_for_a_given_rng(kind):
    assert run((kind, kind), 11, 3)[1] == run((kind, kind), 11, 3)[1]


def test_heuristic_beats_random_most_of_the_time():
    wins = sum(run(("heuristic", "random"), s, s)[0].winner == 0 for s in range(40))
    assert wins >= 28


def test_heuristic_defends_when_it_can():
    """The heuristic bot plays a covering defense rather than taking the hit."""
    from hlrules_support import duel_at

    d = duel_at("defense", hands=(["upper-left-block", "thrust"], []), incoming=[("upper-left-attack", {})])
    assert bots.choose(d, "heuristic", random.Random(0)).type == "defend"


def test_bots_ignore_hidden_information():
    """Changing only what seat 0 cannot see (the endurance orders, the opponent's hand order) does not change its choice."""
    rng = random.Random(5)
    d = rules.new_duel(DECKS[0], DECKS[1], seed=2024)
    for _ in range(60):
        if d.phase == "over":
            break
        seat = d.to_move
        other = rules.Duel.from_json(d.to_json())
        other.players = tuple(p.clone() for p in other.players)
        for p in other.players:
            p.endurance = tuple(reversed(p.endurance))
        opp = other.players[1 - seat]
        opp.hand = tuple(reversed(opp.hand))
        for kind in ("heuristic", "random"):
            assert bots.choose(d, kind, random.Random(9)) == bots.choose(other, kind, random.Random(9))
        d, _ = d.apply(bots.choose(d, "heuristic", rng))


def test_unknown_bot_kind():
    d = rules.new_duel(DECKS[0], DECKS[1], seed=1)
    with pytest.raises(ValueError):
        bots.choose(d, "genius", random.Random(0))


def _view_known(view):
    """id -> key for every card the view shows."""
    known = {}
    for side in ("you", "opponent"):
        s = view[side]
        for zone in ("hand", "discard", "in_play", "pregame", "removed"):
            for c in s.get(zone) or ():
                if "id" in c:
                    known[c["id"]] = c["key"]
    if view["exertion"] and view["exertion"]["cards"]:
        known.update((c["id"], c["key"]) for c in view["exertion"]["cards"])
    return known


def test_public_facts_show_exactly_what_the_view_shows():
    """The bots' cheap path (`public_facts`) knows a card iff `view(seat)` shows it, and agrees
    with the view on Abilities, Endurance counts, discard piles and the attacks awaiting defense."""
    rng = random.Random(3)
    checked = hidden_seen = 0
    for seed in range(6):
        d = rules.new_duel(DECKS[0], DECKS[1], seed=seed)
        while d.phase != "over":
            for seat in (0, 1):
                view, facts = d.view(seat), d.public_facts(seat)
                known = _view_known(view)
                assert {c: facts.key(c) for c in d.cards if facts.key(c)} == known
                hidden_seen += sum(1 for c in d.cards if facts.key(c) is None)
                for who, side in ((seat, "you"), (1 - seat, "opponent")):
                    assert facts.ability(who) == view[side]["ability"]
                    assert facts.endurance_count(who) == view[side]["endurance_count"]
                    assert facts.discard_keys(who) == [c["key"] for c in view[side]["discard"]]
                shown = [
                    (grid_mask(x.get("grid")), x["hidden"], x["power_blow"], x["covered"])
                    for x in view["attacks_awaiting_defense"]
                ]
                assert [tuple(a) for a in facts.awaiting()] == shown
                checked += 1
            d, _ = d.apply(bots.choose(d, "heuristic", rng))
    assert checked > 200 and hidden_seen > 0


# ---- the heuristic uses the persona powers and Edge cards (it ignored them before)

RAMIREZ = "juan-sanchez-villa-lobos-ramirez"


def _heuristic(d):
    return bots.choose(d, "heuristic", random.Random(0))


def test_heuristic_looks_at_the_top_two_cards_with_the_ramirez_pregame():
    from hlrules_support import duel_at

    d = duel_at("attack", hands=(["upper-left-attack"], []), pregame=(["faith", RAMIREZ], ()))
    assert _heuristic(d).type == "peek"
    d, _ = d.apply(_heuristic(d))
    assert _heuristic(d).type == "attack"  # once a turn: then it plays on


def test_heuristic_makes_nick_wolfes_ranged_attack_when_it_has_no_other_attack():
    from hlrules_support import duel_at

    d = duel_at(
        "attack",
        hands=(["upper-left-attack", "test-pistol", "head-shot"], []),
        pregame=(["nick-wolfe"], ()),
        disarmed=True,
    )
    a = _heuristic(d)
    assert a.type == "ranged" and d.cards[a.extras[0]] == "test-pistol"  # keeps the Head Shot


def test_heuristic_plays_an_edge_that_makes_its_thrust_unblockable():
    from hlrules_support import duel_at

    d = duel_at(
        "attack",
        hands=(["thrust", "twist-of-the-blade-unblockable"], []),
        pregame=(["sword-of-babylon"], ()),
    )
    a = _heuristic(d)
    assert a.type == "attack" and [d.cards[e] for e in a.extras] == ["twist-of-the-blade-unblockable"]


def test_heuristic_plays_darius_combination_before_two_attacks():
    from hlrules_support import duel_at

    d = duel_at(
        "attack", hands=(["combination", "thrust", "upper-left-attack"], []), pregame=(["darius"], ())
    )
    assert _heuristic(d).type == "edge"
    d, _ = d.apply(_heuristic(d))
    d, _ = d.apply(_heuristic(d))
    d, _ = d.apply(_heuristic(d))
    assert d.t_attacks == 2  # the additional attack is used
    one = duel_at("attack", hands=(["combination", "thrust"], []), pregame=(["darius"], ()))
    assert _heuristic(one).type == "attack"  # nothing to gain with one attack


def test_heuristic_takes_pleasure_of_the_hunts_free_random_discard():
    from hlrules_support import duel_at

    d = duel_at(
        "attack", hands=(["test-master-strike", "thrust"], []), in_play=([], ["pleasure-of-the-hunt"])
    )
    d, _ = d.apply(
        next(a for a in d.legal_actions() if a.type == "attack" and d.cards[a.card] == "test-master-strike")
    )
    a = _heuristic(d)
    assert d.to_move == 1 and a.type == "discard" and a.purpose == "at-random"


@pytest.mark.parametrize(
    ("pregame", "text"),
    [
        ("nail-studded-bat", "You may make any attack a Power Blow without an Exertion."),
        (
            "cracker-bob",
            "If you do not play a Special card this turn, you may make a Power Blow without an Exertion.",
        ),
    ],
)
def test_heuristic_takes_the_free_power_blow(pregame, text):
    """With every attack played and a card whose text gives a Power Blow without an Exertion, the
    heuristic bot makes it (it cost nothing), where it used to end the attack phase without it; its
    Endurance stays whole."""
    from hlrules_support import duel_at, step

    from rules.actions import ActionType as T

    assert rules.cardpool()[pregame].text.startswith(text)
    d = duel_at("attack", hands=(["upper-left-attack"], []), pregame=([pregame], []))
    d, _ = step(d, T.ATTACK, "upper-left-attack", extras=())
    endurance = len(d.players[0].endurance)
    choice = bots.choose(d, "heuristic", random.Random(0))
    assert (choice.type, choice.target) == (T.POWER_BLOW, 0)
    after, _ = d.apply(choice)
    assert after.outgoing[0].power_blow and len(after.players[0].endurance) == endurance
