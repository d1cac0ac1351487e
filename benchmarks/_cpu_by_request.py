"""CPU per kind of request, for the move-latency benchmark's web processes only (`_bench_settings`
puts this middleware outermost when BENCH_CPU_DIR is set): each process adds up the CPU its
request threads spend inside Django's middleware chain, per method and URL pattern, and writes
its totals to BENCH_CPU_DIR/<pid>.json at most twice a second, where the benchmark reads them
before and after its throughput run."""

import json
import os
import threading
import time
from pathlib import Path

_totals: dict[str, list[float]] = {}
_lock = threading.Lock()
_written = [0.0]


def _write(directory: Path) -> None:
    path = directory / f"{os.getpid()}.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(_totals))
    temporary.replace(path)


class CpuByRequest:
    def __init__(self, get_response):
        self.get_response = get_response
        self.directory = Path(os.environ["BENCH_CPU_DIR"])

    def __call__(self, request):
        started = time.thread_time()
        response = self.get_response(request)
        used = time.thread_time() - started
        match = request.resolver_match
        kind = f"{request.method} {match.route if match else request.path}"
        with _lock:
            total = _totals.setdefault(kind, [0, 0.0])
            total[0] += 1
            total[1] += used
            now = time.monotonic()
            if now - _written[0] > 0.5:
                _written[0] = now
                _write(self.directory)
        return response


def read_totals(directory: Path) -> dict[str, list[float]]:
    """Every process's totals added up: {kind: [requests, CPU seconds]}."""
    totals: dict[str, list[float]] = {}
    for path in directory.glob("*.json"):
        for kind, (count, seconds) in json.loads(path.read_text()).items():
            total = totals.setdefault(kind, [0, 0.0])
            total[0] += count
            total[1] += seconds
    return totals
