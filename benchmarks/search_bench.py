"""Search latency of the rulings knowledge base, on the real corpus and on one scaled to 100,000.

Runs the search service (``rulings.search.search``, what the API and the pages call) on a fixed
set of realistic queries: a judge's questions, card names (one misspelled, one without its
accent), common words, websearch operators, a stopword. Prints p50 and p99 per query and their
ratio to a plain indexed lookup (an entry by primary key through the ORM) measured in the same
run, first on the five imported documents, then after scaling the corpus to 100,000 entries
(synthetic entries made SQL-side from the real ones, each with words drawn from the corpus'
lexicon). Each query is timed as repeated (its words remembered by the process, one statement) and
with its words read from the lexicon anew ("new": two statements). Target: p50 under 5 ms and p99 under 10 ms at 100,000 entries (on a quiet machine).
Then every question of ``make eval`` (over a thousand, in judges' words) on the scaled corpus: how
each question's p50 and p99 spread, and how many miss the target.

Then, on the scaled corpus, the same queries through HTTP as a visitor meets them (Django's test
client, the whole middleware stack, no network): the search page ``/rulings/?q=`` (search, facets,
labels, the rendered template) beside the search API ``/api/rulings/search/?q=``, each with its
ratio to the trivial Django JSON view of the load test (``loadtest.urls``) measured in the same run.
The load test's settings keep the rate limits out of the way.

Uses its own database (bench_search_<pid>, created from template1 on the embedded server and
dropped at the end), never the development database.

    .venv/bin/python benchmarks/search_bench.py [--runs 50] [--size 100000]
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

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "loadtest.settings")  # local + trivial view, no limits
os.environ.setdefault("JT_MANIFEST_STATIC", "0")

DB_NAME = f"bench_search_{os.getpid()}"

QUERIES = [
    ("can I block a power blow with a normal block", ""),
    ("what happens when my endurance runs out of cards", ""),
    ("how many combat tricks can I play each turn", ""),
    ("can an ally carry an item", "meccg"),
    ("mysterius technique", ""),  # misspelled card name
    ("nazgul", ""),  # accent folded
    ("power blow", ""),
    ("card", ""),  # the commonest word
    ("play a card in your turn", ""),  # common words only
    ('"power blow" -block', ""),  # websearch operators
    ("annotation 24", "meccg"),
    ("the", ""),  # a stopword alone
    ("can I block or dodge a dirty trick", ""),  # a lowercase "or": a plain question
    ("exahustion", ""),  # swapped letters: the swap lookup
    ("who goes first in inwo", ""),  # a game named: that game's entries are searched first
    ("what does the crf say about hazards", ""),  # a source named: its entries are searched first
    ("what is the mle", ""),  # a source named alone: its entries in document order
    ("can a wounded ranger in a moving company tap to cancel a hazard creature attack", "meccg"),  # long
]


def timed(call, runs: int) -> list[float]:
    for _ in range(3):  # warm-up: plans, caches
        call()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


SEED = 0.16  # of the synthetic corpus (PostgreSQL's setseed)
SCALE_SQL = """
WITH vocabulary AS (
    SELECT array_agg(word ORDER BY word) AS words, count(*) AS n
    FROM (SELECT word FROM rulings_lexicon WHERE word <> '' AND length(word) > 3) w
), copies AS (
    SELECT e.*, g AS copy, v.words, v.n FROM rulings_entry e
    CROSS JOIN generate_series(%(first)s, %(last)s) g CROSS JOIN vocabulary v
    WHERE e.key NOT LIKE '%%~%%'
), varied AS (
    SELECT c.*,
           c.words[1 + floor(random() * c.n)::int] AS w1, c.words[1 + floor(random() * c.n)::int] AS w2,
           c.words[1 + floor(random() * c.n)::int] AS w3, c.words[1 + floor(random() * c.n)::int] AS w4,
           c.words[1 + floor(random() * c.n)::int] AS w5
    FROM copies c
)
INSERT INTO rulings_entry (
    source_id, key, kind, status, valid_from, position, section, title, number, question, answer, text,
    card_name, card_variant, card_group, card_type, change_note, flags, cross_refs, search_names,
    link_text, created_at, updated_at, search_vector)
SELECT source_id, key || '~' || copy, kind, status, valid_from, position + 10000 * copy,
       section, concat_ws(' ', title, w1), number, question, answer,
       concat_ws(' ', w2, replace(text, ' the ', ' ' || w3 || ' '), w4, w5),
       card_name, card_variant, card_group, card_type, change_note, flags, cross_refs,
       lower(rulings_unaccent(concat_ws(' ', title, w1, card_name, section))), '', now(), now(),
       setweight(to_tsvector('english', rulings_unaccent(concat_ws(' ', section, title, w1, card_name))), 'A')
       || setweight(to_tsvector('english', rulings_unaccent(concat_ws(' ', question, card_type, card_group))), 'B')
       || setweight(to_tsvector('english', rulings_unaccent(concat_ws(' ', w2,
              replace(text, ' the ', ' ' || w3 || ' '), w4, w5, change_note))), 'C')
