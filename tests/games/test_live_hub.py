"""One Redis subscriber per web process for every open board (games/live.py's BoardHub).

Run in this process on a real Redis: the boards are the streams the view hands to the server,
opened and read here as the server would, so the Redis connections can be counted exactly.
"""

from __future__ import annotations

import asyncio

import pytest
import redis
from django.conf import settings

from games import live

pytestmark = pytest.mark.django_db(transaction=False)

READ_TIMEOUT_S = 10


def redis_client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def hub_connections(name: str) -> list[dict]:
    return [client for client in redis_client().client_list() if client.get("name") == name]


def subscribers(duel_id: int) -> int:
    return dict(redis_client().pubsub_numsub(live.channel(duel_id)))[live.channel(duel_id).encode()]


async def next_event(stream) -> str:
    """The next event of a stream, skipping comments (the opening retry line, heartbeats)."""
    while True:
        chunk = await asyncio.wait_for(anext(stream), READ_TIMEOUT_S)
        if chunk.startswith("event:"):
            return chunk


async def open_board(duel_id: int, user_id: int, version: int = 1):
    board = await live.BoardStream(duel_id, user_id).open()
    stream = board.events(since=version, version=version, over=False)
    assert (await anext(stream)).startswith("retry:")
    return board, stream


def in_a_fresh_loop(test):
    """Run an async test in its own event loop, as a web process runs its boards, and close the
    loop's hub afterwards so no connection outlives the test."""

    def run():
        async def body():
            try:
                await test()
            finally:
                await live.close_hub()

        asyncio.run(body())

    return run


DUELS = range(900_001, 900_006)


@in_a_fresh_loop
async def test_thirty_boards_of_one_process_share_one_redis_subscriber():
    boards = []
    for user_id in range(1, 31):  # thirty players, six on each of five duels
        boards.append(await open_board(DUELS[user_id % len(DUELS)], user_id))

    name = live.hub().name
    connections = await asyncio.to_thread(hub_connections, name)
    assert len([c for c in connections if "P" in c["flags"]]) == 1, connections
    assert len(connections) <= live.HUB_MAX_CONNECTIONS, connections
    for duel_id in DUELS:
        assert await asyncio.to_thread(subscribers, duel_id) == 1

    for _, stream in boards:
        await stream.aclose()
    for duel_id in DUELS:
        assert await asyncio.to_thread(subscribers, duel_id) == 0, "the last board closed unsubscribes"


@in_a_fresh_loop
async def test_two_boards_of_one_duel_both_hear_and_one_closing_leaves_the_other_subscribed():
    duel_id = DUELS[0]
    (_, first), (_, second) = await open_board(duel_id, 1), await open_board(duel_id, 2)

    # Published the moment the boards are open: subscribing is confirmed before open returns.
    live.publish_version(duel_id, 2)
    assert await next_event(first) == live.event(2)
    assert await next_event(second) == live.event(2)

    await first.aclose()
    assert await asyncio.to_thread(subscribers, duel_id) == 1
    live.publish_version(duel_id, 3, over=True)
    assert await next_event(second) == live.event(3, over=True)
    with pytest.raises(StopAsyncIteration):
        await anext(second)  # the duel is over: the stream ends, and with it the subscription
    assert await asyncio.to_thread(subscribers, duel_id) == 0


@in_a_fresh_loop
async def test_a_board_that_does_not_read_keeps_only_the_newest_version():
    duel_id = DUELS[1]
    (slow_board, slow), (_, reading) = await open_board(duel_id, 1), await open_board(duel_id, 2)

    for version in range(2, 2 + 3 * live.BOARD_QUEUE_SIZE):
        live.publish_version(duel_id, version)
        assert await next_event(reading) == live.event(version)

    newest = 1 + 3 * live.BOARD_QUEUE_SIZE
    assert slow_board.queue.qsize() <= live.BOARD_QUEUE_SIZE
    events = [await next_event(slow) for _ in range(slow_board.queue.qsize())]
    assert events[-1] == live.event(newest), "the slow board still learns the newest version"
    assert len(events) <= live.BOARD_QUEUE_SIZE
    await slow.aclose()
    await reading.aclose()


@in_a_fresh_loop
async def test_a_players_streams_stay_bounded_with_the_shared_subscriber():
    user_id = 7
    streams = [await open_board(DUELS[n % 2], user_id) for n in range(live.MAX_STREAMS_PER_USER)]
    with pytest.raises(live.TooManyStreams):
        await live.BoardStream(DUELS[0], user_id).open()

    await streams.pop()[1].aclose()  # one closed gives its place back
    streams.append(await open_board(DUELS[0], user_id))
    for _, stream in streams:
        await stream.aclose()
    assert await asyncio.to_thread(subscribers, DUELS[0]) == 0
