"""The session engine (SESSION_ENGINE): Django's cached_db (read from Redis, written through to
PostgreSQL), whose cache read also brings the signed-in user's record of the session
(config/signed_in.py) in the same round trip: a signed-in request asks Redis once."""

from __future__ import annotations

from django.contrib.sessions.backends import cached_db

from config import signed_in


class SessionStore(cached_db.SessionStore):
    def load(self):
        record_key = signed_in.record_key(self.session_key)
        try:
            found = self._cache.get_many([self.cache_key, record_key])
        except Exception:  # noqa: BLE001 - as Django's own load: a key the cache refuses is no session
            found = {}
        self.signed_in_record = found.get(record_key)
        data = found.get(self.cache_key)
        return super().load() if data is None else data  # not cached: Django's own path
