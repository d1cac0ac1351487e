"""The bare move path's throughput runs (move_latency.py's ceilings and floor): bare moves
(`_bare_move.py`) on duels of their own, one at a time per duel, over HTTP or stored and queued
straight from the benchmark, with as many duels in flight as the site's own run."""

from __future__ import annotations

import threading
import time
import uuid

from _move_players import Http, ResolvedMoves, new_duel


class BareDuel:
    """A duel of its own for the bare move path, which bumps its version by one per move."""

    def __init__(self, players):
        from games.models import Duel

        self.duel_id, self.names = new_duel(players)
        self.version = Duel.objects.get(pk=self.duel_id).version


def keep_moving_bare(
    base, players, timings, stop, ready: threading.Barrier, *, over_http: bool, reads_per_move: float = 0.0
) -> None:
    """Bare moves on a duel of its own, one at a time, until told to stop: over HTTP as a player
    posts them, or stored and queued right here (the worker's and the services' ceiling). The
    player signs in before the clock starts (`ready`), as in the site's own run. With
    `reads_per_move`, each applied move is followed by that many signed-in one-row reads on
    average (the floor of a read), as the site's players read their board between moves."""
    from _bare_move import store_bare_move
    from django.db import connection, transaction

    bare = BareDuel(players)
    resolved = ResolvedMoves()
    client = Http(base, bare.names[0]) if over_http else None
    owed = 0.0  # reads owed, carried from move to move
    ready.wait(120)
    try:
        while not stop.is_set():
            started = time.perf_counter()
            if client is not None:
                status, move = client.request(
                    "POST", f"/bench/bare-move/{bare.duel_id}/", {"version": bare.version, "actions": []},
                    {"Idempotency-Key": uuid.uuid4().hex},
                )  # fmt: skip
                if status != 202:
                    raise SystemExit(f"bare move refused: {status} {move}")
                move_id = move["id"]
            else:
                with transaction.atomic():
                    move_id = store_bare_move(bare.duel_id, players[0].pk, bare.version, [], uuid.uuid4().hex)
            resolved.wait_for(move_id)
            owed += reads_per_move
            while owed >= 1:
                status, _ = client.request("GET", f"/bench/one-row/{move_id}/")
                if status != 200:
                    raise SystemExit(f"the one-row read answered {status}")
                owed -= 1
            timings.append(time.perf_counter() - started)
            bare.version += 1
    finally:
        resolved.connection.close()
        if client is not None:
            client.connection.close()
        connection.close()


def run_for(seconds: float, target, pairs, **kwargs) -> tuple[int, float]:
    """Run `target` on each pair of players in its own thread for `seconds`: (moves, elapsed)."""
    samples: list = []
    stop = threading.Event()
    ready = threading.Barrier(len(pairs) + 1)
    threads = [
        threading.Thread(target=target, args=(pair, samples, stop, ready), kwargs=kwargs) for pair in pairs
    ]
    for thread in threads:
        thread.start()
    ready.wait(120)
    started = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(60)
    return len(samples), time.perf_counter() - started
