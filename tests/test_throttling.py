"""Issue #11, item 5: rate limits hold under parallel requests, for anonymous visitors too, and the
board's move form shares the API's move limit. Real Redis counts; real PostgreSQL; real threads."""

from __future__ import annotations

import random
import threading
import uuid

import pytest
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.hardening_support import db_snapshot


@pytest.fixture
def rates(settings):
    def set_rates(**rates):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
        }

    return set_rates


def fresh_address() -> str:
    """Each test counts from zero: counts live in Redis, which outlives a test's transaction."""
    return f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"


def in_parallel(threads: int, per_thread: int, make_request) -> list[int]:
    """`threads` threads each make `per_thread` requests at once; the status codes."""
    codes: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(threads)

    def run():
        from django.db import connection

        try:
            start.wait()
            for _ in range(per_thread):
                code = make_request()
                with lock:
                    codes.append(code)
        finally:
            connection.close()

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return codes


@pytest.mark.django_db(transaction=True)
def test_parallel_move_posts_pass_no_more_than_the_move_limit(rates, django_user_model):
    rates(moves="20/min")
    user = django_user_model.objects.create_user(f"racer-{uuid.uuid4().hex[:6]}", password="x")

    def post():
        client = Client()
        client.force_login(user)
        response = client.post(
            "/api/duels/999999/moves/",
            {"version": 0, "actions": [{"type": "pass"}]},
            content_type="application/json",
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        return response.status_code

    codes = in_parallel(16, 10, post)

    assert len(codes) == 160
    assert codes.count(429) == 140, "exactly the limit (20) got through, not one more"


@pytest.mark.django_db(transaction=True)
def test_parallel_signed_in_requests_pass_no_more_than_the_user_limit(rates, django_user_model):
    rates(user="25/min")
    user = django_user_model.objects.create_user(f"reader-{uuid.uuid4().hex[:6]}", password="x")
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value

    def get():
        other = Client()
        other.cookies["sessionid"] = session
        return other.get("/api/decks/").status_code

    codes = in_parallel(16, 5, get)

    assert codes.count(200) == 25 and codes.count(429) == 55


@pytest.mark.django_db(transaction=True)
def test_anonymous_requests_are_throttled_too(rates):
    rates(anon="30/min")
    address = fresh_address()
    codes = in_parallel(8, 10, lambda: Client(REMOTE_ADDR=address).get("/api/cards/").status_code)

    assert codes.count(200) == 30 and codes.count(429) == 50
    refused = Client(REMOTE_ADDR=address).get("/api/rulings/search/", {"q": "blow"})
    assert refused.status_code == 429
    assert "throttled" in refused.json()["detail"]
    assert 0 < int(refused["Retry-After"]) <= 60
    # Another address is not held back by this one.
    assert Client(REMOTE_ADDR=fresh_address()).get("/api/cards/").status_code == 200


@pytest.mark.django_db
def test_the_board_move_form_shares_the_api_move_limit(rates, client, django_user_model):
    rates(moves="6/min")
    user = django_user_model.objects.create_user(f"former-{uuid.uuid4().hex[:6]}", password="x")
    client.force_login(user)
    for _ in range(3):  # half the limit spent through the API
        client.post("/api/duels/999999/moves/", {}, content_type="application/json")
    answers = [client.post("/duels/999999/move/", {"version": 0, "action": "{}"}) for _ in range(3)]
    before = db_snapshot()
    refused = client.post("/duels/999999/move/", {"version": 0, "action": '{"type": "pass"}'})

    assert [a.status_code for a in answers] == [404, 404, 404]
    assert refused.status_code == 429
    assert refused.content.decode().startswith("Too many moves: try again in")
    assert 0 < int(refused["Retry-After"]) <= 60
    assert db_snapshot() == before


# --- Reads counted in leases (issue #16): fewer round trips, never more than the rate ------------


def _redis_count(scope: str, ident: str) -> int:
    from django.core.cache import cache

    key = cache.make_and_validate_key(f"throttle:{scope}:{ident}")
    return int(cache._cache.get_client(key).get(key) or 0)


def test_reads_ask_redis_once_per_lease(rates):
    from config import throttling

    rates(anon="100/min")
    ident = f"ip:{fresh_address()}"
    verdicts = [throttling.hit_leased("anon", ident) for _ in range(throttling.LEASE)]
    # Ten reads allowed, and Redis was asked once: it holds the one lease of ten.
    assert all(v.allowed for v in verdicts)
    assert _redis_count("anon", ident) == throttling.LEASE
    assert throttling.hit_leased("anon", ident).allowed
    assert _redis_count("anon", ident) == 2 * throttling.LEASE


@pytest.mark.django_db(transaction=True)
def test_move_posts_ask_redis_once_per_lease(rates, django_user_model):
    """A move's POST is on the path players wait on: its rate is counted in leases, as reads are
    (one round trip in ten); other writes are still counted one by one."""
    from config import throttling

    rates(moves="100/min")
    user = django_user_model.objects.create_user(f"mover-{uuid.uuid4().hex[:6]}", password="x")
    client = Client()
    client.force_login(user)
    for _ in range(throttling.LEASE):
        response = client.post(
            "/api/duels/999999/moves/", {"version": 0, "actions": [{"type": "pass"}]},
            content_type="application/json", headers={"Idempotency-Key": uuid.uuid4().hex},
        )  # fmt: skip
        assert response.status_code == 404  # counted, then refused for the missing duel
    assert _redis_count("moves", f"user:{user.pk}") == throttling.LEASE  # one lease, one round trip
    assert throttling.counter("sandbox_share", "POST") is throttling.hit  # other writes: one by one


@given(
    limit=st.integers(min_value=1, max_value=40),
    requests=st.lists(st.tuples(st.integers(0, 2), st.booleans()), min_size=1, max_size=120),
)
@hypothesis_settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_leased_reads_and_counted_writes_never_pass_more_than_the_rate(rates, limit, requests):
    """Random reads and writes of one client from three web processes (each with its own
    leases): never more allowed than the rate (a lease's unused reads only lower what is left);
    from one process, reads alone or writes alone, exactly the rate."""
    from config import throttling

    rates(anon=f"{limit}/min")
    ident = f"ip:{fresh_address()}-{uuid.uuid4().hex[:6]}"
    processes = [({}, {}) for _ in range(3)]
    allowed = 0
    saved = throttling._leases, throttling._lease_locks
    try:
        for process, is_read in requests:
            throttling._leases, throttling._lease_locks = processes[process]
            verdict = (throttling.hit_leased if is_read else throttling.hit)("anon", ident)
            allowed += verdict.allowed
    finally:
        throttling._leases, throttling._lease_locks = saved
    assert allowed <= limit
    if len(set(requests)) == 1:  # one process, reads only or writes only: exactly the rate
        assert allowed == min(limit, len(requests))
