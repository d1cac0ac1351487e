"""The Redis cache with one redis-py client per connection pool.

Django's RedisCache builds a new redis-py client for every command, and building one copies a
table of some two hundred response callbacks; sessions and rate limits make several commands per
request. Clients are thread-safe and Django keeps a cache object per thread, so one is reused.
"""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class _ReusingClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        if index not in self._clients:
            self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return self._clients[index]


class ReusingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _ReusingClient
