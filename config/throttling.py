"""Rate limits counted atomically in Redis, for the API (DRF throttles) and for pages (the board's
move form).

DRF's own throttles keep a list of timestamps in the cache and write it back (read, modify,
write): parallel requests each read the same list, so 600 move posts from 16 threads let 207
through a limit of 120. Here each request is one MULTI/EXEC: start the window if there is none
(SET NX EX), INCR, read its TTL. The window starts with the first request of a client and lasts
the rate's period; past the limit the answer is 429 with Retry-After.

Reads (GET, HEAD, OPTIONS) and moves are counted in leases (issue #16): a web process reserves
LEASE requests of a client's budget in one INCRBY and serves them without asking Redis again, so
nine in ten cost no round trip. Reserved is counted, so a client never gets more than its rate (a
lease a process does not use up only lowers what is left, by at most LEASE - 1 per web process);
within one process leases are taken under a lock, so there the count is exact. Moves are the one
write leased: a move's POST is on the hot path players wait on, and its rate (120 a minute) is
far above anyone's pace, so a lease left unused near the limit costs nobody a move. Other writes
(accounts, challenges, shared positions: small rates, where a lease would be a large share) are
counted one by one.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from rest_framework.throttling import BaseThrottle

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LEASE = 10  # requests a web process reserves from a client's budget at once
LEASED_WRITES = frozenset({"moves"})  # the write scopes counted in leases (see above)


def parse_rate(rate: str) -> tuple[int, int]:
    """'120/min' → (120, 60)."""
    count, period = rate.split("/")
    return int(count), PERIODS[period.strip()[0]]


def rate_for(scope: str) -> str:
    # Read at each request (not at import) so settings overrides apply.
    return settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope]


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: int  # seconds until the window ends


def hit(scope: str, ident: str) -> Verdict:
    """Count one request of `ident` in `scope`, atomically; say whether it is within the rate."""
    limit, period = parse_rate(rate_for(scope))
    key = cache.make_and_validate_key(f"throttle:{scope}:{ident}")
    client = cache._cache.get_client(key, write=True)
    with client.pipeline(transaction=True) as pipe:
        pipe.set(key, 0, ex=period, nx=True)
        pipe.incr(key)
        pipe.ttl(key)
        _, count, ttl = pipe.execute()
    return Verdict(count <= limit, max(1, ttl if ttl and ttl > 0 else period))


@dataclass
class _Lease:
    remaining: int  # reads this process may still serve from it
    ends: float  # time.monotonic() when the Redis window it came from ends


_leases: dict[str, _Lease] = {}
_lease_locks: dict[str, threading.Lock] = {}
MAX_LEASES = 10_000  # past this, lapsed leases are forgotten


def _take_lease(scope: str, ident: str, limit: int, period: int) -> tuple[int, int]:
    """Reserve up to LEASE of `ident`'s budget in one round trip: (granted, seconds left)."""
    size = min(LEASE, limit)
    key = cache.make_and_validate_key(f"throttle:{scope}:{ident}")
    client = cache._cache.get_client(key, write=True)
    with client.pipeline(transaction=True) as pipe:
        pipe.set(key, 0, ex=period, nx=True)
        pipe.incrby(key, size)
        pipe.ttl(key)
        _, count, ttl = pipe.execute()
    already = count - size  # counted before this lease
    return max(0, min(size, limit - already)), max(1, ttl if ttl and ttl > 0 else period)


def hit_leased(scope: str, ident: str) -> Verdict:
    """Count one request of `ident` in `scope` from this process's lease, taking a new lease when
    it is spent or its window is over."""
    limit, period = parse_rate(rate_for(scope))
    name = f"{scope}:{ident}:{limit}/{period}"  # a changed rate starts afresh
    lock = _lease_locks.setdefault(name, threading.Lock())
    with lock:
        now = time.monotonic()
        lease = _leases.get(name)
        if lease is None or lease.remaining <= 0 or lease.ends <= now:
            granted, seconds_left = _take_lease(scope, ident, limit, period)
            if not granted:
                _leases.pop(name, None)
                return Verdict(False, seconds_left)
            if len(_leases) > MAX_LEASES:
                _forget_lapsed(now)
            lease = _leases[name] = _Lease(granted, now + seconds_left)
        lease.remaining -= 1
        return Verdict(True, max(1, math.ceil(lease.ends - now)))


def _forget_lapsed(now: float) -> None:
    for name, lease in list(_leases.items()):
        if lease.ends <= now:
            _leases.pop(name, None)
            _lease_locks.pop(name, None)


def counter(scope: str, method: str):
    """How a request is counted: in leases (a read, or a leased write), or one by one."""
    return hit_leased if method in SAFE_METHODS or scope in LEASED_WRITES else hit


def client_ident(request) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    from config.hardening import client_ip

    return f"ip:{client_ip(request)}"


class RedisThrottle(BaseThrottle):
    """A DRF throttle for `scope`, counted by `hit`."""

    scope = ""
    anonymous_only = False
    authenticated_only = False

    def allow_request(self, request, view):
        authenticated = bool(request.user and request.user.is_authenticated)
        if (self.anonymous_only and authenticated) or (self.authenticated_only and not authenticated):
            return True
        scope = getattr(view, "throttle_scope", None) if self.scope == "view" else self.scope
        self.verdict = counter(scope, request.method)(scope, client_ident(request))
        return self.verdict.allowed

    def wait(self):
        return self.verdict.retry_after


class AnonThrottle(RedisThrottle):
    scope = "anon"
    anonymous_only = True


class UserThrottle(RedisThrottle):
    scope = "user"
    authenticated_only = True


class ScopedThrottle(RedisThrottle):
    """The view's own `throttle_scope` (e.g. moves), for anyone."""

    scope = "view"


def too_many_requests(retry_after: int, what: str = "requests") -> HttpResponse:
    message = f"Too many {what}: try again in {retry_after} seconds."
    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(math.ceil(retry_after))
    return response


def throttle_view(scope: str, what: str):
    """The same limit for a page view (a form post) as for the API: 429 with Retry-After."""
    from functools import wraps

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            verdict = counter(scope, request.method)(scope, client_ident(request))
            if not verdict.allowed:
                return too_many_requests(verdict.retry_after, what)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
