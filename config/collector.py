"""Full garbage collections between requests, not inside them (issue #16: every endpoint's p99).

CPython runs a full collection when enough objects have survived its younger generations: in
whichever thread allocated the object that tipped it over, so inside a request, with every other
thread of the process stopped (the GIL). After `config.startup.freeze_loaded_objects`, what such a
collection walks is what the process built on first use since start-up (compiled templates, the
lexicon's remembered words, the rules' card pool, compiled queries) and what requests left behind.
In the load test's web processes one came every ~45 s per process and took 22-47 ms, and they
were the slowest requests of the run after its warm-up: a 40 ms stall on the fourth slowest of
400 requests is that endpoint's p99, and which endpoints they fell on changed from run to run.

So a server process takes full collections out of the collector's hands (its oldest generation's
threshold set out of reach; the young generations are still collected as they fill, each a few
milliseconds at most) and runs them itself when nothing is being served: `IdleCollector.tick`,
called every quarter second by a thread of the web process and after every task by a Celery pool
process, collects when nothing is in flight and the last full collection is `every_s` seconds old,
or when it is `at_most_s` old whatever is in flight (so garbage in reference cycles stays bounded
under a load that never pauses). The first idle collection after
`refreeze_after` requests also freezes what survives it, as start-up freezes the site: the caches
built on first use leave the collector's reach too (a cycle among them that becomes garbage later
is never reclaimed: they are the process's long-lived caches, frozen once). Unicorn's
"out-of-band GC" does the same for Ruby web servers.
"""

from __future__ import annotations

import contextlib
import gc
import os
import threading
import time
from collections.abc import Callable, Iterator

# The oldest generation's threshold: a full collection once this many collections of the middle
# generation have run, which no process here lives to see.
OUT_OF_REACH = 2**30


class IdleCollector:
    """When a process runs its full collections: between requests (or tasks)."""

    def __init__(
        self,
        *,
        every_s: float = 10.0,
        at_most_s: float = 60.0,
        refreeze_after: int = 200,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.every_s, self.at_most_s, self.refreeze_after = every_s, at_most_s, refreeze_after
        self._clock = clock
        self._lock = threading.Lock()
        self._in_flight = 0
        self._served = 0
        self._last_full = clock()
        self._refrozen = False
        self._thread_pid: int | None = None
        self.taken_over = False
        self.collections: dict[str, int] = {"idle": 0, "overdue": 0}

    def take_over(self) -> None:
        """Stop the interpreter's own full collections; the young generations keep theirs."""
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, OUT_OF_REACH)
        self.taken_over = True

    @contextlib.contextmanager
    def serving(self) -> Iterator[None]:
        """Around a request: while any is in flight, only an overdue collection runs."""
        with self._lock:
            self._in_flight += 1
            self._served += 1
        try:
            yield
        finally:
            with self._lock:
                self._in_flight -= 1

    def tick(self, *, finished: int = 0) -> str | None:
        """Collect if one is due: "idle" or "overdue" (what ran), else None. `finished`: work
        done since the last tick outside `serving` (a pool process's task), counted as served."""
        since = self._clock() - self._last_full
        with self._lock:
            self._served += finished
            idle = self._in_flight == 0
        if idle and since >= self.every_s:
            ran = "idle"
        elif since >= self.at_most_s:
            ran = "overdue"
        else:
            return None
        gc.collect()
        if ran == "idle" and not self._refrozen and self._served >= self.refreeze_after:
            gc.freeze()
            self._refrozen = True
        self._last_full = self._clock()
        self.collections[ran] += 1
        return ran

    def start(self, interval_s: float = 0.25) -> None:
        """Take over and tick from a daemon thread of this process (once per process: a forked
        child starts its own)."""
        if self._thread_pid == os.getpid():
            return
        self._thread_pid = os.getpid()
        self.take_over()

        def run() -> None:
            while True:
                time.sleep(interval_s)
                self.tick()

        threading.Thread(target=run, name="idle-collector", daemon=True).start()
