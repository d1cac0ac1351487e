"""Live board updates (issue #15): pushed, not polled.

When a duel changes (a move applied or refused, a bot's answer, a resignation, a timeout, an
accepted challenge), `publish_version` says "version N is ready" on the duel's Redis channel,
once, after the commit. Each open board listens through an event stream (Server-Sent Events,
`BoardStream`) and fetches its own view as it does on load: the stream carries the version
number and nothing else, so it can reveal nothing a seat may not see.

An open stream costs no thread (it waits on the event loop), no database connection (its one
read is done before it starts) and no Redis connection of its own: every board of a web process
listens through that process's one `BoardHub` (one pub/sub connection per event loop), which
subscribes a duel's channel when its first board opens, unsubscribes it when its last board
closes, and hands each message to every board of that duel through a small queue. A board too
slow to keep up is not given a longer queue: it keeps only the newest version, which is all a
board needs to fetch its view again. A stream sends a comment every HEARTBEAT_S so that
proxies keep it open, and ends when the client goes away. A player has at most
MAX_STREAMS_PER_USER open at once, counted in Redis across every web process.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
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
# Versions a board may have waiting before it keeps only the newest (a client not reading).
BOARD_QUEUE_SIZE = 8
# Redis connections of one hub: its subscriber plus a few for the claims' commands.
HUB_MAX_CONNECTIONS = 4
SUBSCRIBE_TIMEOUT_S = 10


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


def _parse(data: bytes) -> tuple[int, bool] | None:
    number, _, flag = data.decode(errors="replace").partition(" ")
    if not (number.isascii() and number.isdigit()):
        return None  # not one of ours: nothing a board could use
    return int(number), flag == OVER


class TooManyStreams(Exception):
    pass


class _Subscription:
    """One duel's channel in a hub: the boards following it, and whether Redis has confirmed
    the subscription (until then a message published could still be missed)."""

    def __init__(self) -> None:
        self.boards: set[BoardStream] = set()
        self.confirmed = asyncio.Event()


_hub_names = itertools.count(1)


class BoardHub:
    """The one Redis pub/sub connection of an event loop, shared by all its open boards."""

    def __init__(self) -> None:
        # Named, so that CLIENT LIST shows whose connections these are.
        self.name = f"{_prefix()}:boards:{os.getpid()}:{next(_hub_names)}"
        self.loop = asyncio.get_running_loop()
        pool = aioredis.BlockingConnectionPool.from_url(
            settings.REDIS_URL,
            max_connections=HUB_MAX_CONNECTIONS,
            timeout=SUBSCRIBE_TIMEOUT_S,
            client_name=self.name,
        )
        self.client = aioredis.Redis(connection_pool=pool)
        self.pubsub = self.client.pubsub()
        self.subscriptions: dict[str, _Subscription] = {}
        # SUBSCRIBEs sent and not yet confirmed, per channel: Redis answers in order, so a
        # subscription is confirmed when its channel has none outstanding (an earlier board's
        # confirmation, late, must not count for a later one).
        self.unconfirmed: dict[str, int] = {}
        self.lock = asyncio.Lock()  # (un)subscribing, in the order Redis confirms it
        self.reader: asyncio.Task | None = None
        self.broken = False

    async def join(self, board: BoardStream) -> None:
        """Add a board to its duel's channel; returns once Redis has confirmed the subscription,
        so that whatever is published from then on reaches the board."""
        name = channel(board.duel_id)
        async with self.lock:
            subscription = self.subscriptions.get(name)
            if subscription is None:
                subscription = self.subscriptions[name] = _Subscription()
                try:
                    self.unconfirmed[name] = self.unconfirmed.get(name, 0) + 1
                    await self.pubsub.subscribe(name)
                    if self.reader is None:
                        self.reader = self.loop.create_task(self._read())
                    await asyncio.wait_for(subscription.confirmed.wait(), SUBSCRIBE_TIMEOUT_S)
                    if self.broken:
                        raise redis.ConnectionError("Redis went away while subscribing.")
                except BaseException as exc:
                    self.subscriptions.pop(name, None)
                    if isinstance(exc, redis.RedisError | OSError):
                        self._break()
                    if not self.broken:
                        with contextlib.suppress(Exception):
                            await self.pubsub.unsubscribe(name)
                    raise
            subscription.boards.add(board)

    async def leave(self, board: BoardStream) -> None:
        name = channel(board.duel_id)
        async with self.lock:
            subscription = self.subscriptions.get(name)
            if subscription is None or board not in subscription.boards:
                return
            subscription.boards.discard(board)
            if subscription.boards:
                return
            del self.subscriptions[name]
            if not self.broken:
                try:
                    await self.pubsub.unsubscribe(name)
                except redis.RedisError:
                    self._break()

    async def _read(self) -> None:
        """Hand each message to the boards of its channel, for as long as the loop runs."""
        try:
            while True:
                message = await self.pubsub.get_message(timeout=None)
                if message is None:
                    continue
                name = message["channel"].decode()
                if message["type"] == "subscribe":
                    left = self.unconfirmed.pop(name, 1) - 1
                    if left:
                        self.unconfirmed[name] = left
                    elif name in self.subscriptions:
                        self.subscriptions[name].confirmed.set()
                    continue
                subscription = self.subscriptions.get(name)
                if subscription is None:
                    continue  # an unsubscribed channel's last words
                if message["type"] == "message" and (parsed := _parse(message["data"])):
                    for board in list(subscription.boards):
                        board.deliver(parsed)
        except Exception as exc:  # noqa: BLE001 - whatever stops the reader, the boards must hear
            logger.warning("The boards' Redis subscriber stopped: %r", exc)
            self._break()
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()

    def _break(self) -> None:
        """Redis went away: every board's stream ends (its EventSource reconnects and catches up
        through Last-Event-ID), and the next board opens a new hub."""
        self.broken = True
        for subscription in self.subscriptions.values():
            subscription.confirmed.set()  # a board still joining gives up at once
            for board in subscription.boards:
                board.deliver(None)
        if _hubs.get(self.loop) is self:
            del _hubs[self.loop]

    async def aclose(self) -> None:
        self._break()
        if self.reader is not None:
            self.reader.cancel()
            await asyncio.gather(self.reader, return_exceptions=True)
        await self.pubsub.aclose()
        await self.client.aclose(close_connection_pool=True)


_hubs: dict[asyncio.AbstractEventLoop, BoardHub] = {}


def hub() -> BoardHub:
    """The running event loop's hub (a web process has one loop, so one hub)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        for closed in [other for other in _hubs if other.is_closed()]:
            del _hubs[closed]
        found = _hubs[loop] = BoardHub()
    return found


