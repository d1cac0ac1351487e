"""Live board updates (issue #15): pushed, not polled.

When a duel changes (a move applied or refused, a bot's answer, a resignation, a timeout, an
accepted challenge), `publish_version` says "version N is ready" on the duel's Redis channel,
once, after the commit. Each open board listens through an event stream (Server-Sent Events,
`BoardStream`) and fetches its own view as it does on load: the stream carries the version
number and nothing else, so it can reveal nothing a seat may not see.

An open stream costs no thread (it waits on the event loop) and no database connection (its one
read is done before it starts); it sends a comment every HEARTBEAT_S so that proxies keep it
open, and ends when the client goes away. A player has at most MAX_STREAMS_PER_USER open at
once, counted in Redis across every web process.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import AsyncIterator
from functools import cache

import redis
import redis.asyncio as aioredis
from django.conf import settings

logger = logging.getLogger(__name__)

HEARTBEAT_S = 15
MAX_STREAMS_PER_USER = 10
# A stream's claim on its user's count lapses after this long without a heartbeat (a web process
# killed outright cannot release it).
STREAM_CLAIM_TTL_S = 3 * HEARTBEAT_S
OVER = "over"


def _prefix() -> str:
    # Pub/sub channels are shared by every logical database of a Redis server: the cache's key
    # prefix keeps test runs (and sites) sharing one server apart.
    return settings.CACHES["default"].get("KEY_PREFIX", "") or "jt"


def channel(duel_id: int) -> str:
    return f"{_prefix()}:duel:{duel_id}:version"


def _claims_key(user_id: int) -> str:
    return f"{_prefix()}:event-streams:user:{user_id}"


@cache
def _publisher() -> redis.Redis:
    # One client per process; redis-py's pool reconnects after a fork (the Celery worker's).
    return redis.Redis.from_url(settings.REDIS_URL)


def publish_version(duel_id: int, version: int, *, over: bool = False) -> None:
    """Tell the duel's open boards that `version` is ready (and whether the duel is over).
    Called once a change is committed. A board that misses it (Redis away) catches up when its
    stream reconnects, so a failure here is logged, never raised into the move."""
    message = f"{version} {OVER}" if over else str(version)
    try:
        _publisher().publish(channel(duel_id), message)
    except redis.RedisError as exc:
        logger.warning("Could not announce duel %s version %s: %s", duel_id, version, exc)


def event(version: int, *, over: bool = False) -> str:
    """One SSE event. The id lets a reconnecting EventSource say what it had (Last-Event-ID)."""
    kind = OVER if over else "version"
    return f"event: {kind}\nid: {version}\ndata: {version}\n\n"


class TooManyStreams(Exception):
    pass


class BoardStream:
    """One open board's subscription: claimed and subscribed by `open`, released by `close`
    (which the event iterator runs when it ends, the client going away included)."""

    def __init__(self, duel_id: int, user_id: int):
        self.duel_id = duel_id
        self.user_id = user_id
        self.claim = uuid.uuid4().hex
        self.client: aioredis.Redis | None = None
        self.pubsub = None

    async def open(self) -> BoardStream:
        """Claim one of the user's streams, then subscribe. Subscribing comes before the caller
        reads the duel's version, so no change falls between that read and the first message."""
        self.client = aioredis.Redis.from_url(settings.REDIS_URL)
        try:
            key, now = _claims_key(self.user_id), time.time()
            async with self.client.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(key, "-inf", now - STREAM_CLAIM_TTL_S)
                pipe.zadd(key, {self.claim: now})
                pipe.zcard(key)
                pipe.expire(key, STREAM_CLAIM_TTL_S)
                _, _, count, _ = await pipe.execute()
            if count > MAX_STREAMS_PER_USER:
                raise TooManyStreams
            self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            await self.pubsub.subscribe(channel(self.duel_id))
        except BaseException:
            await self.close()
            raise
        return self

    async def _renew_claim(self) -> None:
        key = _claims_key(self.user_id)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.zadd(key, {self.claim: time.time()})
            pipe.expire(key, STREAM_CLAIM_TTL_S)
            await pipe.execute()

    async def close(self) -> None:
        if self.client is None:
            return
        client, self.client = self.client, None
        try:
            if self.pubsub is not None:
                await self.pubsub.aclose()
            await client.zrem(_claims_key(self.user_id), self.claim)
        except redis.RedisError:
            pass  # the claim lapses by itself
        finally:
            await client.aclose()

    async def events(self, since: int, version: int, over: bool) -> AsyncIterator[str]:
        """The stream: what the board lacks at once (`version` is the duel's, read after
        subscribing), then each announcement, with a heartbeat comment while nothing happens."""
        try:
            yield f"retry: 2000\n: duel {self.duel_id}\n\n"
            if over:
                yield event(version, over=True)
                return
            if version > since:
                yield event(version)
            while True:
                message = await self.pubsub.get_message(timeout=HEARTBEAT_S)
                if message is None:
                    await self._renew_claim()
                    yield ": heartbeat\n\n"
                    continue
                number, _, flag = message["data"].decode().partition(" ")
                yield event(int(number), over=flag == OVER)
                if flag == OVER:
                    return
        finally:
            await self.close()
