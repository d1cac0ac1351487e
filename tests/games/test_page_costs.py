"""What a signed-in player's busiest pages cost at scale (issue #16): the board, the duel API
and the header's two counts run no more statements however many duels, players, moves and
notifications the site and the player have; the header counts in one statement (an index of the
unread notifications only); the board reads the card catalogue once for all the cards it names."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import selectors
from games.actions import challenges, decks, moves
from games.models import Duel, Notification

pytestmark = pytest.mark.django_db


def statements(client, url: str) -> list[str]:
    client.get(url)  # warm: the session, content types, starter decks
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return [query["sql"] for query in queries.captured_queries]


def header(client) -> tuple[int, int]:
    """The numbers the navigation shows: duels waiting for my move, unread notifications."""
    html = client.get("/duels/notifications/").content.decode()
    waiting = re.search(r'aria-label="(\d+) duels waiting for your move"', html)
    unread = re.search(r'aria-label="(\d+) unread"', html)
    return int(waiting.group(1)) if waiting else 0, int(unread.group(1)) if unread else 0


def grow(me, deck, make_player, opponents: int) -> None:
    """Other players, each in an active duel with me, a finished one, and one between
    themselves; and the notifications all of that sends me (read, as years of play leave them)."""

    def duel_between(first, second) -> int:
        duel = challenges.create_duel(first, deck=deck, opponent=second)
        challenges.accept_duel(second, duel.pk, deck)
        return duel.pk

    for _ in range(opponents):
        other, third = make_player().user, make_player().user
        duel_between(other, me)  # stays active
        moves.resign(me, duel_between(other, me))  # finished
        duel_between(other, third)
    Notification.objects.filter(user=me).update(read_at=timezone.now())
    Notification.objects.bulk_create(
        Notification(user=me, kind="your_turn", text="old", read_at=timezone.now()) for _ in range(300)
    )


def test_board_api_and_header_cost_the_same_with_many_more_duels_players_and_notifications(
    client, make_player, starter_deck, django_assert_max_num_queries
):
    me = make_player("me").user
    client.force_login(me)
    opponent = make_player().user
    duel = challenges.create_duel(opponent, deck=starter_deck, opponent=me)
    challenges.accept_duel(me, duel.pk, starter_deck)
    urls = [f"/duels/{duel.pk}/", f"/api/duels/{duel.pk}/", "/duels/notifications/"]
    few = {url: statements(client, url) for url in urls}
    board = few[urls[0]]
    # the catalogue's stamp once for every card on the board; the header's counts in one statement
    assert sum('FROM "cards_card"' in sql for sql in board) == 1, board
    assert sum('"games_notification"' in sql for sql in board) == 1, board

    grow(me, starter_deck, make_player, opponents=15)
    Notification.objects.bulk_create(Notification(user=me, kind="your_turn", text="new") for _ in range(4))
    assert (
        Duel.objects.filter(seats__user=me).count() >= 31
        and Notification.objects.filter(user=me).count() > 300
    )

    for url in urls:
        with django_assert_max_num_queries(len(few[url])):
            assert client.get(url).status_code == 200
    # and the header still tells the truth
    assert header(client) == (selectors.your_turn(me).count(), 4)
    assert selectors.your_turn(me).count() > 0


def test_the_header_counts_in_one_statement_on_the_unread_index(client, make_player, starter_deck):
    me = make_player("me").user
    Notification.objects.bulk_create(Notification(user=me, kind="your_turn", text="n") for _ in range(3))
    client.force_login(me)
    assert header(client)[1] == 3
    with CaptureQueriesContext(connection) as queries:
        counts = selectors.header_counts(me)
    assert counts == {"your_turn_count": 0, "unread_count": 3} and len(queries) == 1
    with connection.cursor() as cursor:  # the partial index exists where the planner can use it
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'games_notification_unread'")
        (definition,) = cursor.fetchone()
    assert "WHERE (read_at IS NULL)" in definition
    client.post("/duels/notifications/read/")
    assert header(client)[1] == 0


def test_each_player_sees_their_own_header_counts_from_the_once_compiled_query(
    client, make_player, starter_deck
):
    """The counts' SQL is compiled once per process with a stand-in id: every player's page must
    still count that player's duels and notifications, whoever asked first."""
    alice, bob = make_player("alice").user, make_player("bob").user
    Notification.objects.bulk_create(Notification(user=alice, kind="your_turn", text="n") for _ in range(2))
    Notification.objects.bulk_create(Notification(user=bob, kind="your_turn", text="n") for _ in range(5))
    duel = challenges.create_duel(alice, deck=starter_deck, opponent=bob)
    challenges.accept_duel(bob, duel.pk, starter_deck)
    # The ORM's own counts, each player's different from the other's.
    expected = {
        user.pk: (selectors.your_turn(user).count(), selectors.unread_notifications(user).count())
        for user in (alice, bob)
    }
    assert expected[alice.pk] != expected[bob.pk]

    for user in (alice, bob, alice):
        client.force_login(user)
        assert header(client) == expected[user.pk]
        waiting, unread = expected[user.pk]
        assert selectors.header_counts(user) == {"your_turn_count": waiting, "unread_count": unread}


