"""Pages and API calls cost the same number of queries whether a player has 2 duels or 20, and
whether the site has 2 other players or 20: nothing is fetched once per duel or per user."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.actions import challenges, moves
from games.models import Duel


def populate(me, deck, make_player, opponents: int) -> list[int]:
    """Per opponent: an active duel with me, an open challenge, a challenge to me, and a bot
    duel of mine: every list on the lobby, the home page and the API grows with them."""
    duel_ids = []
    for _ in range(opponents):
        other = make_player().user
        duel = challenges.create_duel(other, deck=deck, opponent=me)
        challenges.accept_duel(me, duel.pk, deck)
        duel_ids.append(duel.pk)
        challenges.create_duel(other, deck=deck)  # open challenge
        challenges.create_duel(other, deck=deck, opponent=me)  # waiting for my answer
        duel_ids.append(challenges.create_duel(me, deck=deck, bot="random").pk)
    return duel_ids


PAGES = [
    "/",
    "/duels/",
    "/duels/{duel}/",
    "/duels/{duel}/board/",
    "/api/duels/",
    "/api/duels/{duel}/",
    "/api/duels/{duel}/events/",
    "/duels/{finished}/replay/",
]


def count_queries(client, url: str) -> int:
    client.get(url)  # warm: session, content types, starter decks
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:500])
    return len(queries)


def test_queries_do_not_grow_with_the_number_of_duels_or_users(client, make_player, starter_deck):
    me = make_player("me").user
    client.force_login(me)
    first = populate(me, starter_deck, make_player, opponents=2)
    finished = first[0]
    moves.resign(me, finished)
    assert Duel.objects.get(pk=finished).status == Duel.Status.FINISHED
    urls = [page.format(duel=first[1], finished=finished) for page in PAGES]
    few = {url: count_queries(client, url) for url in urls}

    populate(me, starter_deck, make_player, opponents=18)
    assert Duel.objects.filter(seats__user=me).count() >= 40
    many = {url: count_queries(client, url) for url in urls}

    grown = {url: f"{few[url]} -> {many[url]} queries" for url in urls if many[url] > few[url]}
    assert not grown, f"query counts grew from 2 to 20 opponents: {grown}"
