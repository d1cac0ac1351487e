"""Who is signed in, read from the Redis cache in the same round trip as the session (issue #16:
the lean request path).

Django reads the user's row from PostgreSQL on every signed-in request (`ModelBackend.get_user`)
and then checks the session's hash of the password against it. That read, its round trip and the
ORM compiling it were most of what a signed-in request cost beyond an anonymous one. Here the
user Django verified for a session is kept in the cache under the session's key, so the session
store (`config.sessions`) reads it with the session in one MGET. The record holds

- every field of the user but the password hash (the request's user gets it deferred: a view that
  needs it, the password change form, reads it then), so the cache holds no password hash;
- the session hash Django checked (an HMAC of the password hash with SECRET_KEY).

A request is signed in from the record only when its session names the model backend and carries
the record's user and exactly the record's hash. Anything else (no record, another hash, another
backend) goes through Django's own `get_user`, which reads the row, refuses an inactive user,
verifies the hash (SECRET_KEY_FALLBACKS included) and flushes a session that fails; a user it
accepted under the current SECRET_KEY is recorded for the session.

When a change to a user commits (`user_changed`, connected in `config.apps`: any save or
deletion), every record of the user's sessions is dropped, so a changed password signs the other
sessions out and a deactivated user is refused at their next request, as with Django's check.
Records are listed per user for that, and a record is stored only if the user's *generation*
(moved on by each change, watched from before the row is read) did not move meanwhile: a row read
while a change was being committed is never stored. A change that bypasses the model
(`QuerySet.update()`, SQL) is seen when the record expires, after RECORD_SECONDS.
"""

from __future__ import annotations

import hashlib
from contextlib import suppress
from functools import partial

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, transaction
from django.utils.crypto import constant_time_compare
from django.utils.functional import SimpleLazyObject
from redis.exceptions import WatchError

CACHED_BACKEND = "django.contrib.auth.backends.ModelBackend"
RECORD_SECONDS = 60  # how long a change made around the model can go unseen
SESSIONS_SECONDS = 2 * RECORD_SECONDS  # a user's list of records outlives each record in it
GENERATION_SECONDS = 86400
NOT_READ = object()


def _cache():
    # The session's cache: config.sessions reads a record with the session, in one MGET.
    return caches[settings.SESSION_CACHE_ALIAS]


def _secret_digest() -> str:
    # Records are per SECRET_KEY: after a key change sessions are checked by Django again.
    return hashlib.sha256(settings.SECRET_KEY.encode()).hexdigest()[:12]


def record_key(session_key: str) -> str:
    return f"signed-in:{_secret_digest()}:{session_key}"


def _sessions_key(user_id) -> str:
    return f"signed-in-sessions:{user_id}"


def _generation_key(user_id) -> str:
    return f"signed-in-generation:{user_id}"


def _redis(key: str):
    """The Redis key the cache gives `key` (its prefix and version) and a client for it."""
    cache = _cache()
    made = cache.make_and_validate_key(key)
    return made, cache._cache.get_client(made, write=True)


def _cached_fields() -> tuple[str, ...]:
    return tuple(f.attname for f in get_user_model()._meta.concrete_fields if f.attname != "password")


def user_changed(sender, instance, using=DEFAULT_DB_ALIAS, **kwargs) -> None:
    """post_save / post_delete of the user model: once committed, forget the user's records."""
    transaction.on_commit(partial(forget_user, instance.pk), using=using)


def forget_user(user_id) -> None:
    """Drop every record of the user's sessions. The generation moves in the same transaction as
    the list is read: a record stored before is on the list, one being stored after fails."""
    generation, client = _redis(_generation_key(user_id))
    sessions, _ = _redis(_sessions_key(user_id))
    with client.pipeline(transaction=True) as pipe:
        pipe.incr(generation)
        pipe.expire(generation, GENERATION_SECONDS)
        pipe.smembers(sessions)
        pipe.delete(sessions)
        records = pipe.execute()[2]
    if records:
        client.delete(*records)


def _from_record(user_id, record, session_hash):
    """The user the record holds when it vouches for this session, else None."""
    if not isinstance(record, tuple) or len(record) != 3:
        return None
    fields, values, record_hash = record
    if fields != _cached_fields() or not constant_time_compare(session_hash, record_hash):
        return None
    user = get_user_model().from_db(DEFAULT_DB_ALIAS, fields, values)
    return user if user.pk == user_id and user.is_active else None


def _verified_by_django(request, user_id):
    """Django's own get_user, and whether its answer may be recorded for the session."""
    user = auth.get_user(request)
    recordable = (
        user.is_authenticated
        and user.pk == user_id
        and constant_time_compare(request.session.get(HASH_SESSION_KEY) or "", user.get_session_auth_hash())
    )
    return user, recordable


def signed_in_user(request):
    """The request's user, as `django.contrib.auth.get_user` would answer."""
    session = request.session
    try:
        user_id = get_user_model()._meta.pk.to_python(session[SESSION_KEY])
        backend = session[BACKEND_SESSION_KEY]
    except KeyError:
        return AnonymousUser()
    session_hash = session.get(HASH_SESSION_KEY)
    if backend != CACHED_BACKEND or backend not in settings.AUTHENTICATION_BACKENDS or not session_hash:
        return auth.get_user(request)
    record = getattr(session, "signed_in_record", NOT_READ)  # read with the session (config.sessions)
    if record is NOT_READ:
        record = _cache().get(record_key(session.session_key))
    user = _from_record(user_id, record, session_hash)
    if user is not None:
        return user
    generation, client = _redis(_generation_key(user_id))
    with client.pipeline(transaction=True) as pipe:
        pipe.watch(generation)  # from before the row is read
        user, recordable = _verified_by_django(request, user_id)
        if recordable:
            fields = _cached_fields()
            record = (fields, tuple(getattr(user, name) for name in fields), user.get_session_auth_hash())
            key, _ = _redis(record_key(session.session_key))  # the key Django's check may have cycled
            sessions, _ = _redis(_sessions_key(user_id))
            pipe.multi()
            pipe.set(key, _cache()._cache._serializer.dumps(record), ex=RECORD_SECONDS)
            pipe.sadd(sessions, key)
            pipe.expire(sessions, SESSIONS_SECONDS)
            with suppress(WatchError):  # the user changed since the row was read: not recorded
                pipe.execute()
    return user


def get_user(request):
    if not hasattr(request, "_cached_user"):
        request._cached_user = signed_in_user(request)
    return request._cached_user


async def auser(request):
    if not hasattr(request, "_acached_user"):
        request._acached_user = await sync_to_async(signed_in_user)(request)
    return request._acached_user


class CachedUserAuthenticationMiddleware(AuthenticationMiddleware):
    """Django's AuthenticationMiddleware, with the user read as `signed_in_user` reads it."""

    def process_request(self, request):
        super().process_request(request)  # its checks
        request.user = SimpleLazyObject(lambda: get_user(request))
        request.auser = partial(auser, request)