def test_the_lobby_reads_the_deck_choices_only_when_it_shows_an_accept_form(
    client, make_player, starter_deck
):
    me = make_player("me").user
    client.force_login(me)
    challenges.create_duel(me, deck=starter_deck, bot="random")

    quiet = statements(client, "/duels/")
    assert not [sql for sql in quiet if "games_saveddeck" in sql], "no challenge: no deck to choose"

    challenges.create_duel(make_player("rival").user, deck=starter_deck)  # an open challenge to accept
    mine = decks.save_deck(me, "My own deck", starter_deck.pregame, starter_deck.endurance)
    deck_reads = [sql for sql in statements(client, "/duels/") if "games_saveddeck" in sql]
    html = client.get("/duels/").content.decode()
    assert f'<option value="{starter_deck.pk}">{starter_deck.name} (ready-made)</option>' in html
    assert f'<option value="{mine.pk}">My own deck</option>' in html
    assert len(deck_reads) == 1, deck_reads  # mine and the ready-made ones together


def test_the_lobby_reads_its_lists_in_one_statement_and_their_seats_in_one_more(
    client, make_player, starter_deck
):
    me, rival = make_player("me").user, make_player("rival").user
    challenges.create_duel(rival, deck=starter_deck)  # an open challenge
    challenges.create_duel(rival, deck=starter_deck, opponent=me)  # a challenge to me
    for _ in range(20):  # my duels, until one waits for my move (the deal decides who starts)
        challenges.create_duel(me, deck=starter_deck, bot="random")
        if selectors.your_turn(me).exists():
            break
    client.force_login(me)

    # a statement reading seats as such (the lists' own filter on seats sits in their subqueries)
    seat_reads = [
        sql for sql in statements(client, "/duels/") if re.match(r'SELECT [^(]* FROM "?games_seat\b', sql)
    ]
    html = client.get("/duels/").content.decode()

    assert len(seat_reads) == 1, seat_reads
    # the four lists, one statement: each list a part of it (the header counts its own)
    list_reads = [
        sql for sql in statements(client, "/duels/") if 'FROM "games_duel"' in sql and "COUNT(" not in sql
    ]
    assert len(list_reads) == 1 and list_reads[0].count("UNION ALL") == 3, list_reads
    for heading in ("Waiting for your move", "Challenges to you", "Your duels", "Open challenges"):
        assert heading in html
    assert html.count("rival") >= 2 and html.count("(ready-made)") >= 2  # both accept forms offer decks