FROM varied
"""


def scale(size: int) -> float:
    """Add synthetic entries until the corpus has `size`; return the seconds it took."""
    from django.db import connection, transaction

    from rulings.indexing import refresh_lexicon
    from rulings.models import Entry

    start = time.perf_counter()
    real = Entry.objects.count()
    copies = max(0, -(-size // real) - 1)
    batch = max(1, 20_000 // real)
    with connection.cursor() as cursor:
        # The same synthetic corpus every run (random() draws its words): runs then differ by the
        # machine and the code, not by which words each query's entries happened to get (a query's
        # p50 moved 4.2 -> 6.0 ms from one corpus to the next).
        cursor.execute("SELECT setseed(%s)", [SEED])
    for first in range(1, copies + 1, batch):
        last = min(copies, first + batch - 1)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(SCALE_SQL, {"first": first, "last": last})
        print(f"  {Entry.objects.count():>7} entries", flush=True)
    with connection.cursor() as cursor:
        excess = Entry.objects.count() - size
        if excess > 0:
            cursor.execute(
                "DELETE FROM rulings_entry WHERE id IN (SELECT id FROM rulings_entry ORDER BY id DESC LIMIT %s)",
                [excess],
            )
        refresh_lexicon()
        # The steady state a site with this many entries is in (autovacuum's work done): the bulk
        # insert leaves the new rows' hint bits unset and the visibility map empty, and autovacuum
        # then runs in the middle of the measurement. Measured right after scaling, the long
        # question's p50 was 6.1 ms where the same database gave 4.4-4.9 ms once it had run.
        cursor.execute("VACUUM (ANALYZE) rulings_entry")
    return time.perf_counter() - start


def machine_load() -> str:
    """The load average beside the cores: the target is for a quiet machine; on a busy one the
    ratios to the lookup measured in the same run are what compares."""
    one, five, _ = os.getloadavg()
    return f"machine: {os.cpu_count()} cores, load average {one:.1f} (1 min), {five:.1f} (5 min)"


def measure(label: str, runs: int) -> list[tuple]:
    from rulings.models import Entry
    from rulings.search import Filters, search
    from rulings.search_memory import forget_lexicon

    def unremembered(query, filters):  # the question's words read from the lexicon, as if new
        forget_lexicon()
        return search(query, filters)

    ids = list(Entry.objects.values_list("pk", flat=True)[:1000])
    position = iter(range(10**9))

    def lookup():
        return list(Entry.objects.filter(pk=ids[next(position) % len(ids)]))

    base = timed(lookup, runs * 4)
    base_p50, base_p99 = percentile(base, 0.5), percentile(base, 0.99)
    rows = []
    print(f"\n== {label}: {Entry.objects.count():,} entries, {runs} runs per query")
    print(f"   {machine_load()}")
    print(f"   plain indexed lookup (entry by pk): p50 {base_p50:.2f} ms, p99 {base_p99:.2f} ms\n")
    print(
        f"   {'query':<48} {'game':<6} {'hits':>6} {'p50 ms':>7} {'p99 ms':>7} {'x p50':>6} {'x p99':>6}"
        f" {'new p50':>8} {'p99':>6}"
    )
    for query, game in QUERIES:
        filters = Filters(game=game)
        count, results = search(query, filters)
        samples = timed(lambda q=query, f=filters: search(q, f), runs)
        p50, p99 = percentile(samples, 0.5), percentile(samples, 0.99)
        new = timed(lambda q=query, f=filters: unremembered(q, f), runs)
        rows.append((query, game, count, p50, p99))
        print(
            f"   {query[:48]:<48} {game:<6} {count:>6} {p50:>7.2f} {p99:>7.2f}"
            f" {p50 / base_p50:>6.1f} {p99 / base_p99:>6.1f} {percentile(new, 0.5):>8.2f} {percentile(new, 0.99):>6.2f}"
        )
    worst50, worst99 = max(row[3] for row in rows), max(row[4] for row in rows)
    print(f"\n   worst p50 {worst50:.2f} ms, worst p99 {worst99:.2f} ms")
    print("   (new: the same search with the question's words read from the lexicon, as a process")
    print("    that has not met them does; the first columns are a process that has)")
    return rows


def measure_questions(label: str, runs: int) -> tuple[int, int]:
    """Every question of `make eval` (the judges' own words), each timed `runs` times after
    timed()'s warm-up runs: how their p50s and p99s spread, and how many miss the target. The fixed set above
    is 18 chosen queries; these are a thousand and more. Returns (questions, questions over)."""
    from rulings.evaluation import load_questions
    from rulings.search import search

    asked = list(dict.fromkeys(question.ask for question in load_questions()))
    per_question = []
    for ask in asked:
        samples = timed(lambda q=ask: search(q), runs)
        per_question.append((percentile(samples, 0.5), percentile(samples, 0.99), ask))
    p50s = sorted(row[0] for row in per_question)
    p99s = sorted(row[1] for row in per_question)
    over = [row for row in per_question if row[0] > 5 or row[1] > 10]
    print(f"\n== {label}: make eval's {len(asked):,} questions, {runs} runs each")
    print(f"   {machine_load()}")
    for name, values in (("p50", p50s), ("p99", p99s)):
        print(
            f"   each question's {name}: median {percentile(values, 0.5):.2f} ms, 90th {percentile(values, 0.9):.2f},"
            f" 99th {percentile(values, 0.99):.2f}, slowest {values[-1]:.2f}"
        )
    print(
        f"   questions over the target (p50 > 5 ms or p99 > 10 ms): {len(over)} of {len(asked)}; the slowest:"
    )
    for p50, p99, ask in sorted(over, reverse=True)[:5]:
        print(f"     p50 {p50:.2f} p99 {p99:.2f}  {ask[:80]}")
    return len(asked), len(over)


def measure_pages(label: str, runs: int) -> list[tuple]:
    """The search page and the search API per query, through the test client, beside the trivial
    view: (query, game, page p50, page p99, api p50, api p99)."""
    from django.test import Client

    from rulings.models import Entry

    client = Client(HTTP_HOST="127.0.0.1")

    def get(path, params=None):
        response = client.get(path, params or {})
        if response.status_code != 200:
            raise SystemExit(f"{path} {params}: HTTP {response.status_code}")

    base = timed(lambda: get("/loadtest/trivial/"), runs * 2)
    base_p50, base_p99 = percentile(base, 0.5), percentile(base, 0.99)
    print(f"\n== {label} through HTTP: {Entry.objects.count():,} entries, {runs} runs per query")
    print(f"   {machine_load()}")
    print(f"   trivial Django JSON view: p50 {base_p50:.2f} ms, p99 {base_p99:.2f} ms\n")
    print(
        f"   {'query':<40} {'game':<6} {'page p50':>8} {'p99':>7} {'x p50':>6} {'api p50':>8} {'p99':>7} {'x p50':>6}"
    )
    rows = []
    for query, game in QUERIES:
        params = {"q": query, **({"game": game} if game else {})}
        page = timed(lambda p=params: get("/rulings/", p), runs)
        api = timed(lambda p=params: get("/api/rulings/search/", p), runs)
        row = (
            query,
            game,
            percentile(page, 0.5),
            percentile(page, 0.99),
            percentile(api, 0.5),
            percentile(api, 0.99),
        )
        rows.append(row)
        print(
            f"   {query[:40]:<40} {game:<6} {row[2]:>8.2f} {row[3]:>7.2f} {row[2] / base_p50:>6.1f}"
            f" {row[4]:>8.2f} {row[5]:>7.2f} {row[4] / base_p50:>6.1f}"
        )
    print(
        f"\n   worst page p50 {max(r[2] for r in rows):.2f} ms, p99 {max(r[3] for r in rows):.2f} ms;"
        f" worst API p50 {max(r[4] for r in rows):.2f} ms, p99 {max(r[5] for r in rows):.2f} ms"
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50, help="timed runs per query")
    parser.add_argument("--size", type=int, default=100_000, help="entries in the scaled corpus")
    parser.add_argument("--question-runs", type=int, default=10, help="timed runs per make eval question")
    args = parser.parse_args()

    started = time.perf_counter()
    scratch_db.create(DB_NAME)
    try:
        import django

        django.setup()
        from django.core.management import call_command

        from config.startup import freeze_loaded_objects

        call_command("migrate", verbosity=0)
        call_command("import_sources", verbosity=0)
        # as a web process does once loaded (config.asgi), so the timings meet the collector as the
        # server's requests do: full collections walking everything loaded took 29-132 ms in this
        # process; frozen, those of the timed phases took 5-9 ms
        freeze_loaded_objects()
        measure("real corpus (the five documents)", args.runs)
        print(f"\n.. scaling to {args.size:,} entries", flush=True)
        took = scale(args.size)
        print(f"   scaled in {took:.1f} s")
        freeze_loaded_objects()  # what the scaling left behind too
        rows = measure(f"scaled corpus ({args.size:,})", args.runs)
        worst50, worst99 = max(row[3] for row in rows), max(row[4] for row in rows)
        measure_pages(f"scaled corpus ({args.size:,})", args.runs)
        asked, over = measure_questions(f"scaled corpus ({args.size:,})", args.question_runs)
        verdict = "met" if worst50 <= 5 and worst99 <= 10 else "NOT met"
        print(f"\nTarget at {args.size:,} entries (p50 <= 5 ms, p99 <= 10 ms for every query): {verdict}")
        print(f"  and for make eval's questions: {'met' if not over else 'NOT met'} ({over} of {asked} over)")
        print(f"Total {time.perf_counter() - started:.0f} s")
    finally:
        scratch_db.drop(DB_NAME)


if __name__ == "__main__":
    main()
