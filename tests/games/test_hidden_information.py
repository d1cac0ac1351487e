"""Hidden information stays hidden: over random duels played through the real stack, nothing a
player receives (API answers, the event feed, pages, e-mails) contains the other player's hand,
any endurance card (either deck's order), an unrevealed hidden attack, or the shuffle seed.

Every card in a duel carries a unique marker (its instance id, e.g. "c3f9a0b1c2d"); a card's
marker is only ever public while the card is, so the test looks for the markers of cards that
are hidden from the player at that moment.
"""

from __future__ import annotations

import json
import random

import pytest

from games.actions import challenges, decks
from games.models import Duel
from tests.games.conftest import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

DUELS = 4
MAX_MOVES_PER_DUEL = 80


def hidden_from(state: dict, seat: int, seed_hex: str, seed_revealed: bool) -> set[str]:
    """The markers `seat` must not see now, read from the server's secret rules state."""
    players = state["players"]
    markers = set(players[1 - seat]["hand"])
    for player in players:
        markers.update(player["endurance"])  # nobody may see any endurance order
    # A face-down (hidden) attack of the opponent. Cards played in conjunction with it (a Head
    # Shot, a Twist) are face up by the engine's reading of "Hidden Attacks" (rules/attacks.py):
    # the rule hides the attack itself, so they are not secrets here.
    active = state["active"]
    for strike in state.get("incoming", []):  # played face down by the opponent of the active player
        if strike[2] and seat == active:
            markers.add(strike[0])
    for strike in state.get("outgoing", []):
        if strike[2] and seat != active:
            markers.add(strike[0])
    if state.get("exert_private") and seat != active:
        markers.update(state.get("exertion", []))
    if not seed_revealed:  # revealed by design once the duel is over, to check the commitment
        markers.add(seed_hex)
        for stream in (state["rng"], state.get("ids")):  # the generators' keys (or v1 state)
            if stream is not None:
                markers.add(stream[0] if isinstance(stream, list) else str(stream))
    return markers


def everything_sent_to(player, duel_id: int, browser_client) -> dict[str, str]:
    sent = {
        "duel": player.client.get(f"/api/duels/{duel_id}/").content.decode(),
        "list": player.client.get("/api/duels/").content.decode(),
        "board": browser_client.get(f"/duels/{duel_id}/").content.decode(),
        "fragment": browser_client.get(f"/duels/{duel_id}/board/").content.decode(),
        "lobby": browser_client.get("/duels/").content.decode(),
    }
    url, pages = f"/api/duels/{duel_id}/events/?page_size=200", []
    while url:
        page = player.client.get(url).json()
        pages.append(json.dumps(page))
        url = page["next"]
    sent["events"] = "".join(pages)
    moves = player.client.get(f"/api/duels/{duel_id}/").json()
    sent["moves"] = "".join(
        player.client.get(f"/api/moves/{move_id}/").content.decode()
        for move_id in Duel.objects.get(pk=duel_id).moves.values_list("pk", flat=True)
    )
    assert moves["id"] == duel_id
    return sent


def assert_nothing_hidden_leaks(players, clients, duel_id: int):
    duel = Duel.objects.get(pk=duel_id)
    for seat, (player, browser_client) in enumerate(zip(players, clients, strict=True)):
        markers = hidden_from(duel.state, seat, duel.seed, duel.seed_revealed)
        for where, body in everything_sent_to(player, duel_id, browser_client).items():
            leaked = [marker for marker in markers if marker in body]
            assert not leaked, f"seat {seat} received hidden {leaked[:5]} in {where} (version {duel.version})"


def test_no_player_ever_receives_hidden_information(celery_worker_process, make_player, starter_deck, client):
    from django.test import Client

    before = celery_worker_process.sent_mail()
    seeds_seen = []
    for game in range(DUELS):
        rng = random.Random(1000 + game)
        alice = make_player(f"alice{game}", email=f"alice{game}@example.org")
        bob = make_player(f"bob{game}", email=f"bob{game}@example.org")
        starters = decks.ensure_starter_decks()
        duel = challenges.create_duel(alice.user, deck=starters[game % 2], opponent=bob.user, days_per_move=1)
        challenges.accept_duel(bob.user, duel.pk, starters[(game + 1) % 2])
        clients = []
        for player in (alice, bob):
            browser_client = Client()
            browser_client.force_login(player.user)
            clients.append(browser_client)
        players = (alice, bob)  # seat 0 is the challenger

        for _ in range(MAX_MOVES_PER_DUEL):
            assert_nothing_hidden_leaks(players, clients, duel.pk)
            duel.refresh_from_db()
            if duel.status != "active":
                break
            mover = players[duel.to_move]
            state = mover.duel(duel.pk)
            mover.play(duel.pk, rng.choice(state["legal_actions"]), state["version"])
        duel.refresh_from_db()
        if duel.status == "active":
            players[0].client.post(f"/api/duels/{duel.pk}/resign/")
        duel.refresh_from_db()
        seeds_seen.append(duel.seed)
        # Once the duel is over the seed is revealed, and only then.
        assert players[1].duel(duel.pk)["seed"] == duel.seed

    # E-mails (sent by the worker) carry no card and no seed at all.
    wait_for(lambda: celery_worker_process.sent_mail() - before, what="e-mails")
    mails = "".join(celery_worker_process.sent_mail() - before)
    for duel in Duel.objects.all():
        ids = set(duel.state["cards"])
        assert not [marker for marker in ids if marker in mails]
    assert not [seed for seed in seeds_seen if seed in mails]
