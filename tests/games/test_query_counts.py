"""Pages and API calls cost the same number of queries whether a player has 2 duels or 20, and
whether the site has 2 other players or 20: nothing is fetched once per duel or per user."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import selectors
from games.actions import challenges, moves
from games.models import Duel, Event


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
    # Who moves first is dealt: with few duels, none may be mine to move, and an empty list costs
    # the lobby no prefetch. Start with every list non-empty so "few" and "many" show the same lists.
    for _ in range(20):
        if selectors.your_turn(me).exists():
            break
        challenges.create_duel(me, deck=starter_deck, bot="random")
    assert selectors.your_turn(me).exists()
    urls = [page.format(duel=first[1], finished=finished) for page in PAGES]
    few = {url: count_queries(client, url) for url in urls}

    populate(me, starter_deck, make_player, opponents=18)
    assert Duel.objects.filter(seats__user=me).count() >= 40
    many = {url: count_queries(client, url) for url in urls}

    grown = {url: f"{few[url]} -> {many[url]} queries" for url in urls if many[url] > few[url]}
    assert not grown, f"query counts grew from 2 to 20 opponents: {grown}"


# --- The move path's pinned counts (issue #16: the leaner request path) ---------------------------
# Transaction control (BEGIN, COMMIT, savepoints) is left out: the tests run inside a transaction,
# where each atomic block is a savepoint.


def statements(queries) -> list[str]:
    control = ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT", "BEGIN", "COMMIT")
    return [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(control)]


def active_duel(make_player, deck):
    alice, bob = make_player().user, make_player().user
    duel = challenges.create_duel(alice, deck=deck, opponent=bob)
    challenges.accept_duel(bob, duel.pk, deck)
    duel.refresh_from_db()
    return duel, {0: alice, 1: bob}


def submit_first_legal(duel, players):
    import uuid

    import rules

    duel.refresh_from_db()
    action = rules.Duel.from_json(duel.state).legal_actions()[0].to_json()
    return moves.submit_move(
        players[duel.to_move], duel.pk, version=duel.version, actions=[action], key=uuid.uuid4().hex
    ).move


def test_reading_a_move_back_is_one_query(client, make_player, starter_deck):
    duel, players = active_duel(make_player, starter_deck)
    move = submit_first_legal(duel, players)
    client.force_login(players[1 - move.seat])  # the deal decides who moves first: read as the other one
    client.get(f"/api/moves/{move.pk}/")  # warm

    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/moves/{move.pk}/")

    assert response.status_code == 200 and response.json()["status"] == "pending"
    assert response.json()["actions"] is None  # the opponent sees the move, not what it named
    # The move with the reader's seat in its duel; the signed-in user came from the cache.
    assert len(statements(queries)) == 1, statements(queries)


def test_submitting_a_move_reads_once_and_writes_once(client, make_player, starter_deck):
    duel, players = active_duel(make_player, starter_deck)

    with CaptureQueriesContext(connection) as queries:
        submit_first_legal(duel, players)

    # The test's own duel.refresh_from_db, the requester's seat with its duel, the INSERT.
    assert len(statements(queries)) == 3, statements(queries)


def test_resolving_a_move_reads_the_seats_only_when_the_turn_passes(make_player, starter_deck):
    duel, players = active_duel(make_player, starter_deck)
    seen = set()
    for _ in range(40):
        duel.refresh_from_db()
        if duel.status != Duel.Status.ACTIVE:
            break
        before, events_before = duel.to_move, duel.event_count
        move = submit_first_legal(duel, players)
        with CaptureQueriesContext(connection) as queries:
            assert moves.resolve_move(move.pk).status == "applied"
        duel.refresh_from_db()
        passes = duel.to_move != before or duel.status != Duel.Status.ACTIVE
        wrote_events = duel.event_count > events_before
        seen.add(passes)
        # Lock the move with its duel; insert its events, update the duel's state columns and
        # mark the move applied (one statement); passing the turn (or ending the duel) also reads
        # the seats with their players, for the next clock, and writes the notices (one
        # statement, in the move's own transaction).
        assert len(statements(queries)) == 2 + 2 * passes, statements(queries)
        # The events written in that statement are the move's, numbered on from the duel's last.
        written = list(Event.objects.filter(move=move).order_by("seq").values_list("seq", "duel_id"))
        assert written == [(seq, duel.pk) for seq in range(events_before, duel.event_count)]
        assert wrote_events == bool(written)
    assert seen == {True, False}, "both kinds of move were resolved"


def test_the_lobby_and_the_duel_list_never_read_a_duels_rules_state(client, make_player, starter_deck):
    """The lists show players, status and deadlines, never the rules state (the bulk of a duel's
    row: at 100x data the lobby spent its time reading and de-duplicating it). Every duel of mine
    is still listed, once."""
    me = make_player("me").user
    client.force_login(me)
    mine = populate(me, starter_deck, make_player, opponents=3)
    for url in ("/duels/", "/api/duels/"):
        client.get(url)  # warm
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200
        duel_reads = [q["sql"] for q in queries.captured_queries if 'FROM "games_duel"' in q["sql"]]
        assert duel_reads, url
        assert not [sql for sql in duel_reads if '"games_duel"."state"' in sql], url
    listed = [d["id"] for d in client.get("/api/duels/").json()["results"]]
    assert sorted(listed) == sorted(set(listed)) and set(mine) <= set(listed)


def test_a_move_that_passes_the_turn_writes_its_notice_in_its_own_transaction(make_player, starter_deck):
    """The next player's notice is part of the move's one transaction: there before the move is
    committed, not written by a second commit afterwards (nor lost when that one fails)."""
    from django.db import transaction

    from games.models import Notification

    duel, players = active_duel(make_player, starter_deck)
    for _ in range(40):
        duel.refresh_from_db()
        before = duel.to_move
        notices = Notification.objects.filter(user=players[1 - before], duel=duel)
        had = notices.count()
        move = submit_first_legal(duel, players)
        with transaction.atomic():  # the test's own: nothing below it is committed yet
            assert moves.resolve_move(move.pk).status == "applied"
            duel.refresh_from_db()
            if duel.to_move != before:
                assert notices.count() == had + 1
                assert notices.latest("pk").text.startswith(f"Your move in duel #{duel.pk}")
                return
    raise AssertionError("no move passed the turn in 40 moves")


def orm_view(duel_id: int, seat: int) -> dict:
    """What player_view makes of the duel loaded through the ORM (the board's read)."""
    duel = selectors.with_players(Duel.objects.all()).get(pk=duel_id)
    return selectors.player_view(duel, seat)


def read_duel_as(client, user, duel_id: int):
    client.force_login(user)
    client.get(f"/api/duels/{duel_id}/")  # warm
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/duels/{duel_id}/")
    assert response.status_code == 200
    return response.json(), statements(queries)


@pytest.mark.django_db
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=10))
def test_reading_a_duel_is_one_query_and_shows_what_the_models_show(
    choices, client, make_player, starter_deck
):
    """The API's duel read (one raw statement, the duel with its seats and their players' names)
    answers exactly what `player_view` makes of the duel loaded through the ORM, for both seats,
    after any sequence of legal moves, with the legal actions for the one to move only."""
    import uuid

    import rules

    duel, players = active_duel(make_player, starter_deck)
    for choice in [*choices, None]:
        duel.refresh_from_db()
        for seat, user in players.items():
            body, queries = read_duel_as(client, user, duel.pk)
            assert len(queries) == 1, queries
            assert body == orm_view(duel.pk, seat)
            assert bool(body["legal_actions"]) == (duel.status == Duel.Status.ACTIVE and seat == duel.to_move)
        if choice is None or duel.status != Duel.Status.ACTIVE:
            break
        legal = rules.Duel.from_json(duel.state).legal_actions()
        action = legal[choice % len(legal)].to_json()
        move = moves.submit_move(
            players[duel.to_move], duel.pk, version=duel.version, actions=[action], key=uuid.uuid4().hex
        ).move
        assert moves.resolve_move(move.pk).status == "applied"