async def close_hub() -> None:
    """Close the running loop's hub, if any (its boards' streams end)."""
    found = _hubs.pop(asyncio.get_running_loop(), None)
    if found is not None:
        await found.aclose()


class BoardStream:
    """One open board's subscription: claimed and joined to its process's hub by `open`,
    released by `close` (which the event iterator runs when it ends, the client going away
    included)."""

    def __init__(self, duel_id: int, user_id: int):
        self.duel_id = duel_id
        self.user_id = user_id
        self.claim = uuid.uuid4().hex
        self.hub: BoardHub | None = None
        self.joined = False
        self.queue: asyncio.Queue[tuple[int, bool] | None] = asyncio.Queue(maxsize=BOARD_QUEUE_SIZE)

    async def open(self) -> BoardStream:
        """Claim one of the user's streams, then subscribe. Subscribing comes before the caller
        reads the duel's version, so no change falls between that read and the first message."""
        self.hub = hub()
        try:
            key, now = _claims_key(self.user_id), time.time()
            async with self.hub.client.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(key, "-inf", now - STREAM_CLAIM_TTL_S)
                pipe.zadd(key, {self.claim: now})
                pipe.zcard(key)
                pipe.expire(key, STREAM_CLAIM_TTL_S)
                _, _, count, _ = await pipe.execute()
            if count > MAX_STREAMS_PER_USER:
                raise TooManyStreams
            await self.hub.join(self)
            self.joined = True
        except BaseException:
            await self.close()
            raise
        return self

    def deliver(self, item: tuple[int, bool] | None) -> None:
        """Queue a (version, over) for the board, or None to end its stream. A full queue (a
        client not reading) keeps only the newest, so a slow board costs no more memory and,
        when it reads again, fetches the duel's latest view at once."""
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            waiting = [self.queue.get_nowait() for _ in range(self.queue.qsize())]
            if item is None or None in waiting:
                self.queue.put_nowait(None)
            else:
                self.queue.put_nowait(max([*waiting, item]))

    async def _renew_claim(self) -> None:
        key = _claims_key(self.user_id)
        async with self.hub.client.pipeline(transaction=True) as pipe:
            pipe.zadd(key, {self.claim: time.time()})
            pipe.expire(key, STREAM_CLAIM_TTL_S)
            await pipe.execute()

    async def close(self) -> None:
        if self.hub is None:
            return
        found, self.hub = self.hub, None
        try:
            if self.joined:
                await found.leave(self)
            await found.client.zrem(_claims_key(self.user_id), self.claim)
        except redis.RedisError:
            pass  # the claim lapses by itself

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
                try:
                    item = await asyncio.wait_for(self.queue.get(), HEARTBEAT_S)
                except TimeoutError:
                    await self._renew_claim()
                    yield ": heartbeat\n\n"
                    continue
                if item is None:
                    return  # the hub lost Redis: the EventSource reconnects and catches up
                number, finished = item
                yield event(number, over=finished)
                if finished:
                    return
        finally:
            await self.close()
