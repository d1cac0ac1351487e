"""The Celery broker's transport: kombu's Redis transport with one redis-py client per channel.

kombu's Redis channel builds a new redis-py client for every command it sends outside its
consumer loop (each task published, each acknowledgement and unacked-message bookkeeping of
acks_late), and building one copies a table of some two hundred response callbacks: ~0.3 ms of
CPU per message on the move path, paid in the web process for each move and in the worker for
each task. A client is only a handle on the channel's connection pool (thread-safe, as redis-py
clients are), so the channel keeps one per pool. Selected by CELERY_BROKER_TRANSPORT.
"""

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _sync_client = None

    def _create_client(self, asynchronous=False):
        if asynchronous:
            return super()._create_client(asynchronous=True)
        client = self._sync_client
        if client is None or client.connection_pool is not self.pool:
            client = self._sync_client = super()._create_client()
        return client


class Transport(kombu_redis.Transport):
    Channel = Channel
