"""`make loadtest`: seed the scaled database once (loadtest.seed), serve it with gunicorn and a
Celery worker as `make run` does, drive it with locust (headless, bounded in time, loopback only),
then print requests/s and p50/p99 per endpoint beside the trivial Django JSON view measured in
the same run, and each endpoint's p99 as a multiple of the trivial view's (target: within 3x) and
of its floor's: the floor page's (the site's chrome around no content, signed in: what any page
costs here), the durable write's for a POST, the search statements' alone for a search.

    .venv/bin/python -m loadtest.run [--users 10] [--spawn-rate 10] [--warmup 15s] [--time 60s] [--reseed] [--scale 1.0]
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from benchmarks._stats import percentile
from config.launcher import spawn_servers, stop, stop_on_signals, web_command, worker_command

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "trivial Django JSON view"
# locustfile.FLOOR_PAGE, FLOOR_WRITE and FLOOR_SEARCH (not imported: gevent)
FLOOR_PAGE = "floor: empty signed-in page"
FLOOR_WRITE = "floor: signed-in durable write POST"
FLOOR_SEARCH = "floor: search statements alone"
SEARCHES = ("/rulings/?q=", "/api/rulings/search/?q=")  # read against FLOOR_SEARCH
TARGET_RATIO = 3.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - our own loopback URL
            return response.status == 200
    except OSError:
        return False


def seconds_of(span: str) -> int:
    """A locust --run-time ("90", "120s", "2m", "1h30m") in seconds: the type of --time and
    --warmup, so a malformed one is refused before anything is seeded or started."""
    parts = re.findall(r"(\d+)\s*([hms]?)", span or "0")
    if not parts or re.sub(r"[\dhms\s]", "", span or ""):
        raise argparse.ArgumentTypeError(f"not a time span: {span!r} (e.g. 120s, 2m, 1h30m)")
    return sum(int(number) * {"h": 3600, "m": 60}.get(unit, 1) for number, unit in parts)


def machine_times() -> dict[str, float]:
    """The machine's CPU seconds so far that no process of the site spends but that stall it:
    taken by the virtual machine's host ("steal"), waited on the disk ("iowait"), and spent by
    the kernel's memory reclaimer (DAMON's kdamond threads, where the kernel runs them)."""
    with open("/proc/stat") as stat:
        ticks = [int(field) for field in stat.readline().split()[1:]]
    hertz = os.sysconf("SC_CLK_TCK")
    times = {"total": sum(ticks) / hertz, "iowait": ticks[4] / hertz, "steal": ticks[7] / hertz}
    times["kdamond"] = 0.0
    for stat_path in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat_path.read_text().split(") ", 1)
            if "(kdamond" in fields[0]:
                user, system = fields[1].split()[11:13]
                times["kdamond"] += (int(user) + int(system)) / hertz
    return times


def print_machine(before: dict[str, float], after: dict[str, float], seconds: float) -> None:
    """While the host takes the CPU, the disk is waited on or the memory reclaimer runs, every
    request in flight, the trivial view's included, takes longer: a p99 over a few hundred
    requests is where such stalls show. Printed so a run's ratios can be read with them."""
    spent = {kind: after[kind] - before[kind] for kind in after}
    share = lambda kind: 100 * spent[kind] / spent["total"] if spent["total"] else 0.0  # noqa: E731
    print(
        f"The machine in the measured window: CPU taken by its host (steal) {share('steal'):.1f}%, "
        f"waiting on the disk (iowait) {share('iowait'):.1f}%, the kernel's memory reclaimer "
        f"(kdamond) {spent['kdamond']:.1f} CPU s in {seconds:.0f} s"
    )


def floor_of(row: dict) -> str:
    """The baseline an endpoint is read against beside the trivial view: a write (a POST, which
    must commit what it was sent before it answers) against the durable-write floor, a search
    against the search's statements alone, anything else against the floor page."""
    if row.get("Type") == "POST":
        return FLOOR_WRITE
    return FLOOR_SEARCH if row.get("Name") in SEARCHES else FLOOR_PAGE


def exact_times(timings: Path | None) -> dict[str, list[float]]:
    """Each endpoint's measured request times as locust took them (ms, unrounded), written by the
    locustfile (LOADTEST_TIMINGS); none if the file is absent, and the report uses locust's
    rounded percentiles."""
    if timings is None or not timings.exists():
        return {}
    return {row["name"]: row["ms"] for row in json.loads(timings.read_text()) if row["ms"]}


def ratio_interval(times: list[float], base: list[float], draws: int = 1000) -> tuple[float, float]:
    """A 90% bootstrap interval of p99(times) / p99(base): how far the ratio could move with the
    same run's luck in which requests were slow. A p99 of a few hundred requests is one of its
    few slowest, so a run's ratio is one draw of it, and two runs differ by more than a small
    gain (session 38: the search API, unchanged, 2.4x in one run and 3.3x in the next)."""
    draw = random.Random(99)  # the same interval for the same times
    ratios = sorted(
        percentile(draw.choices(times, k=len(times)), 0.99)
        / percentile(draw.choices(base, k=len(base)), 0.99)
        for _ in range(draws)
    )
    return percentile(ratios, 0.05), percentile(ratios, 0.95)


