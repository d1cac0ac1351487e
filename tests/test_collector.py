"""Full garbage collections between requests (config/collector.py): a request never waits out a
full collection that the process could have run while nothing was in flight, garbage in reference
cycles is still reclaimed, and the caches built on first use leave the collector's reach once."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
import weakref
from pathlib import Path

import pytest

from config import serving
from config.collector import OUT_OF_REACH, IdleCollector
from tests.test_serving import run_asgi

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Node:
    """Something weakly referenceable to put in a reference cycle."""


@pytest.fixture
def thresholds():
    """The interpreter's thresholds and frozen objects as the test found them."""
    saved = gc.get_threshold()
    yield saved
    gc.set_threshold(*saved)
    gc.unfreeze()


def cycle_in_the_oldest_generation() -> weakref.ref:
    """A reference cycle that survived the young generations while in use, then became garbage:
    only a full collection can reclaim it."""
    first, second = Node(), Node()
    first.other, second.other = second, first
    gc.collect(1)  # still referenced: survives into the oldest generation
    assert any(obj is first for obj in gc.get_objects(2))
    gone = weakref.ref(first)
    del first, second
    return gone


def churn() -> None:
    """Enough objects kept alive at once for the young generations to be collected many times
    over (a collection comes when more have been made than freed), as a busy process makes."""
    kept = [[index] for index in range(200_000)]
    del kept


def test_taken_over_the_interpreter_runs_no_full_collection_but_the_young_ones_still_run(thresholds):
    collector = IdleCollector()
    collector.take_over()
    assert gc.get_threshold() == (thresholds[0], thresholds[1], OUT_OF_REACH)
    full, young = gc.get_stats()[2]["collections"], gc.get_stats()[0]["collections"]
    gone = cycle_in_the_oldest_generation()  # its gc.collect(1) is no full collection

    churn()

    assert gc.get_stats()[2]["collections"] == full  # no request met one
    assert gc.get_stats()[0]["collections"] > young + 100  # the cheap ones went on as usual
    assert gone() is not None  # the garbage waits for the collector's own collection...
    collector._clock = lambda: collector._last_full + collector.every_s
    assert collector.tick() == "idle"
    assert gone() is None  # ...which reclaims it


def test_a_full_collection_waits_until_no_request_is_in_flight(thresholds):
    clock = Clock()
    collector = IdleCollector(every_s=10, at_most_s=60, refreeze_after=10**9, clock=clock)
    collector.take_over()
    full = gc.get_stats()[2]["collections"]

    clock.now += 5
    assert collector.tick() is None  # idle, but the last one is recent
    with collector.serving():
        clock.now += 10
        assert collector.tick() is None  # due, but a request is being served
        with collector.serving():
            assert collector.tick() is None
        assert collector.tick() is None  # one is still in flight
    assert gc.get_stats()[2]["collections"] == full
    assert collector.tick() == "idle"  # the moment the process is idle
    assert gc.get_stats()[2]["collections"] == full + 1
    assert collector.tick() is None  # and not again until it is due again


def test_under_a_load_that_never_pauses_a_full_collection_still_comes_when_overdue(thresholds):
    clock = Clock()
    collector = IdleCollector(every_s=10, at_most_s=60, refreeze_after=10**9, clock=clock)
    collector.take_over()
    with collector.serving():
        gone = cycle_in_the_oldest_generation()
        clock.now += 59
        assert collector.tick() is None
        clock.now += 1
        assert collector.tick() == "overdue"  # garbage stays bounded
        assert gone() is None
        assert collector.tick() is None
    assert collector.collections == {"idle": 0, "overdue": 1}


def test_what_survives_the_first_idle_collection_after_warming_up_is_frozen_once(thresholds):
    clock = Clock()
    collector = IdleCollector(every_s=10, at_most_s=60, refreeze_after=3, clock=clock)
    collector.take_over()
    cache = {"built on first use": [Node() for _ in range(50)]}  # noqa: F841 - kept alive, then frozen
    for _ in range(2):
        with collector.serving():
            pass
    clock.now += 10
    before = gc.get_freeze_count()
    # A frozen object that dies leaves the count, so it may fall, never rise: a freeze here would
    # add the cache's 50 nodes at least.
    assert collector.tick() == "idle" and gc.get_freeze_count() <= before  # not warmed up yet
    with collector.serving():
        pass
    clock.now += 10
    assert collector.tick() == "idle"
    frozen = gc.get_freeze_count()
    assert frozen >= before + 50  # the cache left the collector's reach...
    assert len(gc.get_objects()) < frozen  # ...with everything else alive then
    clock.now += 10
    made_since = [Node() for _ in range(50)]  # noqa: F841 - alive: a second freeze would take them
    assert collector.tick() == "idle" and gc.get_freeze_count() <= frozen  # once only


def test_a_pool_process_collects_between_tasks(thresholds):
    collector = IdleCollector(every_s=0, refreeze_after=10**9)
    collector.take_over()
    gone = cycle_in_the_oldest_generation()
    assert collector.tick(finished=1) == "idle"  # a task just ended: nothing is in flight
    assert gone() is None


def test_the_web_process_counts_a_request_in_flight_from_its_queueing_to_its_answer(thresholds):
    """Served through the dispatcher, a request blocks the idle collection until it has answered."""
    collector = IdleCollector(every_s=0, refreeze_after=10**9)
    collector._thread_pid = os.getpid()  # its ticking thread not started in the tests' process
    entered, release = threading.Event(), threading.Event()
    seen_while_serving = []

    def app(environ, start_response):
        entered.set()
        release.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    def collect_while_it_is_served():
        entered.wait(10)
        seen_while_serving.append(collector.tick())
        release.set()

    watcher = threading.Thread(target=collect_while_it_is_served)
    watcher.start()
    sent = run_asgi(
        serving.ThreadedWSGI(app, threads=2, collector=collector), {}, [{"type": "http.request", "body": b""}]
    )
    watcher.join(10)

    assert sent[-1]["body"] == b"ok"
    assert seen_while_serving == [None]  # due, but the request was in flight
    assert collector.tick() == "idle"  # once it had answered


def test_the_collector_thread_starts_once_per_process(thresholds, monkeypatch):
    started = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self.name))
    collector = IdleCollector()
    collector.start()
    collector.start()
    assert started == ["idle-collector"]
    assert collector.taken_over


# The web application as gunicorn's workers load it, then one request through it (a page that
# needs neither PostgreSQL nor Redis: an address the site does not have).
_SERVED = """
import gc
import config.asgi
from config.collector import OUT_OF_REACH
from tests.test_serving import run_asgi

collector = config.asgi.application.wsgi.collector
loaded = gc.get_threshold()[2] == OUT_OF_REACH
sent = run_asgi(config.asgi.application, {"path": "/no-such-page/"}, [{"type": "http.request", "body": b""}])
print(type(collector).__name__, loaded, sent[0]["status"], gc.get_threshold()[2] == OUT_OF_REACH)
"""


def test_the_site_as_served_collects_between_requests():
    """The ASGI application gunicorn's workers load takes the full collections over with its first
    request, in the process serving it (so a server that loads the site before forking still
    collects in each worker); loading it changes nothing."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "JT_DB_POOL": "1"}
    served = subprocess.run(
        [sys.executable, "-c", _SERVED], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert served.returncode == 0, served.stderr
    assert served.stdout.split() == ["IdleCollector", "False", "404", "True"]
