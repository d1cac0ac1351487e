"""The mixed load: judges searching and reading rulings, players opening boards and moving,
anonymous visitors browsing cards, and a trivial Django JSON view as the baseline, all at once.

Players use sessions the seed created (no password hashing in the measured run); their CSRF token
is one they choose, sent as cookie and header, as a browser's JavaScript would.
Reads var/loadtest.json (LOADTEST_MANIFEST) written by loadtest.seed.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import secrets
import string
import time
import uuid

import gevent
from locust import HttpUser, between, events, task

# locust puts its working directory (the project's, loadtest.run) on sys.path; the evaluation's
# loader reads its file with the standard library alone, no Django
from rulings.evaluation import load_questions

MANIFEST = json.loads(open(os.environ["LOADTEST_MANIFEST"]).read())  # noqa: SIM115, PTH123
# In a random order: each run's few simulated players move in their duels, which then wait for
# opponents nobody simulates; taken from the top every run, the same players soon had no duel to
# move in, and the move endpoints went unmeasured (a run made 8 moves, the next 1, the next none).
_players = itertools.cycle(random.sample(MANIFEST["players"], len(MANIFEST["players"])))


def judge_questions() -> list[str]:
    """What the simulated judges ask: the seed's few and every question of the search evaluation
    (over a thousand, in judges' own words), each as often. With the seed's ten alone, each web
    process soon remembered every word they use (search_memory), and the search endpoints were
    measured on a cost no judge with a new question meets."""
    return list(dict.fromkeys([*MANIFEST["queries"], *(question.ask for question in load_questions())]))


QUESTIONS = judge_questions()
FLOOR_PAGE = "floor: empty signed-in page"
FLOOR_WRITE = "floor: signed-in durable write POST"
FLOOR_SEARCH = "floor: search statements alone"
# Every measured request's time, as locust took it (a float, ms), by (type, name): locust's own
# percentiles are of times rounded to whole milliseconds, and the trivial view's p99 of 6 or 7 ms
# was a 15% step in every ratio read against it. loadtest.run reads these from LOADTEST_TIMINGS.
TIMINGS: dict[tuple[str, str], list[float]] = {}


@events.request.add_listener
def _record_the_time(request_type, name, response_time, **kwargs):
    TIMINGS.setdefault((request_type, name), []).append(response_time)


@events.test_stop.add_listener
def _write_the_times(environment, **kwargs):
    if path := os.environ.get("LOADTEST_TIMINGS"):
        rows = [{"type": kind, "name": name, "ms": times} for (kind, name), times in TIMINGS.items()]
        with open(path, "w") as out:  # noqa: PTH123
            json.dump(rows, out)


def _start_measuring(environment) -> None:
    environment.runner.stats.reset_all()
    TIMINGS.clear()


@events.test_start.add_listener
def _measure_after_the_warm_up(environment, **kwargs):
    """The first LOADTEST_WARMUP_S seconds are not measured: the users keep running (and keep their
    connections) into the measured window, whose statistics start from zero. A locust started
    afresh for the measurement would make its first second its p99: its users start all at once
    on a client still starting itself (10-50 ms a request against a server answering instantly)."""
    warm_up = float(os.environ.get("LOADTEST_WARMUP_S", "0"))
    if warm_up > 0:
        gevent.spawn_later(warm_up, _start_measuring, environment)


class Judge(HttpUser):
    """Searches the rulings (page and API) and reads entries; and, as often as a third of their
    searches, runs the search's statements alone for a question (the search endpoints' floor)."""

    weight = 4
    wait_time = between(0.5, 2)

    @task(3)
    def search_page(self):
        self.client.get("/rulings/", params={"q": random.choice(QUESTIONS)}, name="/rulings/?q=")

    @task(3)
    def search_api(self):
        query = random.choice(QUESTIONS)
        self.client.get("/api/rulings/search/", params={"q": query}, name="/api/rulings/search/?q=")

    @task(2)
    def floor_search(self):
        query = random.choice(QUESTIONS)
        self.client.get("/loadtest/floor-search/", params={"q": query}, name=FLOOR_SEARCH)

    @task(4)
    def read_entry(self):
        self.client.get(
            f"/rulings/entries/{random.choice(MANIFEST['entries'])}/", name="/rulings/entries/<id>/"
        )


class Visitor(HttpUser):
    """Anonymous: card search and card pages."""

    weight = 3
    wait_time = between(0.5, 2)

    @task(2)
    def card_search(self):
        self.client.get("/cards/", params={"q": random.choice(MANIFEST["card_queries"])}, name="/cards/?q=")

    @task(2)
    def card_page(self):
        self.client.get(f"/cards/{random.choice(MANIFEST['cards'])}/", name="/cards/<slug>/")

    @task(1)
    def card_api(self):
        query = random.choice(MANIFEST["card_queries"])
        self.client.get("/api/cards/", params={"q": query}, name="/api/cards/?q=")


class Player(HttpUser):
    """Signed in: the lobby, a board, the duel's API view; on their turn, a move, then its status
    until the worker has applied it (the cheapest authenticated API call)."""

    weight = 3
    wait_time = between(0.5, 2)
    # A player who finds no duel of theirs to move in this many times running leaves, and another
    # one arrives, as on a site with 20,000 players. Staying, they only waited for opponents
    # nobody simulated: a 600 s run measured 34-48 moves, too few for the POST's p99 to mean much.
    IDLE_LOOKS_BEFORE_LEAVING = 3

    def on_start(self):
        self.arrive(next(_players))

    def arrive(self, player: dict) -> None:
        self.me, self.idle_looks = player, 0
        token = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
        self.client.cookies.clear()
        self.client.cookies.set("sessionid", self.me["session"])
        self.client.cookies.set("csrftoken", token)
        self.client.headers["X-CSRFToken"] = token

    @task(2)
    def lobby(self):
        self.client.get("/duels/", name="/duels/")

    @task(3)
    def board(self):
        self.client.get(f"/duels/{random.choice(self.me['duels'])}/", name="/duels/<id>/")

    @task(5)
    def play(self):
        duel_id = random.choice(self.me["duels"])
        duel = self.client.get(f"/api/duels/{duel_id}/", name="/api/duels/<id>/").json()
        legal = duel.get("legal_actions") or []
        if duel.get("status") != "active" or not legal:
            self.idle_looks += 1
            if self.idle_looks >= self.IDLE_LOOKS_BEFORE_LEAVING:
                self.arrive(next(_players))
            return
        self.idle_looks = 0
        with self.client.post(
            f"/api/duels/{duel_id}/moves/",
            json={"version": duel["version"], "actions": [random.choice(legal)]},
            headers={"Idempotency-Key": uuid.uuid4().hex},
            name="/api/duels/<id>/moves/ POST",
            catch_response=True,
        ) as response:
            if response.status_code == 409:  # another simulated user moved this duel first
                response.success()
                return
            if response.status_code != 202:
                response.failure(f"{response.status_code}: {response.text[:200]}")
                return
            move_url = response.json()["url"]
        for _ in range(50):
            status = self.client.get(move_url, name="/api/moves/<id>/").json().get("status")
            if status != "pending":
                break
            time.sleep(0.05)


class Baseline(HttpUser):
    """The trivial Django JSON view, at the same concurrency as everything else; as often, the
    floor of a page (the site's chrome around no content) for a signed-in player; and half as
    often, the floor of a durable write (one row inserted and committed for a signed-in player,
    CSRF-checked as a move is), about as often as moves are posted. Half the other users' wait
    between requests: the trivial view and the floor page are each requested as often as a task
    of theirs."""

    weight = 2
    wait_time = between(0.25, 1)

    def on_start(self):
        self.session = next(_players)["session"]
        self.csrf_token = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))

    @task(2)
    def trivial(self):
        self.client.get("/loadtest/trivial/", name="trivial Django JSON view")

    @task(2)
    def floor_page(self):
        # the session sent with this request alone: the trivial view stays anonymous
        self.client.get("/loadtest/floor-page/", name=FLOOR_PAGE, cookies={"sessionid": self.session})

    @task(1)
    def floor_write(self):
        self.client.post(
            "/loadtest/floor-write/",
            name=FLOOR_WRITE,
            cookies={"sessionid": self.session, "csrftoken": self.csrf_token},
            headers={"X-CSRFToken": self.csrf_token},
        )
