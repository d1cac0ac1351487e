"""Seed the load test's own database (`jt_loadtest`, never the development one) at 100x today's
volumes: 100,000 ruling entries, 20,000 users, 50,000 finished and 5,000 active duels with
realistic histories (moves, events, rules state, the notifications they sent), and sessions for
the players locust drives.

Histories are real: a few dozen duels are played by the rules engine's bots (whole, or cut off
mid-game for the active ones); each seeded duel copies one of them with its own players, dates
and ids. Rows go in with COPY, so seeding takes minutes. Writes var/loadtest.json for the
locustfile: sessions, duels, entries, cards, queries.

    .venv/bin/python -m loadtest.seed [--scale 1.0]      (make loadtest calls it when needed)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "jt_loadtest"
SETTINGS = "loadtest.settings"
ACTIVE_PER_PLAYER = 6  # each driven player's active duels, against other driven players
PASSWORD = "loadtest-password-not-secret"  # noqa: S105 - a throw-away database's users

QUERIES = [
    "can I block a power blow with a normal block",
    "what happens when my endurance runs out of cards",
    "how many combat tricks can I play each turn",
    "can an ally carry an item",
    "mysterius technique",
    "power blow",
    "head shot",
    "exertion",
    "dodge",
    "annotation 24",
]
CARD_QUERIES = ["t:attack", "power blow", "is:errata", "game:highlander o:block", "r<=2", "mysterious"]


@dataclass(frozen=True)
class Volumes:
    """How much to seed: 100x today's data by default; a test seeds a handful."""

    entries: int = 100_000
    users: int = 20_000
    finished: int = 50_000
    active: int = 5_000
    players: int = 200  # users locust signs in as (each with a session); they play each other
    templates: int = 60  # bot-played histories of each kind (finished, active) the duels copy

    @classmethod
    def scaled(cls, scale: float) -> Volumes:
        full = cls()
        users = int(full.users * scale)
        return cls(int(full.entries * scale), users, int(full.finished * scale), int(full.active * scale),
                   min(full.players, users))  # fmt: skip

    def __post_init__(self):
        # each driven player faces the next ACTIVE_PER_PLAYER // 2 ones: fewer would face themselves
        if self.players <= ACTIVE_PER_PLAYER // 2 or self.users < self.players:
            raise ValueError(f"need more than {ACTIVE_PER_PLAYER // 2} players and as many users: {self}")


def server_admin_connection(dbname: str = "postgres"):
    """A connection to the server's `postgres` database (or `dbname`): the embedded one, or
    DATABASE_URL's."""
    import psycopg

    if os.environ.get("DATABASE_URL"):
        from config.env import database_from_url

        db = database_from_url(os.environ["DATABASE_URL"])
        return psycopg.connect(
            host=db["HOST"], port=db["PORT"] or None, user=db["USER"], password=db["PASSWORD"],
            dbname=dbname, autocommit=True,
        )  # fmt: skip
    from config import embedded

    db = embedded.postgres_settings()
    return psycopg.connect(host=db["HOST"], user=db["USER"], dbname=dbname, autocommit=True)


def database_exists() -> bool:
    with server_admin_connection() as conn:
        return conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DB_NAME]).fetchone() is not None


