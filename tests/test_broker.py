"""The broker transport (config/broker.py): kombu's Redis transport, one redis-py client per
channel instead of one per command, with messages going where kombu's own would put them."""

from __future__ import annotations

import uuid

from kombu import Queue

from config.broker import Channel, Transport
from config.celery import app


def test_the_celery_app_uses_the_transport_and_a_channel_reuses_its_client():
    with app.connection_for_write() as connection:
        assert connection.transport_cls == "config.broker:Transport"
        assert isinstance(connection.transport, Transport)
        channel = connection.default_channel
        assert isinstance(channel, Channel)
        first = channel._create_client()
        assert channel._create_client() is first
        assert first.connection_pool is channel.pool
        # The consumer's asynchronous client stays kombu's own.
        assert channel._create_client(asynchronous=True) is not first


def test_a_channel_whose_pool_was_replaced_gets_a_client_of_the_new_pool():
    with app.connection_for_write() as connection:
        channel = connection.default_channel
        old = channel._create_client()
        channel._pool = None  # as kombu does when it closes the pool
        new = channel._create_client()
        assert new is not old and new.connection_pool is channel.pool


def test_messages_published_through_it_are_consumed_in_order():
    name = f"broker-test-{uuid.uuid4().hex}"
    with app.connection_for_write() as connection:
        queue = Queue(name, channel=connection.default_channel)
        queue.declare()
        try:
            producer = connection.Producer()
            for number in range(5):
                producer.publish({"n": number}, routing_key=name, declare=[queue])
            received = []
            for _ in range(5):
                message = queue.get(no_ack=True)
                received.append(message.payload["n"])
            assert received == [0, 1, 2, 3, 4]
            assert queue.get(no_ack=True) is None
        finally:
            queue.delete()
