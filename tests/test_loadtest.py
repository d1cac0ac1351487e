"""`make loadtest` on a handful of rows: loadtest.seed fills a real PostgreSQL database with COPY,
past the ORM and (as a superuser) past the foreign-key triggers, so nothing else would notice a
row the site cannot read (a NOT NULL column left out, an id that points nowhere) before a long
seeding run stops or a load run fails. Seeds a tiny database the same way, checks every row the
way the models would, opens the seeded duels' boards, signs a seeded user in, then calls every
task of the locustfile (loadtest.smoke) against the live site with a real worker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, models
from django.test.utils import CaptureQueriesContext

from games.models import Duel, Event, Move, Notification, Seat
from loadtest import seed as loadtest_seed
from rulings.models import Entry
from rulings.search_memory import forget_lexicon

pytestmark = [pytest.mark.worker]

ROOT = Path(__file__).resolve().parent.parent
TINY = loadtest_seed.Volumes(entries=400, users=12, finished=6, active=14, players=4, templates=2)
# What the locustfile asks for, by locust name: each must have been called and answered.
ENDPOINTS = {
    "/rulings/?q=", "/api/rulings/search/?q=", "/rulings/entries/<id>/", "/cards/?q=", "/cards/<slug>/",
    "/api/cards/?q=", "/duels/", "/duels/<id>/", "/api/duels/<id>/", "/api/duels/<id>/moves/ POST",
    "/api/moves/<id>/", "trivial Django JSON view", "floor: empty signed-in page",
    "floor: signed-in durable write POST", "floor: search statements alone",
}  # fmt: skip
SEEDED_MODELS = [get_user_model(), Duel, Seat, Move, Event, Notification, Entry]


def _problems(model) -> list[str]:
    """Rows the model would not accept: a required column NULL, a foreign key pointing nowhere,
    a value full_clean refuses (a choice, a length, a validator)."""
    problems = []
    for field in model._meta.concrete_fields:
        if not field.null and model.objects.filter(**{f"{field.attname}__isnull": True}).exists():
            problems.append(f"{model.__name__}.{field.attname} is NULL in some rows")
        if isinstance(field, models.ForeignKey):
            dangling = model.objects.filter(**{f"{field.attname}__isnull": False}).exclude(
                **{f"{field.name}__in": field.related_model.objects.all()}
            )
            if dangling.exists():
                problems.append(f"{model.__name__}.{field.attname} points at missing rows")
    for row in model.objects.order_by("-pk")[:50]:  # the seeded rows come last
        try:
            row.full_clean(validate_unique=False, validate_constraints=False)
        except Exception as exc:  # noqa: BLE001 - the message is what the test reports
            problems.append(f"{model.__name__} {row.pk}: {exc}")
    return problems


def test_a_tiny_seeded_database_serves_every_request_of_the_load_test(
    transactional_db, tmp_path, client, live_server, settings, celery_worker_process
):
    # One seeding for every check (the bundled documents take seconds to load); VACUUM ANALYZE
    # needs autocommit, hence a transactional test.
    manifest = loadtest_seed.seed(TINY)
    manifest_path = tmp_path / "loadtest.json"
    manifest_path.write_text(json.dumps(manifest))
    check_rows(manifest)
    check_boards_and_sign_in(manifest, client)
    check_floor_page(manifest, client, settings)
    check_floor_search(client)
    check_locustfile_requests(manifest_path, live_server, settings)


def check_rows(manifest) -> None:
    counts = manifest["counts"]
    assert counts["entries"] == TINY.entries
    assert counts["users"] == TINY.users
    assert counts["finished_duels"] == TINY.finished
    assert counts["active_duels"] == TINY.active
    assert counts["moves"] == Move.objects.count() > 0
    assert counts["events"] == Event.objects.count() > 0
    assert counts["notifications"] == Notification.objects.count() > 0
    assert {model.__name__: _problems(model) for model in SEEDED_MODELS} == {
        model.__name__: [] for model in SEEDED_MODELS
    }
    # each duel's stored counters agree with its stored history
    for duel in Duel.objects.all():
        assert duel.moves.count() == duel.version, duel.pk
        assert duel.events.count() == duel.event_count, duel.pk
        assert sorted(duel.seats.values_list("index", flat=True)) == [0, 1], duel.pk
        # the player to move in an active duel has its latest "your move" unread; nothing else is
        unread = Notification.objects.filter(duel=duel, read_at__isnull=True)
        expected = [duel.seat_at(duel.to_move).user_id] if duel.status == Duel.Status.ACTIVE else []
        assert [note.user_id for note in unread] == expected, duel.pk


def check_boards_and_sign_in(manifest, client) -> None:
    player = manifest["players"][0]
    user = get_user_model().objects.get(pk=player["user"])
    response = client.post(
        "/accounts/login/", {"username": user.username, "password": loadtest_seed.PASSWORD}
    )
    assert response.status_code == 302, response.content[:300]
    lobby = client.get("/duels/")
    assert lobby.context["user"] == user
    assert (
        lobby.context["unread_count"]
        == Notification.objects.filter(user=user, read_at__isnull=True).count()
        > 0
    )
    finished = Seat.objects.filter(user=user, duel__status=Duel.Status.FINISHED).values_list(
        "duel", flat=True
    )
    for duel_id in [*player["duels"], *finished]:
        board = client.get(f"/duels/{duel_id}/")
        assert board.status_code == 200, (duel_id, board.content[:300])
        assert board.context["view"] is not None  # the rules state loaded
        api = client.get(f"/api/duels/{duel_id}/").json()
        assert api["version"] == Duel.objects.get(pk=duel_id).version
    assert len(player["duels"]) == loadtest_seed.ACTIVE_PER_PLAYER


def check_floor_page(manifest, client, settings) -> None:
    # the floor the pages are measured against is a page for the signed-in player the locustfile
    # sends with it (its session cookie alone): their name and counts, not the visitor's links
    settings.ROOT_URLCONF = "loadtest.urls"
    player = manifest["players"][0]
    client.logout()
    client.cookies["sessionid"] = player["session"]
    page = client.get("/loadtest/floor-page/")
    user = get_user_model().objects.get(pk=player["user"])
    assert page.status_code == 200 and page.context["user"] == user
    assert page.context["unread_count"] > 0 and "Sign out" in page.content.decode()
    check_floor_write(player)


def check_floor_write(player) -> None:
    # the floor of a move's POST: the player's row is committed (another connection sees it) before
    # the answer, through the CSRF check a move's POST passes; a visitor writes nothing
    from django.db import connection
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.cookies["sessionid"] = player["session"]
    browser.cookies["csrftoken"] = "t" * 32
    written = browser.post("/loadtest/floor-write/", HTTP_X_CSRFTOKEN="t" * 32)
    assert written.status_code == 202, written.content[:300]
    with loadtest_seed.server_admin_connection(connection.settings_dict["NAME"]) as other:
        row = other.execute("SELECT user_id FROM loadtest_write_floor WHERE id = %s", [written.json()["id"]])
        assert row.fetchone() == (player["user"],)
    assert browser.post("/loadtest/floor-write/").status_code == 403  # no CSRF token, no write
    visitor = Client(enforce_csrf_checks=True)
    visitor.cookies["csrftoken"] = "t" * 32
    assert visitor.post("/loadtest/floor-write/", HTTP_X_CSRFTOKEN="t" * 32).status_code == 302  # to sign in
    with loadtest_seed.server_admin_connection(connection.settings_dict["NAME"]) as other:
        assert other.execute("SELECT count(*) FROM loadtest_write_floor").fetchone() == (1,)


def check_floor_search(client) -> None:
    # the search endpoints' floor runs the statements the search API runs for the question, the
    # same SQL texts in the same order, and nothing of the site's own work after them
    question = "can an ally be taken prisoner"
    # Both read the question's words from the lexicon: an earlier test of this process may have
    # left them remembered (make eval's questions hold these words), and the API would then run
    # the search statement alone.
    forget_lexicon()
    with CaptureQueriesContext(connection) as api:
        assert client.get("/api/rulings/search/", {"q": question}).status_code == 200
    forget_lexicon()  # the floor reads the question's words from the lexicon as the API did
    with CaptureQueriesContext(connection) as floor:
        answer = client.get("/loadtest/floor-search/", {"q": question})
    assert answer.status_code == 200 and answer.json()["rows"] >= 10
    searched = [query["sql"] for query in api.captured_queries if "rulings_lexicon" in query["sql"]]
    assert searched and [query["sql"] for query in floor.captured_queries] == searched
    refused = client.get("/loadtest/floor-search/", {"q": "x" * 5000})
    assert refused.status_code == 400 and "too long" in refused.json()["error"]


def check_locustfile_requests(manifest_path, live_server, settings) -> None:
    times_path = manifest_path.parent / "times.json"
    settings.ROOT_URLCONF = "loadtest.urls"  # the trivial baseline view, as the load test serves it
    result = subprocess.run(
        [sys.executable, "-m", "loadtest.smoke", live_server.url],
        cwd=ROOT,
        env={**os.environ, "LOADTEST_MANIFEST": str(manifest_path), "LOADTEST_TIMINGS": str(times_path)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    requests = [json.loads(line) for line in result.stdout.splitlines()]
    failed = [r for r in requests if r["error"] or r["status"] not in (200, 202, 409)]
    assert not failed, failed
    assert {r["name"] for r in requests} == ENDPOINTS
    # the report's percentiles are of these times: one per request, unrounded, under its name
    times = {row["name"]: row["ms"] for row in json.loads(times_path.read_text())}
    assert {name: len(ms) for name, ms in times.items()} == {
        name: sum(r["name"] == name for r in requests) for name in ENDPOINTS
    }
    assert any(ms != round(ms) for ms in times["trivial Django JSON view"])
    # a move the locustfile posted went through the worker: the seeded state is one it can play on
    assert Move.objects.exclude(key__startswith="seed-").filter(status=Move.Status.APPLIED).exists()


def test_the_load_tests_buffer_cache_holds_the_whole_database_within_half_the_memory():
    """On these virtual machines the host takes back file cache within a minute: only
    PostgreSQL's own buffers keep the scaled database in memory through a run."""
    mib, gib = 2**20, 2**30

    assert loadtest_seed.buffers_wanted(4611 * mib, 24 * gib) == 5073 * mib  # a tenth to spare
    assert loadtest_seed.buffers_wanted(4611 * mib + 1, 24 * gib) % mib == 0  # whole MiB, rounded up
    assert loadtest_seed.buffers_wanted(4611 * mib + 1, 24 * gib) >= (4611 * mib + 1) * 1.1
    assert loadtest_seed.buffers_wanted(40 * gib, 24 * gib) == 12 * gib  # never above half the memory


