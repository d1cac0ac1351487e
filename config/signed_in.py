"""Who is signed in, read from the Redis cache when that is as good as reading PostgreSQL
(issue #16: the lean request path).

Django reads the user's row from PostgreSQL on every signed-in request (`ModelBackend.get_user`)
and then checks the session's hash of the password against it. That read, its round trip and
the ORM compiling it were most of what a signed-in request cost beyond an anonymous one. Here a
user Django has verified is kept in the cache under its id, as

- every field but the password hash (the request's user gets it deferred: a view that needs it,
  the password change form, reads it then), so the cache holds no password hash;
- the session hash Django computed from it (an HMAC of the password hash with SECRET_KEY, what
  every valid session of the user carries);
- the user's *generation* when the row was read.

A request is signed in from the cache only when its session names the model backend, carries
exactly that hash, and the generation is still the user's current one; one MGET reads the record
and the generation. Anything else (no record, a stale one, another hash, another backend) goes
through Django's own `get_user`, which reads the row, refuses an inactive user, verifies the
hash (SECRET_KEY_FALLBACKS included) and flushes a session that fails; only a user it accepted
under the current SECRET_KEY is cached.

Each committed save or deletion of a user moves its generation on (`user_changed`, connected in
`config.apps`), so a changed password signs the user's other sessions out and a deactivated user
is refused at their next request, as with Django's own check. The generation is read before the
row, so a record read while a change was being committed is stale as soon as it is stored. A
change that bypasses the model (`QuerySet.update()`, SQL) is seen when the record expires,
after RECORD_SECONDS.
"""

from __future__ import annotations

import hashlib
from functools import partial

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, transaction
from django.utils.crypto import constant_time_compare
from django.utils.functional import SimpleLazyObject

CACHED_BACKEND = "django.contrib.auth.backends.ModelBackend"
RECORD_SECONDS = 60  # how long a change made around the model can go unseen
GENERATION_SECONDS = 7 * 86400  # outlives any record, so a record never meets a reset generation


def _secret_digest() -> str:
    # Records are per SECRET_KEY: after a key change sessions are checked by Django again.
    return hashlib.sha256(settings.SECRET_KEY.encode()).hexdigest()[:12]


def record_key(user_id) -> str:
    return f"signed-in:{_secret_digest()}:{user_id}"


def generation_key(user_id) -> str:
    return f"signed-in-generation:{user_id}"


def _cached_fields() -> tuple[str, ...]:
    return tuple(f.attname for f in get_user_model()._meta.concrete_fields if f.attname != "password")


def user_changed(sender, instance, using=DEFAULT_DB_ALIAS, **kwargs) -> None:
    """post_save / post_delete of the user model: once committed, the cached record is stale."""
    transaction.on_commit(partial(next_generation, instance.pk), using=using)


def next_generation(user_id) -> None:
    key = cache.make_and_validate_key(generation_key(user_id))
    client = cache._cache.get_client(key, write=True)
    with client.pipeline(transaction=True) as pipe:
        pipe.incr(key)
        pipe.expire(key, GENERATION_SECONDS)
        pipe.execute()


def _from_record(user_id, record, generation, session_hash):
    """The user the record holds when it vouches for this session, else None."""
    if not isinstance(record, tuple) or len(record) != 4:
        return None
    fields, values, record_hash, record_generation = record
    if record_generation != generation or fields != _cached_fields():
        return None
    if not constant_time_compare(session_hash, record_hash):
        return None
    user = get_user_model().from_db(DEFAULT_DB_ALIAS, fields, values)
    return user if user.pk == user_id and user.is_active else None


def _record(user, generation) -> tuple:
    fields = _cached_fields()
    return fields, tuple(getattr(user, name) for name in fields), user.get_session_auth_hash(), generation


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
    found = cache.get_many([record_key(user_id), generation_key(user_id)])
    generation = found.get(generation_key(user_id))
    user = _from_record(user_id, found.get(record_key(user_id)), generation, session_hash)
    if user is not None:
        return user
    user = auth.get_user(request)
    if (
        user.is_authenticated
        and user.pk == user_id
        and constant_time_compare(request.session.get(HASH_SESSION_KEY) or "", user.get_session_auth_hash())
    ):
        cache.set(record_key(user_id), _record(user, generation), RECORD_SECONDS)
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