def buffers_wanted(database_bytes: int, memory_bytes: int) -> int:
    """Bytes of PostgreSQL buffer cache to hold the whole scaled database with a tenth to spare,
    in whole MiB, at most half the machine's memory."""
    wanted = min(database_bytes * 11 // 10, memory_bytes // 2)
    return -(-wanted // 2**20) * 2**20


def hold_in_memory() -> tuple[int, int]:
    """Give the embedded PostgreSQL a buffer cache that holds the whole scaled database (a
    restart, when no other process uses it); an external server is left as configured.
    Returns (the database's bytes, the server's shared_buffers in bytes).

    Why not the operating system's cache, as a database server usually also has: on the virtual
    machines this is measured on, the host takes back file cache within a minute (3.5 GB read
    into it were 18 MB sixty seconds later, with 22 GB free), while shared memory stays. Every
    read outside PostgreSQL's own buffers was then a read from the virtual disk, 0.1-1 s, and
    those reads, not the site, made each endpoint's p99."""
    query = "SELECT pg_database_size(current_database()), pg_size_bytes(current_setting('shared_buffers'))"
    with server_admin_connection(DB_NAME) as conn:
        size, buffers = conn.execute(query).fetchone()
    if buffers < size and not os.environ.get("DATABASE_URL"):
        from config import embedded

        wanted = buffers_wanted(size, os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
        embedded.configure_postgres("shared_buffers", f"{wanted // 2**20}MB")
        with server_admin_connection(DB_NAME) as conn:
            size, buffers = conn.execute(query).fetchone()
    return size, buffers


def prewarm(into_buffers: bool) -> tuple[int, float] | None:
    """Read every table, index and TOAST relation of the scaled database once, as a server that
    has been serving this data holds it: the users pick entries, cards and duels at random across
    all of it, so without this the first reads of each page are disk reads, and they, not the
    site, make the p99. Into PostgreSQL's buffers (pg_prewarm's 'buffer' mode) when they hold it
    all, else into the operating system's cache ('read' mode). Returns (bytes, seconds), or None
    where the extension cannot be installed (an external server without the right to create it)."""
    import psycopg

    started = time.monotonic()
    mode = "buffer" if into_buffers else "read"
    with server_admin_connection(DB_NAME) as conn:
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm")
        except psycopg.Error:
            return None
        size = conn.execute(
            "SELECT coalesce(sum(pg_relation_size(c.oid)), 0)::bigint, count(pg_prewarm(c.oid, %s))"
            " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE c.relkind IN ('r', 'i', 't', 'm') AND n.nspname IN ('public', 'pg_toast')"
            " AND pg_relation_size(c.oid) > 0",
            [mode],
        ).fetchone()[0]
    return size, time.monotonic() - started


def recreate_database() -> None:
    with server_admin_connection() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DB_NAME}" TEMPLATE template1')


# --- Histories played by the bots -------------------------------------------------------------


def play_templates(count: int, *, finish: bool, rng: random.Random) -> list[dict]:
    """Duels played by heuristic bots, each as its moves (a move = one seat's actions until the
    turn passes, as the site records them), their events and the final rules state."""
    import rules

    decks = rules.starter_decks()
    templates = []
    while len(templates) < count:
        seed = rng.getrandbits(128)
        state = rules.new_duel(decks[0], decks[1], seed=seed)
        start_events = []  # new_duel emits none; the site stores the start state only
        moves, stop_after = [], None if finish else rng.randint(2, 12)
        bot_rng = random.Random(seed)
        while state.winner is None and state.phase != "over":
            if stop_after is not None and len(moves) >= stop_after:
                break
            seat, actions, events = state.to_move, [], []
            while state.to_move == seat and state.winner is None and state.phase != "over":
                action = rules.bots.choose(state, "heuristic", bot_rng)
                state, new_events = state.apply(action)
                actions.append(action.to_json())
                events.extend(new_events)
            moves.append(
                {  # serialised once: every copy of the template shares them
                    "seat": seat,
                    "actions": json.dumps(actions),
                    "events": [(e.rule, json.dumps(e.to_json())) for e in events],
                }
            )
        over = state.winner is not None or state.phase == "over"
        if over != finish:
            continue
        templates.append(
            {
                "seed": format(seed, "032x"),
                "moves": moves,
                "start_events": start_events,
                "state": json.dumps(state.to_json()),
                "to_move": state.to_move,
                "phase": state.phase,
                "turn": state.turn,
                "winner": state.winner,
                "decks": [  # serialised once: every copy of the template shares them
                    json.dumps(
                        {"name": "Starter", "pregame": list(d.pregame), "endurance": list(d.endurance)}
                    )
                    for d in decks[:2]
                ],
            }
        )
    return templates


# --- COPY -------------------------------------------------------------------------------------


def copy_rows(cursor, table: str, columns: list[str], rows) -> int:
    count = 0
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
            count += 1
    return count


def next_id(cursor, table: str) -> int:
    cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}")
    return cursor.fetchone()[0]


def reset_sequence(cursor, table: str) -> None:
    cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")


def seed_users(cursor, count: int, now) -> list[int]:
    from django.contrib.auth.hashers import make_password

    password = make_password(PASSWORD)
    first = next_id(cursor, "auth_user")
    ids = list(range(first, first + count))
    copy_rows(
        cursor, "auth_user",
        ["id", "password", "is_superuser", "username", "first_name", "last_name", "email", "is_staff",
         "is_active", "date_joined"],
        ((uid, password, False, f"player{uid}", "", "", f"player{uid}@example.test", False, True,
          now - timedelta(days=uid % 900)) for uid in ids),
    )  # fmt: skip
    reset_sequence(cursor, "auth_user")
    return ids


def seed_duels(cursor, templates, pairs, *, finished: bool, now, rng) -> tuple[list[int], int, int, int]:
    """One duel per (player0, player1) pair, each copying a template history, with the
    notifications the site would have sent its players (read, but for the latest turn's)."""
    duel_id, move_id, event_id = (next_id(cursor, t) for t in ("games_duel", "games_move", "games_event"))
    duel_rows, seat_rows, move_rows, event_rows, duel_ids, notes = [], [], [], [], [], []
    for players in pairs:
        t = rng.choice(templates)
        started = now - timedelta(
            days=rng.randint(1, 700) if finished else rng.randint(0, 30), minutes=rng.randint(0, 1440)
        )
        names = [f"player{user}" for user in players]
        notes.append(
            (players[1], duel_id, "challenge", f"{names[0]} challenged you to a duel.", started, started)
        )
        notes.append(
            (players[0], duel_id, "accepted", f"{names[1]} accepted your challenge.", started, started)
        )
        moment = started
        event_count = 0
        for version, move in enumerate(t["moves"]):
            moment += timedelta(hours=rng.randint(1, 60))
            move_rows.append((move_id, duel_id, move["seat"], players[move["seat"]], f"seed-{version}", version,
                              move["actions"], "applied", "", moment, moment))  # fmt: skip
            other = 1 - move["seat"]
            latest = version == len(t["moves"]) - 1
            if not (finished and latest):  # the move passed the turn: the other player is told
                notes.append((players[other], duel_id, "your_turn",
                              f"Your move in duel #{duel_id} against {names[move['seat']]}.", moment,
                              None if latest else moment + timedelta(hours=1)))  # fmt: skip
            for rule, data in move["events"]:
                event_rows.append((event_id, duel_id, event_count, move_id, rule, data, moment))
                event_id += 1
                event_count += 1
            move_id += 1
        version = len(t["moves"])
        duel_rows.append((
            duel_id, players[0], "finished" if finished else "active", 3, t["state"], version,
            event_count, t["to_move"], t["phase"], t["turn"],
            None if finished else now + timedelta(hours=rng.randint(1, 70)),
            t["seed"], hashlib.sha256(t["seed"].encode()).hexdigest(), finished,
            t["winner"], "play" if finished else "", started, started, moment if finished else None, moment, 0,
        ))  # fmt: skip
        for index in (0, 1):
            seat_rows.append((duel_id, index, players[index], "", t["decks"][index]))
            if finished:
                outcome = (
                    "ended in a draw"
                    if t["winner"] is None
                    else ("you won" if t["winner"] == index else "you lost")
                )
                notes.append((players[index], duel_id, "finished", f"Duel #{duel_id} is over: {outcome} (won in play).",
                              moment, moment + timedelta(hours=2)))  # fmt: skip
        duel_ids.append(duel_id)
        duel_id += 1
    copy_rows(cursor, "games_duel",
              ["id", "created_by_id", "status", "days_per_move", "state", "version", "event_count", "to_move",
               "phase", "turn", "deadline", "seed", "seed_commitment", "seed_revealed", "winner", "result",
               "created_at", "started_at", "finished_at", "updated_at", "extended_days"], duel_rows)  # fmt: skip
    copy_rows(cursor, "games_seat", ["duel_id", "index", "user_id", "bot", "deck"], seat_rows)
    copy_rows(cursor, "games_move",
              ["id", "duel_id", "seat", "user_id", "key", "version", "actions", "status", "error", "created_at",
               "resolved_at"], move_rows)  # fmt: skip
    copy_rows(
        cursor, "games_event", ["id", "duel_id", "seq", "move_id", "rule", "data", "created_at"], event_rows
    )
    copy_rows(
        cursor, "games_notification", ["user_id", "duel_id", "kind", "text", "created_at", "read_at"], notes
    )
    return duel_ids, len(move_rows), len(event_rows), len(notes)


def sessions_for(user_ids: list[int]) -> dict[int, str]:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.cached_db import SessionStore

    keys = {}
    for user in get_user_model().objects.filter(pk__in=user_ids):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.set_expiry(30 * 24 * 3600)
        session.create()
        keys[user.pk] = session.session_key
    return keys


def seed(volumes: Volumes) -> dict:
    """Seed the current database (the caller chose it) and return the locustfile's manifest."""
    if str(ROOT / "benchmarks") not in sys.path:
        sys.path.insert(0, str(ROOT / "benchmarks"))
    import search_bench  # benchmarks/: the corpus scaler the search benchmark uses
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.utils import timezone

    rng = random.Random(16)
    now = timezone.now()
    timings = {}

    def step(name, started):
        timings[name] = round(time.perf_counter() - started, 1)
        print(f"  {name}: {timings[name]} s", flush=True)

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("load_bundled_data", verbosity=0)
    step("migrate and bundled data", started)

    started = time.perf_counter()
    search_bench.scale(volumes.entries)
    step("ruling entries", started)

    n_users, n_finished, n_active = volumes.users, volumes.finished, volumes.active
    started = time.perf_counter()
    finished_templates = play_templates(volumes.templates, finish=True, rng=rng)
    active_templates = play_templates(volumes.templates, finish=False, rng=rng)
    step("bot-played histories", started)

    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        # Every row is made consistent here: skip the per-row foreign-key triggers while copying
        # (a superuser's right, which the embedded server gives; elsewhere they simply run).
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if cursor.fetchone()[0]:
            cursor.execute("SET LOCAL session_replication_role = replica")
        users = seed_users(cursor, n_users, now)
        players = users[: volumes.players]
        # Players locust drives face each other in their active duels; the rest face anyone.
        driven = [(players[i], players[(i + 1 + k) % len(players)]) for i in range(len(players))
                  for k in range(ACTIVE_PER_PLAYER // 2)]  # fmt: skip
        others = [tuple(rng.sample(users, 2)) for _ in range(max(0, n_active - len(driven)))]
        active_ids, active_moves, active_events, active_notes = seed_duels(
            cursor, active_templates, driven + others, finished=False, now=now, rng=rng
        )
        step("users and active duels", started)
        started = time.perf_counter()
        totals = [0, 0, 0]
        for first in range(0, n_finished, 5000):
            batch = [tuple(rng.sample(users, 2)) for _ in range(min(5000, n_finished - first))]
            counted = seed_duels(cursor, finished_templates, batch, finished=True, now=now, rng=rng)[1:]
            totals = [total + n for total, n in zip(totals, counted, strict=True)]
        for table in ("games_duel", "games_move", "games_event"):
            reset_sequence(cursor, table)
        step("finished duels", started)
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    step("vacuum analyze", started)

    sessions = sessions_for(players)
    from cards.models import Card
    from games.models import Duel, Seat
    from rulings.models import Entry

    active_by_player = {p: [] for p in players}
    for duel_id, user_id in Seat.objects.filter(duel_id__in=active_ids[: len(driven)]).values_list(
        "duel_id", "user_id"
    ):
        active_by_player[user_id].append(duel_id)
    manifest = {
        "players": [{"user": p, "session": sessions[p], "duels": active_by_player[p]} for p in players],
        "entries": list(Entry.objects.order_by("?").values_list("pk", flat=True)[:2000]),
        "cards": list(Card.objects.values_list("slug", flat=True)),
        "queries": QUERIES,
        "card_queries": CARD_QUERIES,
        "counts": {
            "entries": Entry.objects.count(),
            "users": len(users),
            "finished_duels": Duel.objects.filter(status="finished").count(),
            "active_duels": Duel.objects.filter(status="active").count(),
            "moves": active_moves + totals[0],
            "events": active_events + totals[1],
            "notifications": active_notes + totals[2],
        },
        "seconds": timings,
    }
    return manifest


def manifest_path() -> Path:
    from config import embedded

    return embedded.VAR_DIR / "loadtest.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the full volumes (1.0)")
    args = parser.parse_args()
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    os.environ["DATABASE_NAME"] = DB_NAME
    os.environ.setdefault("JT_MANIFEST_STATIC", "0")
    import django

    started = time.perf_counter()
    print(f"Seeding {DB_NAME} at scale {args.scale} (the development database is not touched)", flush=True)
    recreate_database()
    django.setup()
    manifest = seed(Volumes.scaled(args.scale))
    manifest["scale"] = args.scale
    manifest_path().write_text(json.dumps(manifest))
    print(f"Seeded in {time.perf_counter() - started:.0f} s: {manifest['counts']}", flush=True)


if __name__ == "__main__":
    main()