def test_a_malformed_run_time_is_refused_before_anything_is_seeded_or_started():
    import argparse

    from loadtest.run import seconds_of

    assert [seconds_of(span) for span in ("90", "120s", "2m", "1h30m")] == [90, 120, 120, 5400]
    for malformed in ("2x", "ten minutes", "-5s"):
        with pytest.raises(argparse.ArgumentTypeError, match="not a time span"):
            seconds_of(malformed)


def test_an_endpoint_whose_requests_failed_is_reported_failed_however_fast(tmp_path, capsys):
    """A 500 is answered fast: the first run with the compiled queries had every board answer
    one and the report called the board "ok". Failures are marked and counted, and the run fails."""
    from loadtest.run import BASELINE, FLOOR_PAGE, FLOOR_SEARCH, FLOOR_WRITE, report

    stats = tmp_path / "stats.csv"
    header = "Type,Name,Request Count,Failure Count,Requests/s,50%,99%\n"
    stats.write_text(
        header
        + f"GET,{BASELINE},100,0,1.0,4,10\n"
        + f"GET,{FLOOR_PAGE},100,0,1.0,6,16\n"
        + f"POST,{FLOOR_WRITE},50,0,0.5,8,40\n"
        + f"GET,{FLOOR_SEARCH},50,0,0.5,8,25\n"
        + "GET,/rulings/?q=,50,0,0.5,12,35\n"
        + "POST,/api/duels/<id>/moves/ POST,50,0,0.5,12,48\n"
        + "GET,/duels/<id>/,50,12,0.5,3,8\n"
        + "GET,/cards/<slug>/,50,0,0.5,5,20\n"
        + "GET,Aggregated,500,12,5.0,4,20\n"
    )
    assert report(stats, 100) == 12
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert lines["/duels/<id>/"].endswith("FAILED requests")
    assert lines["/cards/<slug>/"].endswith("ok")
    # to the trivial view (no interval without the requests' times), the floor
    assert lines["/cards/<slug>/"].split()[-4:] == ["2.0x", "-", "1.2x", "ok"]
    # a POST is read against the durable write's floor, and still marked against the trivial view
    assert lines["/api/duels/<id>/moves/"].split()[-5:] == ["4.8x", "-", "1.2x", "over", "3x"]
    # a search is read against the search statements alone
    assert lines["/rulings/?q="].split()[-5:] == ["3.5x", "-", "1.4x", "over", "3x"]
    assert lines["all"].split()[1:3] == ["500", "12"]
    assert "durable write's p99, 40 ms, 4.0x the trivial view's" in lines["(p99/floor:"]
    assert "a search against the search statements alone, 25 ms, 2.5x" in lines["(p99/floor:"]