def test_a_visitor_sees_the_open_challenges_without_a_form_to_accept_them(client, make_player, starter_deck):
    challenges.create_duel(make_player("rival").user, deck=starter_deck)

    response = client.get("/duels/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "rival" in html and "Sign in" in html and "<select" not in html


def test_each_player_s_lobby_lists_their_own_duels_from_the_once_compiled_queries(
    client, make_player, starter_deck
):
    """The lobby's lists are compiled once per process with a stand-in id: each player, asked in
    turn, must get their own duels and challenges, never their own open challenge to accept, and
    a visitor every open challenge."""
    ann, ben, cat = (make_player(name).user for name in ("ann", "ben", "cat"))
    by_ann = challenges.create_duel(ann, deck=starter_deck)  # open to anyone
    by_ben = challenges.create_duel(ben, deck=starter_deck)
    to_cat = challenges.create_duel(ann, deck=starter_deck, opponent=cat)
    playing = challenges.create_duel(ben, deck=starter_deck, opponent=cat)
    challenges.accept_duel(cat, playing.pk, starter_deck)
    expected = {
        user.pk: {
            "open_challenges": list(selectors.open_challenges(user)),
            "your_turn": list(selectors.your_turn(user)),
            "challenges": list(selectors.challenges_for(user)),
            "my_duels": list(selectors.duels_of(user).order_by("-updated_at")),
        }
        for user in (ann, ben, cat)
    }
    assert [d.pk for d in expected[ann.pk]["open_challenges"]] == [by_ben.pk]
    assert [d.pk for d in expected[cat.pk]["challenges"]] == [to_cat.pk]
    for user in (cat, ann, ben, cat):
        lists = selectors.lobby_lists(user)
        assert {name: [d.pk for d in duels] for name, duels in lists.items()} == {
            name: [d.pk for d in duels] for name, duels in expected[user.pk].items()
        }
        client.force_login(user)
        html = client.get("/duels/").content.decode()
        own_open = by_ann if user == ann else by_ben if user == ben else None
        for duel in (by_ann, by_ben):  # an accept form for the other's open challenge only
            assert (f'action="/duels/{duel.pk}/accept/"' in html) == (duel != own_open), (user, duel)
    client.logout()
    visitor = selectors.lobby_lists(AnonymousUser())
    assert sorted(d.pk for d in visitor["open_challenges"]) == sorted([by_ann.pk, by_ben.pk])
    assert list(visitor) == ["open_challenges"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_lobby_s_one_statement_lists_what_each_list_s_own_query_lists(make_player, starter_deck, seed):
    """Invariant: each of the lobby's lists, read as a part of its one statement, holds the duels
    its selector's own queryset holds, in the same order, whatever happened to them (random
    challenges, open or to someone, accepted, declined, resigned, against a bot)."""
    rng = random.Random(seed)
    people = [make_player(f"p{seed}{i}").user for i in range(3)]
    for _ in range(14):
        me, other = rng.sample(people, 2)
        pending = list(Duel.objects.filter(status__in=[Duel.Status.OPEN, Duel.Status.CHALLENGED]))
        active = list(Duel.objects.filter(status=Duel.Status.ACTIVE, seats__user=me))
        step = rng.choice(["open", "challenge", "bot", "answer", "resign"])
        if step == "open":
            challenges.create_duel(me, deck=starter_deck, days_per_move=rng.choice([1, 3, 7]))
        elif step == "challenge":
            challenges.create_duel(me, deck=starter_deck, opponent=other)
        elif step == "bot":
            challenges.create_duel(me, deck=starter_deck, bot="random")
        elif step == "answer" and pending:
            duel = rng.choice(pending)
            if duel.status == Duel.Status.OPEN:
                taker = rng.choice([user for user in people if user.pk != duel.created_by_id])
                challenges.accept_duel(taker, duel.pk, starter_deck)
            elif rng.random() < 0.5:
                challenges.decline_duel(duel.seats.get(index=1).user, duel.pk)
            else:
                challenges.accept_duel(duel.seats.get(index=1).user, duel.pk, starter_deck)
        elif step == "resign" and active:
            moves.resign(me, rng.choice(active).pk)

    for user in [*people, AnonymousUser()]:
        signed_in = user.is_authenticated
        expected = {"open_challenges": selectors.open_challenges(user).order_by("-updated_at")}
        if signed_in:
            expected |= {
                "your_turn": selectors.your_turn(user),
                "challenges": selectors.challenges_for(user).order_by("-updated_at"),
                "my_duels": selectors.duels_of(user).order_by("-updated_at"),
            }
        lists = selectors.lobby_lists(user)
        assert {name: [d.pk for d in duels] for name, duels in lists.items()} == {
            name: [d.pk for d in queryset[: selectors.LOBBY_LIST_MAX]] for name, queryset in expected.items()
        }, user


def test_the_board_reads_its_duel_once_with_the_seats_and_nothing_it_left_out(
    client, make_player, starter_deck
):
    """The board page and its fragment read everything they show in one statement (games.boards:
    the duel, its seats and their players' names, the reader's own moves, the log, the
    catalogue's stamp) beside the header's counts. It leaves the duel's other fields and the
    players' other columns unread: a template or view asking for one would read it in a statement
    of its own. Neither an active board (the clock, the options) nor a finished one (the result,
    the replay link) does."""
    me, opponent = make_player("me").user, make_player().user
    client.force_login(me)
    active = challenges.create_duel(opponent, deck=starter_deck, opponent=me)
    challenges.accept_duel(me, active.pk, starter_deck)
    finished = challenges.create_duel(opponent, deck=starter_deck, opponent=me)
    challenges.accept_duel(me, finished.pk, starter_deck)
    moves.resign(me, finished.pk)
    for duel_id in (active.pk, finished.pk):
        for url in (f"/duels/{duel_id}/", f"/duels/{duel_id}/board/?since=-1"):
            sqls = statements(client, url)
            duel_reads = [sql for sql in sqls if "games_duel" in sql and "games_notification" not in sql]
            assert len(duel_reads) == 1 and "json_agg" in duel_reads[0], (url, duel_reads)
            board_read = duel_reads[0]
            assert all(table in board_read for table in ("games_move", "games_event", "cards_card")), (
                board_read
            )
            assert len(sqls) == 2, (url, sqls)  # the board's, and the header's counts
            assert not [sql for sql in sqls if '"games_seat"."id" =' in sql], (url, sqls)
            assert sum('FROM "auth_user"' in sql for sql in sqls) <= 1, (url, sqls)  # the signed-in user's
