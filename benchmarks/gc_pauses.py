"""The garbage collector's pauses in a web process, with the objects loaded at start-up left to it
and frozen out of its reach (config.startup.freeze_loaded_objects, which config.asgi and the
Celery worker call), and frozen with the full collections run between pages rather than inside
them (config.collector.IdleCollector, as the served site runs them), timed alternately in one
process (issue #16: a request's p99).

Pages of the site are served by Django's handler in this process (the test client: the whole
middleware chain, no network) block after block, each block with the start-up objects tracked
(`gc.unfreeze()`) or frozen; a callback times every collection. A full collection walks every
tracked object with every thread of the process stopped, so a request that meets one pays it.
Prints, for each way, the collections the pages met per generation (count, total, longest),
the pages' p50 / p99 / max, and what a full collection costs (timed at the start of each block):
its ratio, tracked to frozen, is the stall a request meeting one is spared; for the third way,
"between", also the full collections run between pages, which no page met.

Uses its own database (created from template1, the five documents imported, dropped at the end).

    .venv/bin/python benchmarks/gc_pauses.py [--requests 400] [--rounds 3]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import _scratch_db as scratch_db  # noqa: E402 - benchmarks/ is on sys.path when run as a script
import _stats  # noqa: E402

os.environ["JT_TEST_RUN"] = f"gc{os.getpid()}"  # its own cache prefix and task queue
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
DB_NAME = f"bench_gc_{os.getpid()}"
PAGES = [
    ("/rulings/", {"q": "can I block a power blow with a normal block"}),
    ("/rulings/", {"q": "exertion"}),
    ("/cards/", {"q": "t:attack"}),
    ("/", {}),
]


class Pauses:
    """The collector's pauses, per generation, while `on`."""

    def __init__(self):
        self.by_generation: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._started = 0.0
        self.on = True
        gc.callbacks.append(self._timed)

    def _timed(self, phase: str, info: dict) -> None:
        if not self.on:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.by_generation[info["generation"]].append((time.perf_counter() - self._started) * 1000)

    def clear(self) -> None:
        for pauses in self.by_generation.values():
            pauses.clear()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=400, help="pages per block")
    parser.add_argument("--rounds", type=int, default=3, help="blocks of each way, alternated")
    args = parser.parse_args()

    scratch_db.create(DB_NAME)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from config.collector import IdleCollector
    from config.startup import freeze_loaded_objects

    try:
        call_command("migrate", verbosity=0)
        call_command("import_sources", verbosity=0)
        client = Client(HTTP_HOST="127.0.0.1")
        for path, params in PAGES:  # load what the first requests load (templates, statements)
            client.get(path, params)
        frozen = freeze_loaded_objects()
        pauses = Pauses()
        results: dict[str, dict] = {}
        thresholds = gc.get_threshold()
        between = IdleCollector(every_s=0.5, refreeze_after=10**9)  # no second freeze: ways alike
        for round_ in range(args.rounds):
            # ABBA: the second block of a round ran slower either way (2000 pages: 3.5 vs 4.5 ms p50
            # with the frozen block second, 6.0 vs 5.7 ms with it first)
            for way in ("tracked", "frozen", "between")[:: 1 if round_ % 2 == 0 else -1]:
                gc.unfreeze() if way == "tracked" else gc.freeze()
                gc.set_threshold(*thresholds)
                if way == "between":
                    between.take_over()
                seen = results.setdefault(
                    way, {"pages": [], "pauses": {0: [], 1: [], 2: []}, "full": [], "between": 0}
                )
                for _ in range(5):  # what any full collection costs now, whenever it comes
                    started = time.perf_counter()
                    gc.collect()
                    seen["full"].append((time.perf_counter() - started) * 1000)
                pauses.clear()
                pages = []
                for i in range(args.requests):
                    path, params = PAGES[i % len(PAGES)]
                    started = time.perf_counter()
                    client.get(path, params)
                    pages.append((time.perf_counter() - started) * 1000)
                    if way == "between":  # the page answered: nothing is in flight
                        pauses.on = False
                        seen["between"] += between.tick() is not None
                        pauses.on = True
                seen["pages"] += pages
                for generation, times in pauses.by_generation.items():
                    seen["pauses"][generation] += times
        print(f"start-up objects frozen: {frozen}; {args.rounds} blocks of {args.requests} pages each way")
        print(f"{'way':8} {'gen':>3} {'count':>6} {'total ms':>9} {'max ms':>7}")
        for way, seen in results.items():
            for generation, times in seen["pauses"].items():
                print(
                    f"{way:8} {generation:>3} {len(times):>6} {sum(times):9.1f} {max(times, default=0):7.2f}"
                )
        print(f"{'way':8} {'pages':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
        for way, seen in results.items():
            pages = sorted(seen["pages"])
            print(
                f"{way:8} {len(pages):>6} {_stats.percentile(pages, 0.5):7.2f}"
                f" {_stats.percentile(pages, 0.99):7.2f} {pages[-1]:7.2f}"
            )
        print("a full collection (gc.collect(), timed 5 times a block), p50 / max ms:")
        for way, seen in results.items():
            full = sorted(seen["full"])
            print(f"{way:8} {_stats.percentile(full, 0.5):7.2f} {full[-1]:7.2f}")
        print(f"full collections run between pages (way 'between'): {results['between']['between']}")
        gc.set_threshold(*thresholds)
        full = {way: _stats.percentile(sorted(seen["full"]), 0.5) for way, seen in results.items()}
        print(f"full collection, tracked / frozen (p50): {full['tracked'] / max(full['frozen'], 1e-3):.0f}x")
        print("(the collector runs a full collection of its own when the objects that survived since")
        print(" the last one reach a quarter of those it tracks, in the page that tipped it over, and")
        print(" each stops every thread of the process; the counts above are those the pages met:")
        print(" taken over, none, the collections running between pages instead)")
    finally:
        scratch_db.drop(DB_NAME)


if __name__ == "__main__":
    main()