def test_the_report_reads_percentiles_from_the_requests_unrounded_times(tmp_path, capsys):
    """Locust's percentiles are of times rounded to whole milliseconds: a trivial view's p99 of
    6.4 ms read as 6 moved every ratio by 7%. With the requests' times, the report takes p50 and
    p99 from them (nearest rank), and gives each ratio the interval this run's luck allows."""
    from loadtest.run import BASELINE, FLOOR_PAGE, report

    stats = tmp_path / "stats.csv"
    stats.write_text(
        "Type,Name,Request Count,Failure Count,Requests/s,50%,99%\n"
        f"GET,{BASELINE},100,0,1.0,3,7\n"  # locust's rounding: 19 / 7 is 2.7x, "ok"
        f"GET,{FLOOR_PAGE},100,0,1.0,5,10\n"
        "GET,/rulings/?q=,100,0,1.0,10,19\n"
    )
    times = tmp_path / "times.json"
    slowest_two = lambda usual, slow: [usual] * 98 + [slow, slow]  # noqa: E731 - p99 of 100 is the 99th
    times.write_text(
        json.dumps([
            {"type": "GET", "name": BASELINE, "ms": slowest_two(3.0, 6.4)},
            {"type": "GET", "name": FLOOR_PAGE, "ms": slowest_two(5.0, 9.6)},
            {"type": "GET", "name": "/rulings/?q=", "ms": slowest_two(10.2, 19.5)},
        ])
    )  # fmt: skip
    assert report(stats, 100, times) == 0
    lines = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines() if line.strip()}
    page = lines["/rulings/?q="]
    assert page[4:6] == ["10.2", "19.5"]  # p50, p99
    assert page[6] == "3.0x" and page[-2:] == ["over", "3x"]  # 19.5 / 6.4 is 3.05
    low, high = (float(bound) for bound in page[7].rstrip("x").split("-"))
    # two slow requests in a hundred: a draw of the run holds one, two or three of them
    assert low < 19.5 / 6.4 < high and high / low > 2
    trivial = lines["trivial"]  # "trivial Django JSON view": three words before the numbers
    assert trivial[7:9] == ["3.0", "6.4"] and trivial[10] == "-"


def test_the_simulated_judges_ask_every_question_of_the_search_evaluation(tmp_path):
    """The load test's judges ask what `make eval`'s judges ask (over a thousand questions), not
    only the seed's ten: with ten, each web process soon remembered all of their words and the
    search endpoints were measured cheaper than a new question costs."""
    from rulings.evaluation import load_questions

    manifest = tmp_path / "loadtest.json"
    manifest.write_text(json.dumps({"players": [], "queries": loadtest_seed.QUERIES}))
    # a process of its own: importing locust patches the standard library for gevent
    result = subprocess.run(
        [sys.executable, "-c", "import json; from loadtest import locustfile; print(json.dumps(locustfile.QUESTIONS))"],
        cwd=ROOT, env={**os.environ, "LOADTEST_MANIFEST": str(manifest)},
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    asked = json.loads(result.stdout)
    evaluation = {question.ask for question in load_questions()}
    assert len(evaluation) > 1000
    assert evaluation <= set(asked)
    assert set(loadtest_seed.QUERIES) <= set(asked)
    assert len(asked) == len(set(asked))  # each as often
