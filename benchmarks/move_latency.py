"""Move latency: moves posted over HTTP (the site served as `make run` serves it: gunicorn with
uvicorn workers, config.launcher.web_command) and resolved by a real Celery worker.

Prints p50/p99 from the POST to the move being applied (its commit, seen through LISTEN/NOTIFY),
the throughput with several duels in flight, and the ratio to a no-op Celery task's round trip
on the same broker. Four baselines are timed right after each move, so they see the same machine:
the no-op round trip; a trivial Django JSON view, the same view signed in (the session and its
user: the floor of any signed-in call), the same again reading one row in raw SQL (the floor of
any signed-in call that reads PostgreSQL) and the cheapest signed-in API call (their ratios are
the request path's own cost); and the bare move path (`_bare_move.py`:
a signed-in Django request that stores a move and a task that locks and bumps the duel, in raw
SQL, with nothing else), which is what any move path built on Django, Celery, PostgreSQL and
Redis costs here before it does any of the application's work. The bare path's own throughput
with as many duels in flight, over HTTP and with no HTTP at all (moves stored and queued straight
from the benchmark), is the ceiling the site's throughput is measured against; the same over HTTP
with the board reads the site's players made per move (each a signed-in one-row read, the floor
of a read) is the floor of that flow: what any site on this stack could move with these players.

Uses its own database (created from template1, dropped at the end) and its own task queue, so
it never touches the development data or a running `make run`.

    .venv/bin/python benchmarks/move_latency.py [--moves 150] [--duels 6] [--seconds 15] [--flow client]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import _scratch_db as scratch_db  # noqa: E402 - benchmarks/ is on sys.path when run as a script
import _stats  # noqa: E402
from _bare_throughput import BareDuel, keep_moving_bare, run_for  # noqa: E402
from _cpu_split import CpuSplit  # noqa: E402
from _move_players import PASSWORD, Http, ResolvedMoves, free_port, move_times, new_duel, start_web  # noqa: E402

RUN = f"bench{os.getpid()}"
os.environ["JT_TEST_RUN"] = RUN  # its own Celery queue (see config/settings/test.py)
SETTINGS = "_bench_settings"  # the test settings plus the bare move path
os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
# The web and worker processes import the bare move path from here.
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [str(ROOT / "benchmarks"), os.environ.get("PYTHONPATH")])
)
DB_NAME = f"bench_moves_{os.getpid()}"
# The web processes write their CPU per kind of request here (_cpu_by_request).
CPU_DIR = Path(tempfile.mkdtemp(prefix="bench_cpu_"))
os.environ["BENCH_CPU_DIR"] = str(CPU_DIR)


def percentile(values: list[float], q: float) -> float:
    return _stats.percentile(values, q / 100)  # q in percent


def summary(name: str, samples_s: list[float]) -> dict:
    ms = [s * 1000 for s in samples_s]
    return {
        "name": name,
        "n": len(ms),
        "p50_ms": statistics.median(ms),
        "p90_ms": percentile(ms, 90),
        "p99_ms": percentile(ms, 99),
        "max_ms": max(ms),
    }


RESOLVED_TRIGGER = scratch_db.notify_when_resolved("games_move", "move_resolved")


# How the players learn whose turn it is (--flow). "observer": before each move seat 0 reads the
# duel only to learn whose turn it is, then the mover reads its view (the flow of issue #16's
# figures, three requests a move). "client": as an API client plays, the mover reads its view once
# its move is applied (what it shows its player); that read says who moves next: the mover again,
# who then plays from it, or the opponent, who reads its own view (legal actions come from the
# server every time; two or three requests a move).
FLOWS = ("observer", "client")


def play_moves(
    base, duel_id, names, count, timings, stop, bare: BareDuel | None = None, clients=None, flow="observer"
):
    """Post one legal action at a time; time each from POST to the move being applied.

    With a `bare` duel, each move is followed by the baselines, so that they see the same
    machine as the moves do: a no-op task's round trip, the cheapest signed-in API call (reading
    the move back over the same connection) and a trivial view, and a move on the bare path, POST
    to applied."""
    import random

    from games.tasks import noop

    rng = random.Random(duel_id)
    resolved = ResolvedMoves()
    own_clients = clients is None  # else the caller's players, signed in once for all their duels
    if own_clients:
        clients = {seat: Http(base, name) for seat, name in names.items()}
    made = 0

    def read_board(seat: int):
        # Counted: the bare path's flow ceiling makes as many reads per move (main()).
        timings.setdefault("board_reads", []).append(seat)
        return clients[seat].request("GET", f"/api/duels/{duel_id}/")

    try:
        after_move = None  # the mover's read of its view once its move was applied (flow "client")
        while made < count and not stop.is_set():
            if flow == "client" and after_move is not None:
                seat, state = after_move
                if state["status"] != "active":
                    break
                if state["view"]["to_move"] != seat:
                    seat = state["view"]["to_move"]
                    status, state = read_board(seat)
            else:
                status, duel = read_board(0)
                if duel["status"] != "active":
                    break
                seat = duel["view"]["to_move"]
                status, state = read_board(seat)
            action = rng.choice(state["legal_actions"])
            started = time.perf_counter()
            status, move = clients[seat].request(
                "POST", f"/api/duels/{duel_id}/moves/", {"version": state["version"], "actions": [action]},
                {"Idempotency-Key": uuid.uuid4().hex},
            )  # fmt: skip
            if status != 202:
                raise SystemExit(f"move refused: {status} {move}")
            posted = time.perf_counter()
            resolved.wait_for(move["id"])
            timings["move"].append(time.perf_counter() - started)
            row = move_times(move["id"])
            timings["post"].append(posted - started)
            timings["stored_to_applied"].append((row[1] - row[0]).total_seconds())
            made += 1
            if flow == "client":
                after_move = (seat, read_board(seat)[1])
            if bare is not None:
                started = time.perf_counter()
                noop.delay().get(timeout=30)
                timings["noop"].append(time.perf_counter() - started)
                # The four reads in turn, each first one move in four: the first after the
                # no-op task meets the worker still finishing it.
                reads = [
                    ("api_read", f"/api/moves/{move['id']}/"),
                    ("trivial", "/bench/trivial/"),
                    ("trivial_user", "/bench/trivial-user/"),
                    ("one_row", f"/bench/one-row/{move['id']}/"),
                ]
                turn = made % len(reads)
                for name, path in reads[turn:] + reads[:turn]:
                    started = time.perf_counter()
                    status, _ = clients[seat].request("GET", path)
                    timings[name].append(time.perf_counter() - started)
                    if status != 200:
                        raise SystemExit(f"{path} answered {status}")
                started = time.perf_counter()
                status, bare_move = clients[0].request(
                    "POST", f"/bench/bare-move/{bare.duel_id}/", {"version": bare.version, "actions": [action]},
                    {"Idempotency-Key": uuid.uuid4().hex},
                )  # fmt: skip
                if status != 202:
                    raise SystemExit(f"bare move refused: {status} {bare_move}")
                resolved.wait_for(bare_move["id"])
                timings["bare_move"].append(time.perf_counter() - started)
                bare.version += 1
    finally:
        resolved.connection.close()
        for client in clients.values() if own_clients else ():
            client.connection.close()
    return made


def keep_playing(base, players, timings, stop, ready: threading.Barrier, flow: str = "observer") -> None:
    """One duel after another until told to stop, so the duels in flight stay in flight.

    Before the clock starts (`ready`), the two players sign in (once: a player's session outlives
    a duel) and make a few untimed moves: the throughput run measures moves, not the web and
    worker processes booting or the sign-ins (on a loaded machine these took most of its 8 s)."""
    from django.db import connection

    try:
        by_name = {player.username: player for player in players}
        clients = {name: Http(base, name) for name in by_name}
        duel_id, names = new_duel(players)
        play_moves(base, duel_id, names, 3, {"move": [], "post": [], "stored_to_applied": []}, stop,
                   clients={seat: clients[name] for seat, name in names.items()})  # fmt: skip
        ready.wait(120)
        while not stop.is_set():
            duel_id, names = new_duel(players)
            seats = {seat: clients[name] for seat, name in names.items()}
            play_moves(base, duel_id, names, 10**6, timings, stop, clients=seats, flow=flow)
    except BaseException as exc:  # noqa: BLE001 - a thread's end must be seen, not lost
        ready.abort()
        timings.setdefault("errors", []).append(f"{type(exc).__name__}: {exc}")
    finally:
        for client in locals().get("clients", {}).values():
            client.connection.close()
        connection.close()


def main() -> None:
    # SIGTERM and SIGHUP unwind as Ctrl-C does: the finally below stops the servers started here
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.default_int_handler)
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=150, help="moves timed one at a time")
    parser.add_argument("--noops", type=int, default=150, help="no-op task round trips")
    parser.add_argument("--duels", type=int, default=6, help="duels in flight for the throughput run")
    parser.add_argument("--seconds", type=float, default=15, help="length of the throughput run")
    parser.add_argument("--worker-concurrency", type=int, default=2, help="the Celery worker's processes")
    parser.add_argument(
        "--flow", choices=FLOWS, default="observer", help="how players learn whose turn it is (FLOWS)"
    )
    args = parser.parse_args()

    scratch_db.create(DB_NAME)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from config.celery import app
    from games.actions import decks
    from games.tasks import noop
    from tests.conftest import WorkerProcess

    web = worker = None
    try:
        call_command("migrate", verbosity=0)
        with connection.cursor() as cursor:
            cursor.execute(RESOLVED_TRIGGER)
        decks.ensure_starter_decks()  # once, as `make run` does at start
        users = [
            get_user_model().objects.create_user(f"bench{i}", password=PASSWORD)
            for i in range(2 * args.duels)
        ]
        app.control.purge()
        worker = WorkerProcess(
            DB_NAME,
            Path("/tmp"),
            concurrency=args.worker_concurrency,
            extra_env={"DJANGO_SETTINGS_MODULE": SETTINGS},
        ).start()
        port = free_port()
        web = start_web(port)
        base = f"http://127.0.0.1:{port}"
        from django.core.cache import cache

        redis_pid = cache._cache.get_client().info("server")["process_id"]
        split = CpuSplit(web.pid, worker.process.pid, redis_pid, DB_NAME, CPU_DIR)

        # Throughput first: several duels at once, each one move at a time, timed once every
        # player has signed in and made a few moves (which warms every web and worker process
        # up), so neither it nor the one-at-a-time timings below see first-use costs.
        for _ in range(10):
            noop.delay().get(timeout=30)
        throughput = {name: [] for name in ("move", "post", "stored_to_applied", "board_reads")}
        stop = threading.Event()
        ready = threading.Barrier(args.duels + 1)
        threads = []
        for i in range(args.duels):
            pair = users[2 * i : 2 * i + 2]
            threads.append(
                threading.Thread(
                    target=keep_playing,
                    args=(base, pair, throughput, stop, ready),
                    kwargs={"flow": args.flow},
                )
            )
        for thread in threads:
            thread.start()
        ready.wait(120)  # every player signed in and warmed up
        split.start()
        started = time.perf_counter()
        time.sleep(args.seconds)
        stop.set()
        for thread in threads:
            thread.join(60)
        elapsed = time.perf_counter() - started
        cpu = split.stop()
        for error in throughput.pop("errors", []):
            print(f"a duel of the throughput run stopped: {error}", file=sys.stderr)

        # The bare path's own ceiling, as many duels in flight: over HTTP, then with no HTTP.
        pairs = [users[2 * i : 2 * i + 2] for i in range(args.duels)]
        bare_http = run_for(
            args.seconds, lambda pair, samples, stop, ready: keep_moving_bare(base, pair, samples, stop, ready, over_http=True), pairs
        )  # fmt: skip
        bare_direct = run_for(
            args.seconds, lambda pair, samples, stop, ready: keep_moving_bare(base, pair, samples, stop, ready, over_http=False), pairs
        )  # fmt: skip
        # The floor of the site's flow: the bare path with as many reads per move as its players
        # made (each the floor of a signed-in read of one row): the most any site built on this
        # stack could move with these players.
        reads_per_move = len(throughput["board_reads"]) / max(1, len(throughput["move"]))
        bare_flow = run_for(
            args.seconds,
            lambda pair, samples, stop, ready: keep_moving_bare(
                base, pair, samples, stop, ready, over_http=True, reads_per_move=reads_per_move
            ),
            pairs,
        )

        # Latency: one move at a time, each followed by the baselines.
        timings = {
            name: []
            for name in (
                "move",
                "post",
                "stored_to_applied",
                "noop",
                "trivial",
                "trivial_user",
                "one_row",
                "api_read",
                "bare_move",
            )  # fmt: skip
        }
        stop.clear()
        bare = BareDuel(users[:2])
        while len(timings["move"]) < args.moves:
            duel_id, names = new_duel(users[:2])
            play_moves(
                base,
                duel_id,
                names,
                args.moves - len(timings["move"]),
                timings,
                stop,
                bare=bare,
            )

        rows = {
            "noop": summary("no-op task round trip", timings["noop"]),
            "trivial": summary("trivial Django JSON view", timings["trivial"]),
            "trivial_user": summary("  the same, signed in (floor)", timings["trivial_user"]),
            "one_row": summary("  ... reading one row (floor)", timings["one_row"]),
            "api_read": summary("cheapest API call (GET move)", timings["api_read"]),
            "bare_move": summary("bare move path -> applied", timings["bare_move"]),
            "move": summary("move: POST -> applied", timings["move"]),
            "post": summary("  of which the POST (202)", timings["post"]),
            "stored_to_applied": summary("  stored -> applied (worker)", timings["stored_to_applied"]),
        }
        print(f"{'measure':30} {'n':>5} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        for row in rows.values():
            print(
                f"{row['name']:30} {row['n']:>5} {row['p50_ms']:8.1f} {row['p90_ms']:8.1f} {row['p99_ms']:8.1f} {row['max_ms']:8.1f}"
            )
        noop_p50 = rows["noop"]["p50_ms"]
        ratio = rows["move"]["p50_ms"] / noop_p50
        # The bare path is the floor of any move path on this stack: what the real move takes
        # beyond it is the application's own work (validation, rules, events, notifications).
        bare_ratio = rows["bare_move"]["p50_ms"] / noop_p50
        move_to_bare = rows["move"]["p50_ms"] / rows["bare_move"]["p50_ms"]
        api_to_trivial = rows["api_read"]["p50_ms"] / rows["trivial"]["p50_ms"]
        floor_to_trivial = rows["trivial_user"]["p50_ms"] / rows["trivial"]["p50_ms"]
        api_to_floor = rows["api_read"]["p50_ms"] / rows["trivial_user"]["p50_ms"]
        # Any call that reads a row from PostgreSQL pays a round trip the signed-in floor does not.
        row_floor_to_trivial = rows["one_row"]["p50_ms"] / rows["trivial"]["p50_ms"]
        api_to_row_floor = rows["api_read"]["p50_ms"] / rows["one_row"]["p50_ms"]
        moved = len(throughput["move"])
        print(f"\nratio of p50s (move / no-op round trip): {ratio:.2f}  (target: within 2x)")
        print(f"floor: bare move path / no-op round trip = {bare_ratio:.2f}")
        print(f"move / bare move path: {move_to_bare:.2f}  (target: within 1.5x)")
        print(f"cheapest API call / trivial view: {api_to_trivial:.2f}  (target: within 1.5x)")
        print(f"  floor: signed-in trivial view / trivial view = {floor_to_trivial:.2f}")
        print(f"  cheapest API call / signed-in trivial view: {api_to_floor:.2f}")
        print(f"  floor: signed-in view reading one row / trivial view = {row_floor_to_trivial:.2f}")
        print(f"  cheapest API call / signed-in view reading one row: {api_to_row_floor:.2f}")
        print(
            f"throughput: {moved / elapsed:.1f} moves/s with {args.duels} duels in flight ({moved} moves in {elapsed:.1f}s,"
            f" flow {args.flow!r})"
        )
        ceilings = {
            "bare_http": bare_http[0] / bare_http[1],
            "bare_direct": bare_direct[0] / bare_direct[1],
            "bare_flow": bare_flow[0] / bare_flow[1],
        }
        print(
            f"  ceiling: bare move path {ceilings['bare_http']:.1f} moves/s over HTTP, "
            f"{ceilings['bare_direct']:.1f} moves/s with no HTTP ({args.duels} duels in flight)"
        )
        print(
            f"  floor of this flow: bare move path + {reads_per_move:.2f} one-row reads per move (as many as the"
            f" players read their board): {ceilings['bare_flow']:.1f} moves/s; the site makes"
            f" {moved / elapsed / ceilings['bare_flow']:.2f} of it"
        )
        print(split.report(cpu, moved))
        print(
            json.dumps(
                {
                    "cpu_ms_per_request": split.ms_per_request(),
                    "cpu_ms_per_move": split.ms_per_move(cpu, moved),
                    **rows,
                    "p50_ratio": ratio,
                    "bare_ratio": bare_ratio,
                    "move_to_bare": move_to_bare,
                    "api_to_trivial": api_to_trivial,
                    "floor_to_trivial": floor_to_trivial,
                    "api_to_floor": api_to_floor,
                    "row_floor_to_trivial": row_floor_to_trivial,
                    "api_to_row_floor": api_to_row_floor,
                    "moves_per_s": moved / elapsed,
                    "flow": args.flow,
                    "bare_http_moves_per_s": ceilings["bare_http"],
                    "bare_direct_moves_per_s": ceilings["bare_direct"],
                    "board_reads_per_move": reads_per_move,
                    "bare_flow_moves_per_s": ceilings["bare_flow"],
                }
            )
        )
    finally:
        if web is not None:
            web.terminate()
            web.wait(10)
        if worker is not None:
            worker.stop()
        scratch_db.drop(DB_NAME)
        shutil.rmtree(CPU_DIR, ignore_errors=True)


if __name__ == "__main__":
    main()
