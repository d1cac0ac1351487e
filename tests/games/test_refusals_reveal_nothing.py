"""A refused move tells the player nothing hidden.

Naming a card you cannot see (the opponent's hand, either Endurance, a card id that does not
exist) gets one answer, "That card is not in your hand.", whatever the card is: in the API, on the
board's form, and nothing is stored. Before, the answer named the card ("Upper Center Attack is not
in your hand."), a free oracle for the opponent's hand and deck.
"""

from __future__ import annotations

import json
import uuid

import pytest

import rules
from games.actions import challenges, moves
from games.models import Duel, Move

NOT_IN_HAND = "That card is not in your hand."


@pytest.fixture
def duel_and_mover(make_player, starter_deck):
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    duel.refresh_from_db()
    return duel, (alice, bob)[duel.to_move]


def unseen_cards(duel: Duel) -> dict[str, str]:
    """Card ids the player to move cannot see, by where they are (read from the secret state)."""
    state = rules.Duel.from_json(duel.state)
    mine, theirs = state.players[duel.to_move], state.players[1 - duel.to_move]
    return {
        "the opponent's hand": theirs.hand[0],
        "the opponent's Endurance": theirs.endurance[0],
        "your own Endurance": mine.endurance[0],
        "no card at all": "c0000000000",
        "not even an id": "zz",
    }


def snapshot(duel: Duel) -> tuple:
    duel.refresh_from_db()
    return duel.version, duel.state, Move.objects.filter(duel=duel).count()


@pytest.mark.django_db
def test_the_api_answers_the_same_for_every_card_you_cannot_see(duel_and_mover):
    duel, mover = duel_and_mover
    before = snapshot(duel)
    own_card = rules.Duel.from_json(duel.state).players[duel.to_move].hand[0]
    answers = {}
    for where, card in unseen_cards(duel).items():
        for action in (
            {"type": "discard", "card": card},
            {"type": "attack", "card": card},
            {"type": "defend", "card": card, "target": 0},
            {"type": "special", "card": card},
            {"type": "use", "card": card},
            {"type": "choose", "card": card},
            {"type": "attack", "card": own_card, "extras": [card]},  # a Head Shot "with" it
        ):
            response = mover.post_move(duel.pk, duel.version, [action])
            assert response.status_code == 400, (where, action, response.content)
            answers[(where, action["type"], bool(action.get("extras")))] = response.json()["detail"]

    assert len(set(answers.values())) == 1, answers  # one answer, whatever the card
    assert next(iter(answers.values())).startswith(NOT_IN_HAND)
    assert snapshot(duel) == before  # nothing stored, nothing changed


@pytest.mark.django_db
def test_the_board_form_answers_the_same_for_every_card_you_cannot_see(client, duel_and_mover):
    duel, mover = duel_and_mover
    client.force_login(mover.user)
    before = snapshot(duel)
    pages = []
    for card in unseen_cards(duel).values():
        response = client.post(
            f"/duels/{duel.pk}/move/",
            {
                "version": duel.version,
                "action": json.dumps({"type": "discard", "card": card}),
                "key": uuid.uuid4().hex,
            },
            HTTP_HX_REQUEST="true",
        )
        pages.append(response.content.decode())

    for page in pages:
        assert NOT_IN_HAND in page
    state = rules.Duel.from_json(duel.state)
    names = {rules.cardpool()[state.cards[c]].name for c in unseen_cards(duel).values() if c in state.cards}
    for page in pages:
        messages = page[page.index(NOT_IN_HAND) - 200 : page.index(NOT_IN_HAND) + 200]
        assert not any(name in messages for name in names)  # the message names no card
    assert snapshot(duel) == before


@pytest.mark.django_db
def test_a_card_you_can_see_is_still_named(duel_and_mover):
    """Cards you can see keep their helpful answer: your own card, played at the wrong time."""
    duel, mover = duel_and_mover
    state = rules.Duel.from_json(duel.state)
    own = state.players[duel.to_move].hand[0]
    response = mover.post_move(duel.pk, duel.version, [{"type": "choose", "card": own}])
    assert response.status_code == 400
    assert NOT_IN_HAND not in response.json()["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"type": "discard", "card": {"id": "c1"}}, "card"),
        ({"type": "discard", "card": ["c1"]}, "card"),
        ({"type": "discard", "card": 10**400}, "card"),
        ({"type": "draw", "n": "3"}, "n"),
        ({"type": "draw", "n": True}, "n"),
        ({"type": "defend", "card": "c1", "target": 2**70}, "target"),
        ({"type": "attack", "card": "c1", "extras": "c2"}, "extras"),
        ({"type": "attack", "card": "c1", "hidden": "yes"}, "hidden"),
        ({"type": ["pass"]}, "type"),
        ({"type": "pass", "colour": "red"}, "colour"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_naming_it(duel_and_mover, action, field):
    duel, mover = duel_and_mover
    before = snapshot(duel)
    response = mover.post_move(duel.pk, duel.version, [action])
    assert response.status_code == 400
    assert f"'{field}'" in response.json()["detail"]
    assert snapshot(duel) == before


@pytest.mark.django_db
def test_a_duel_dealt_before_the_new_generator_plays_on_and_replays(client, make_player, starter_deck):
    """Existing duels keep playing: a state stored by version 1 (a bare 64-bit generator state, no
    id stream) goes on with version 1, and its replay deals it again exactly from the seed."""
    alice, bob = make_player("alice"), make_player("bob")
    duel = challenges.create_duel(alice.user, deck=starter_deck, opponent=bob.user)
    challenges.accept_duel(bob.user, duel.pk, starter_deck)
    duel.refresh_from_db()
    decks = [
        rules.Deck(pregame=s.deck["pregame"], endurance=s.deck["endurance"])
        for s in duel.seats.order_by("index")
    ]
    legacy = rules.new_duel(*decks, seed=int(duel.seed, 16), rng_version=1).to_json()
    legacy.pop("ids")  # as version 1 stored it
    assert isinstance(legacy["rng"], str)
    Duel.objects.filter(pk=duel.pk).update(state=legacy, to_move=legacy["active"])
    players = {0: alice, 1: bob}
    for _ in range(12):
        duel.refresh_from_db()
        state = rules.Duel.from_json(duel.state)
        if duel.status != Duel.Status.ACTIVE:
            break
        action = state.legal_actions()[-1].to_json()
        move = moves.submit_move(
            players[state.to_move].user, duel.pk, version=duel.version, actions=[action], key=uuid.uuid4().hex
        )
        moves.resolve_move(move.move.pk)
        assert Move.objects.get(pk=move.move.pk).status == Move.Status.APPLIED
    duel.refresh_from_db()
    assert rules.Duel.from_json(duel.state).rng_version == 1
    moves.resign(alice.user, duel.pk)

    page = client.get(f"/duels/{duel.pk}/replay/").content.decode()

    assert "✔ SHA-256 of the seed matches the commitment." in page
    assert "gives exactly this game" in page
