"""What search's second stage (rulings.search_rerank) costs per query, on the real corpus.

For each question of ``make eval`` (rulings/data/search_eval.toml), times, interleaved and the best
of ``--runs`` each (the machine is shared: the best run is the query's own cost):

- the re-ranking alone, on the rows the SQL returned (it reads only those: its cost grows with
  their text, not with the corpus);
- the whole search (``rulings.search.search``) with the second stage and without it (the SQL then
  returning only the page), for a page of 5 (the SQL returns 20 rows instead of 5) and one of 30.

Prints p50 and p90 of each and their ratio: a benchmark prints numbers, it asserts none.
Uses its own database (bench_rerank_<pid>, dropped at the end), never the development database.

    .venv/bin/python benchmarks/rerank_bench.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import _scratch_db as scratch_db  # noqa: E402 - benchmarks/ is on sys.path when run as a script
from _stats import percentile  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
os.environ.setdefault("JT_MANIFEST_STATIC", "0")

DB_NAME = f"bench_rerank_{os.getpid()}"


def _quantile(values: list[float], share: float) -> float:
    return percentile(values, share) * 1000  # seconds in, milliseconds out


def _line(name: str, values: list[float]) -> str:
    return f"{name:<44} p50 {_quantile(values, 0.5):6.2f} ms   p90 {_quantile(values, 0.9):6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    scratch_db.create(DB_NAME)
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("import_sources", verbosity=0)
        measure(args.runs)
    finally:
        scratch_db.drop(DB_NAME)


def measure(runs: int) -> None:
    from rulings import search as search_module
    from rulings.evaluation import load_questions
    from rulings.highlight import Marker
    from rulings.search import analyse, clean_query, search
    from rulings.search_rerank import DEPTH, rerank

    questions = [question.ask for question in load_questions()]
    kept = search_module.rerank, search_module.RERANK_DEPTH

    def first_stage_only(on: bool) -> None:
        if on:
            search_module.rerank, search_module.RERANK_DEPTH = (lambda entries, *_: entries), 0
        else:
            search_module.rerank, search_module.RERANK_DEPTH = kept

    def timed(call, *args, **kwargs) -> float:
        start = time.perf_counter()
        call(*args, **kwargs)
        return time.perf_counter() - start

    def rerank_copy(rows, analysis):
        return rerank(list(rows), Marker(analysis), analysis.folded, analysis.text, analysis.words)

    alone = []
    for question in questions:
        analysis = analyse(clean_query(question))
        first_stage_only(True)
        found, _ = search_module._search(analysis, search_module.Filters(), DEPTH)
        rows = found.entries
        first_stage_only(False)
        alone.append(min(timed(rerank_copy, rows, analysis) for _ in range(runs)))
    print(f"{len(questions)} questions, best of {runs} runs each")
    print(_line("re-ranking alone (20 rows)", alone))
    for limit in (5, 30):
        before, after = [], []
        for question in questions:
            best_before = best_after = float("inf")
            for _ in range(runs):  # interleaved: both see the same moments of a shared machine
                first_stage_only(True)
                best_before = min(best_before, timed(search, question, limit=limit))
                first_stage_only(False)
                best_after = min(best_after, timed(search, question, limit=limit))
            before.append(best_before)
            after.append(best_after)
        print(_line(f"search, page of {limit}, SQL order only", before))
        print(_line(f"search, page of {limit}, re-ranked", after))
        print(f"{'':<44} ratio of p50s {_quantile(after, 0.5) / _quantile(before, 0.5):.2f}")


if __name__ == "__main__":
    main()