def report(stats_csv: Path, seconds: float, timings: Path | None = None) -> int:
    """Print each endpoint's rate and latency against the trivial view's and its floor's; return
    how many requests failed (an endpoint with any failure is marked so, whatever its latency: an
    error page is fast). With the requests' exact times (`timings`), their p50 and p99 are taken
    from those, and each ratio to the trivial view comes with its 90% interval."""
    rows = {row["Name"]: row for row in csv.DictReader(stats_csv.open()) if row["Name"] != "Aggregated"}
    exact = exact_times(timings)
    for name, row in rows.items():
        if name in exact:
            row["50%"], row["99%"] = (f"{percentile(exact[name], share):.1f}" for share in (0.50, 0.99))
    base_p99 = float(rows[BASELINE]["99%"])
    baselines = (BASELINE, FLOOR_PAGE, FLOOR_WRITE, FLOOR_SEARCH)
    floors = {name: float(rows[name]["99%"]) for name in baselines[1:] if name in rows}
    print(
        f"\n{'endpoint':<36}{'requests':>9}{'fails':>7}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}"
        f"{'p99/trivial':>13}{'90% interval':>14}{'p99/floor':>11}"
    )
    ordered = sorted(
        rows.values(),
        key=lambda r: (
            r["Name"] not in baselines,
            baselines.index(r["Name"]) if r["Name"] in baselines else 0,
            r["Name"],
        ),
    )
    for row in ordered:
        p99 = float(row["99%"])
        ratio = p99 / base_p99 if base_p99 else float("nan")
        floor_p99 = floors.get(floor_of(row), float("nan"))
        to_floor = p99 / floor_p99 if floor_p99 else float("nan")
        interval = "-"
        if row["Name"] != BASELINE and row["Name"] in exact and BASELINE in exact:
            low, high = ratio_interval(exact[row["Name"]], exact[BASELINE])
            interval = f"{low:.1f}-{high:.1f}x"
        if int(row["Failure Count"]):
            mark = "  FAILED requests"
        elif row["Name"] in baselines:
            mark = ""
        else:
            mark = "  ok" if ratio <= TARGET_RATIO else f"  over {TARGET_RATIO:g}x"
        print(
            f"{row['Name']:<36}{row['Request Count']:>9}{row['Failure Count']:>7}"
            f"{float(row['Requests/s']):>8.1f}{row['50%']:>8}{row['99%']:>8}{ratio:>12.1f}x{interval:>14}"
            f"{to_floor:>10.1f}x{mark}"
        )
    total = sum(int(r["Request Count"]) for r in rows.values())
    failed = sum(int(r["Failure Count"]) for r in rows.values())
    print(f"{'all':<36}{total:>9}{failed:>7}{total / seconds:>8.1f}")
    if FLOOR_WRITE in floors:
        searches = ""
        if FLOOR_SEARCH in floors:
            searches = (
                f"; a search against the search statements alone, {floors[FLOOR_SEARCH]:g} ms, "
                f"{floors[FLOOR_SEARCH] / base_p99:.1f}x the trivial view's"
            )
        print(
            f"(p99/floor: a POST against the durable write's p99, {floors[FLOOR_WRITE]:g} ms, "
            f"{floors[FLOOR_WRITE] / base_p99:.1f}x the trivial view's{searches}; every other "
            "endpoint against the floor page's)"
        )
    if exact:
        print(
            "(p50 and p99 of the requests' unrounded times, nearest rank; the interval is the ratio's "
            "90% bootstrap interval over this run's requests)"
        )
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--users", type=int, default=10, help="simulated users (10: below saturation on 2 cores)"
    )
    parser.add_argument("--spawn-rate", type=float, default=10)
    parser.add_argument(
        "--warmup",
        type=seconds_of,
        default="15s",
        help="an unmeasured locust run first, as a deployed site is warm (0 for none)",
    )
    parser.add_argument(
        "--time",
        type=seconds_of,
        default="60s",
        help="the measured window, after the warm-up (make loadtest: LOADTEST_TIME)",
    )
    parser.add_argument("--reseed", action="store_true", help="seed again even if the database exists")
    parser.add_argument("--scale", type=float, default=1.0, help="seed this fraction of the volumes")
    args = parser.parse_args()

    from loadtest import seed

    os.environ.update(
        DJANGO_SETTINGS_MODULE=seed.SETTINGS,
        DATABASE_NAME=seed.DB_NAME,
        JT_REDIS_DB_BASE="6",  # not make run's (0, 1) nor the tests' (2, 3): its own queue and cache
        JT_MANIFEST_STATIC="0",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    if not os.environ.get("DATABASE_URL"):
        from config import embedded  # hold the embedded servers for the whole run

        embedded.postgres_settings()
    if not os.environ.get("REDIS_URL"):
        from config import embedded

        embedded.redis_url()
    manifest = seed.manifest_path()
    current = manifest.exists() and json.loads(manifest.read_text()).get("scale") == args.scale
    if args.reseed or not current or not seed.database_exists():
        subprocess.run(
            [sys.executable, "-m", "loadtest.seed", "--scale", str(args.scale)], cwd=ROOT, check=True
        )
    else:  # a database seeded by an older checkout gets this one's migrations (data ones included)
        subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, check=True)
        # ... and this checkout's derived search tables (the lexicon's counts, the champion lists),
        # rebuilt as every import rebuilds them: a migration adds a table, not its rows.
        refresh = "from rulings.indexing import refresh_lexicon; refresh_lexicon()"
        subprocess.run(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", refresh], cwd=ROOT, check=True
        )
    counts = json.loads(manifest.read_text())["counts"]
    print(f"Scaled database {seed.DB_NAME}: {counts}", flush=True)
    size, buffers = seed.hold_in_memory()
    fits = buffers >= size
    print(
        f"PostgreSQL's buffer cache: {buffers / 2**20:.0f} MiB for a database of {size / 2**20:.0f} MiB"
        + ("" if fits else " (too small: reads beyond it go to the OS cache, or the disk)"),
        flush=True,
    )
    warmed = seed.prewarm(into_buffers=fits)
    if warmed is None:
        print("pg_prewarm is not available: the first reads of each page will be disk reads", flush=True)
    else:
        where = "PostgreSQL's buffers" if fits else "the OS cache"
        print(
            f"Read the database once into {where}: {warmed[0] / 2**20:.0f} MiB in {warmed[1]:.0f} s",
            flush=True,
        )

    port = free_port()
    bin_dir = Path(sys.executable).parent
    log_dir = manifest.parent / "loadtest-logs"
    log_dir.mkdir(exist_ok=True)
    commands = {
        "web": web_command("127.0.0.1", port, access_log=False),  # as `make run` serves the site
        "worker": worker_command("warning"),  # as `make run` starts it
    }
    servers: list[subprocess.Popen] = []
    try:
        for name, cmd in commands.items():  # stopped in the finally below, even on SIGTERM
            with open(log_dir / f"{name}.log", "w") as log:
                spawn_servers([cmd], servers, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while not healthy(f"http://127.0.0.1:{port}/healthz"):
            if time.monotonic() > deadline or any(s.poll() is not None for s in servers):
                print(f"The servers did not come up; see {log_dir}", file=sys.stderr)
                return 1
            time.sleep(1)

        # Cold caches (the database's buffers, each process' first queries and templates) make the
        # first requests of a fresh server its slowest; with tens of requests per endpoint they
        # would be its p99. A deployed site is warm: the mix runs unmeasured first, then, in the
        # same locust run (its users and connections carried on), measured from zero.
        warm_up, measured = args.warmup, args.time
        if warm_up:
            print(f"locust warm-up (not measured): {args.users} users, {warm_up}s", flush=True)
        prefix = manifest.parent / "loadtest"
        timings = manifest.parent / "loadtest_times.json"
        timings.unlink(missing_ok=True)  # an older run's times are not this run's
        print(f"locust: {args.users} users, {measured}s measured, http://127.0.0.1:{port}", flush=True)
        with open(log_dir / f"{prefix.name}.log", "w") as log:  # stopped with the servers
            spawn_servers(
                [[bin_dir / "locust", "-f", ROOT / "loadtest" / "locustfile.py", "--headless", "--only-summary",
                  "-u", str(args.users), "-r", str(args.spawn_rate), "--run-time", f"{warm_up + measured}s",
                  "--stop-timeout", "5", "--host", f"http://127.0.0.1:{port}", "--csv", prefix, "--loglevel", "WARNING"]],
                servers, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                env={**os.environ, "LOADTEST_MANIFEST": str(manifest), "LOADTEST_WARMUP_S": str(warm_up),
                     "LOADTEST_TIMINGS": str(timings)},
            )  # fmt: skip
        locust = servers[-1]
        time.sleep(warm_up)
        before = machine_times()
        locust.wait()
        failed = report(Path(f"{prefix}_stats.csv"), measured, timings)
        print_machine(before, machine_times(), measured)
    finally:
        stop(servers, wait_s=30)  # a second signal meanwhile is held off: none is orphaned
    if failed:
        print(
            f"{failed} requests failed: see {prefix}_failures.csv and {log_dir / 'web.log'}", file=sys.stderr
        )
        return 1
    return 0


if __name__ == "__main__":
    # Ctrl-C, SIGTERM and SIGHUP alike stop every server and the locust run it started (the finally
    # in main) and release the embedded servers, as `make run` does; SIGTERM once left them running.
    stop_on_signals()
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("The load test was stopped; so were its servers.", file=sys.stderr)
        sys.exit(130)
