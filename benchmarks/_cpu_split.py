"""Where the move-latency benchmark's CPU goes: per process kind, read from /proc (the web
server's processes, the Celery worker's, the PostgreSQL backends of the benchmark's database,
Redis, the benchmark's own client threads, and the whole machine), and per kind of web request,
from the totals the web processes write (`_cpu_by_request`)."""

from __future__ import annotations

import os
from pathlib import Path

from _cpu_by_request import read_totals

KINDS = ("web", "worker", "postgres", "redis", "client")

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """The user and system CPU a process (all its threads) has used so far; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def machine_busy_seconds() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, every job on it included."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values) - idle) / CLOCK_TICKS, sum(values) / CLOCK_TICKS


class CpuSplit:
    """Where the CPU of a stretch of the run goes, per process kind: the web server's processes,
    the Celery worker's, the PostgreSQL backends serving the benchmark's database, the Redis
    server, and this process (the players' client threads and their LISTEN connections)."""

    def __init__(self, web_pid: int, worker_pid: int, redis_pid: int, db_name: str, requests_dir: Path):
        self.web_pid, self.worker_pid, self.redis_pid = web_pid, worker_pid, redis_pid
        self.db_name, self.requests_dir = db_name, requests_dir

    def groups(self) -> dict[str, list[int]]:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.db_name])
            backends = [row[0] for row in cursor.fetchall()]
        return {
            "web": [self.web_pid, *children(self.web_pid)],
            "worker": [self.worker_pid, *children(self.worker_pid)],
            "postgres": backends,
            "redis": [self.redis_pid],
            "client": [os.getpid()],
        }

    def start(self) -> None:
        self.pids = self.groups()
        self.before = {pid: cpu_seconds(pid) for pids in self.pids.values() for pid in pids}
        self.machine_before = machine_busy_seconds()
        self.requests_before = read_totals(self.requests_dir)

    def stop(self) -> dict[str, float]:
        """CPU seconds per kind since start() (a backend that appeared since counts whole)."""
        after = self.groups()
        used = {}
        for kind in after:
            pids = set(after[kind]) | set(self.pids[kind])
            used[kind] = sum(max(0.0, cpu_seconds(pid) - self.before.get(pid, 0.0)) for pid in pids)
        busy, total = machine_busy_seconds()
        used["machine_busy"] = busy - self.machine_before[0]
        used["machine_total"] = total - self.machine_before[1]
        self.requests = {}
        for kind, (count, seconds) in read_totals(self.requests_dir).items():
            count_before, seconds_before = self.requests_before.get(kind, (0, 0.0))
            self.requests[kind] = (count - count_before, seconds - seconds_before)
        return used

    def ms_per_move(self, cpu: dict[str, float], moved: int) -> dict[str, float]:
        """CPU milliseconds per move of each process kind (from stop())."""
        return {kind: 1000 * cpu[kind] / max(moved, 1) for kind in KINDS}

    def ms_per_request(self) -> dict[str, float]:
        """CPU milliseconds inside Django's middleware chain per request, per kind of request."""
        return {kind: 1000 * seconds / count for kind, (count, seconds) in self.requests.items() if count}

    def report(self, cpu: dict[str, float], moved: int) -> str:
        """The split per move, as the benchmark prints it."""
        per_move = self.ms_per_move(cpu, moved)
        own = sum(per_move.values())
        lines = [
            "  CPU per move in that run, ms: "
            + ", ".join(f"{kind} {ms:.1f}" for kind, ms in per_move.items())
            + f" (sum {own:.1f}); the machine was {100 * cpu['machine_busy'] / cpu['machine_total']:.0f}% busy,"
            f" other jobs {1000 * cpu['machine_busy'] / max(moved, 1) - own:.1f} ms per move"
        ]
        in_django = 0.0
        for kind, (count, seconds) in sorted(self.requests.items(), key=lambda item: -item[1][1]):
            if count:
                in_django += seconds
                lines.append(
                    f"    {kind}: {count / max(moved, 1):.2f} per move, {1000 * seconds / count:.2f} ms CPU each"
                    " in Django's middleware chain"
                )
        lines.append(
            "    the web processes' CPU outside Django's middleware chain (event loop, HTTP, WSGI):"
            f" {1000 * (cpu['web'] - in_django) / max(moved, 1):.1f} ms per move"
        )
        return "\n".join(lines)
