"""Settings for the test suite and the Celery worker it starts: the same real services,
other Redis databases (so a running `make run` never takes test tasks), fast hashing."""

import os

os.environ.setdefault("JT_REDIS_DB_BASE", "2")
# A killed worker's unacknowledged task is taken over after this many seconds.
os.environ.setdefault("CELERY_VISIBILITY_TIMEOUT", "10")
os.environ.setdefault("CELERY_RESTORE_INTERVAL", "2")
os.environ.setdefault("CELERY_RESTORE_THROTTLE", "1")
os.environ.setdefault("JT_MANIFEST_STATIC", "0")

from config.env import service_settings  # noqa: E402
from config.settings.base import *  # noqa: E402,F403

globals().update(service_settings(allow_embedded=True))

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {  # noqa: F405
    "anon": os.environ.get("THROTTLE_ANON", "100000/min"),
    "user": os.environ.get("THROTTLE_USER", "100000/min"),
    "moves": os.environ.get("THROTTLE_MOVES", "100000/min"),
    "sandbox_share": os.environ.get("THROTTLE_SHARE", "100000/min"),
    "answer_reports": os.environ.get("THROTTLE_ANSWER_REPORTS", "100000/min"),
}

# Several test runs may share one PostgreSQL and Redis (a developer's runs beside CI's, or
# `make run` beside `make test`): each run gets its own test database and its own task queue.
# The env var is inherited by the worker processes the suite starts, so they consume that queue.
_run = os.environ.setdefault("JT_TEST_RUN", str(os.getpid()))
DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{_run}"}  # noqa: F405
CELERY_TASK_DEFAULT_QUEUE = f"tests-{_run}"
CACHES["default"]["KEY_PREFIX"] = f"tests-{_run}"  # noqa: F405 - throttle counts, sessions: per run

# Static files come from the source tree (the live server's finders), never from a copy that an
# earlier `make run` collected: a stale copy would test yesterday's JavaScript.
STATIC_ROOT = VAR_DIR / "test-staticfiles"  # noqa: F405 - never collected into
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# The servers the suite starts itself (gunicorn under ASGI) serve them from there too.
WHITENOISE_USE_FINDERS = True