def test_reading_a_duel_names_a_bot_seat_and_an_open_seat_as_the_models_do(client, make_player, starter_deck):
    from games.models import Seat

    me = make_player().user
    bot_duel = challenges.create_duel(me, deck=starter_deck, bot="random")
    waiting = challenges.create_duel(me, deck=starter_deck)  # an open challenge: one seat
    for other in (bot_duel, waiting):
        body, _ = read_duel_as(client, me, other.pk)
        assert body == orm_view(other.pk, Seat.objects.get(duel=other, user=me).index)
    body, _ = read_duel_as(client, me, bot_duel.pk)
    assert "Random bot" in [seat["player"] for seat in body["seats"]]


def test_reading_a_duel_refuses_strangers_and_missing_duels_as_before(client, make_player, starter_deck):
    duel, _ = active_duel(make_player, starter_deck)
    client.force_login(make_player().user)
    stranger = client.get(f"/api/duels/{duel.pk}/")
    assert stranger.status_code == 403 and stranger.json() == {
        "detail": "Only the duel's players can see it."
    }
    missing = client.get("/api/duels/999999999/")
    assert missing.status_code == 404 and missing.json() == {"detail": "No Duel matches the given query."}
    client.logout()
    assert client.get(f"/api/duels/{duel.pk}/").status_code in (401, 403)


@pytest.mark.django_db
def test_the_seat_and_duel_a_move_is_checked_against_hold_no_model_defaults(make_player, starter_deck):
    """The move's hot path reads its few fields by hand; any other field a later check asks for
    is the duel's own, read from the database, never a model default (7 days per move here,
    where the default is 3)."""
    from games.models import Seat

    alice = make_player("alice")
    duel_id = alice.start_bot_duel(starter_deck, days=7)

    seat = moves._requesters_seat(alice.user, duel_id)

    assert seat.duel.days_per_move == 7
    assert seat.pk == Seat.objects.get(duel_id=duel_id, user=alice.user).pk
