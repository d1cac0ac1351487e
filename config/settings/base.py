"""Settings every environment shares, read from the environment (12-factor). Safe defaults:
DEBUG off, local hosts only.

Where PostgreSQL and Redis are is each environment's module's choice (config.env.service_settings):
local.py and test.py use DATABASE_URL / REDIS_URL or else the embedded servers under var/;
production.py requires both. Importing this module alone starts nothing.
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config import embedded
from config.env import env_bool, env_int, env_list

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = embedded.VAR_DIR

DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one random key kept under var/ for this install."""
    key = os.environ.get("SECRET_KEY")
    if key is not None:
        if len(key) < 32:
            raise ImproperlyConfigured("SECRET_KEY must be at least 32 characters long.")
        return key
    path = VAR_DIR / "secret_key"
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "django_htmx",
    "rulings",
    "cards",
    "games",
    "sandbox",
    "config.apps.SiteConfig",  # keeps the cached signed-in users current (config/signed_in.py)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "config.signed_in.CachedUserAuthenticationMiddleware",  # Django's, the user read from the cache
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.site",
                "games.context_processors.your_turn",
            ],
        },
    },
]

# --- Database and Redis: broker, results and cache --------------------------------------------
# DATABASES, REDIS_URL, CELERY_BROKER_URL, CELERY_RESULT_BACKEND and CACHES come from
# config.env.service_settings(), called by local.py, test.py and production.py.
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The search's statements and the pages' compiled queries run prepared (config.compiled); off for
# a pooler that cannot keep prepared statements (PgBouncer in transaction mode).
DB_PREPARED_STATEMENTS = env_bool("DB_PREPARED_STATEMENTS", True)

CELERY_TASK_ACKS_LATE = True  # a worker that dies mid-task leaves the message to be redelivered
# Celery closes the database connection around every task unless told to reuse it; a new
# PostgreSQL backend costs ~10 ms, more than a move takes to apply.
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 1000)
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Prefork processes per worker (make run, compose.yaml). The move path is CPU-bound on the 2-core
# machine it was measured on: 4 processes moved no more than 2 (benchmarks/move_latency.py).
CELERY_WORKER_CONCURRENCY = env_int("WORKER_CONCURRENCY", 2)
# kombu's Redis transport with one client per channel, not one per command (config/broker.py).
CELERY_BROKER_TRANSPORT = "config.broker:Transport"
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # How long an unacknowledged task waits before another worker takes it over.
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600),
    # How often a worker sweeps for such expired messages: every interval x throttle seconds.
    "unacked_restore_interval": env_int("CELERY_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": env_int("CELERY_RESTORE_THROTTLE", 10),
}
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "enforce-deadlines": {"task": "games.enforce_deadlines", "schedule": 60.0},
    "heartbeat": {"task": "games.heartbeat", "schedule": 60.0},
    "requeue-stuck-moves": {"task": "games.requeue_stuck_moves", "schedule": 30.0},
    "turn-digests": {"task": "games.send_turn_digests", "schedule": 3600.0},  # the first each day wins
}
# Crash tests only: hold resolve_move this many seconds after it locks the duel.
GAMES_RESOLVE_PAUSE_S = float(os.environ.get("JT_RESOLVE_PAUSE_S", "0") or 0)


# --- Auth, i18n, static -----------------------------------------------------------------------
# Sessions are read from the Redis cache (written through to PostgreSQL, so none is lost), with
# the signed-in user's record in the same round trip (config/sessions.py, config/signed_in.py).
SESSION_ENGINE = "config.sessions"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
# The site is written in English and has no translations. With translation on, every reverse()
# and every date or timesince filter looked up the active language in a thread-local (a fifth
# of a duel page's CPU went there, issue #16); dates keep the "en" formats either way.
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise indexes it at start-up
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG and env_bool("JT_MANIFEST_STATIC", True)
        else "django.contrib.staticfiles.storage.StaticFilesStorage",
    },
}

# --- Security (production defaults; local plain-HTTP use turns them off with DEBUG or env) ----
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- E-mail -----------------------------------------------------------------------------------
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")  # for links in e-mails
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "The Judge's Table <noreply@localhost>")
# With no mail server configured, mail is written to var/mail so nothing is silently dropped.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.filebased.EmailBackend",
)
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))

# --- API --------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.BasicAuthentication",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "games.refusals.api_exception_handler",  # a refused duel request -> its 4xx
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "120/min"),
        "user": os.environ.get("THROTTLE_USER", "600/min"),
        "moves": os.environ.get("THROTTLE_MOVES", "120/min"),
        "sandbox_share": os.environ.get("THROTTLE_SHARE", "30/hour"),
        "answer_reports": os.environ.get("THROTTLE_ANSWER_REPORTS", "30/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "The Judge's Table API",
    "DESCRIPTION": "Rulings, cards and correspondence duels for Highlander, MECCG and INWO.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Served from the sidecar package: the docs work with no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # one name per choice set, where fields of several names share it
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "rulings.models.Game",
        "EntryKindEnum": "rulings.models.Kind",
        "DuelStatusEnum": "games.models.Duel.Status",
        "MoveStatusEnum": "games.models.Move.Status",
        "DaysEnum": "games.models.Duel.DAYS_PER_MOVE_CHOICES",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# --- Hardening (issue #11): hostile input, sign-in protection, throttles, headers --------------
# Kept in one block so the settings can be split without untangling it.
# Refuse control characters and out-of-range path numbers before anything reads them.
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
                  "config.hardening.RefuseHostileInputMiddleware")  # fmt: skip
REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] = [
    "config.hardening.DepthLimitedJSONParser",
    "rest_framework.parsers.FormParser",
    "rest_framework.parsers.MultiPartParser",
]
# Sessions only: HTTP Basic let password guessing skip the login page, its lockout and CSRF.
REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"] = ["rest_framework.authentication.SessionAuthentication"]
# Sign-in protection (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one account, or
# from one address, sign-in is refused (429) for LOGIN_LOCKOUT_MINUTES; each further failure during
# the lockout starts it again. The login page and the admin's both go through it; the API has no
# other way in (sessions only).
INSTALLED_APPS.append("axes")
MIDDLEWARE.append("axes.middleware.AxesMiddleware")
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 30))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # each on its own: per account, per address
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "config.hardening.client_ip"
AXES_USERNAME_CALLABLE = "config.hardening.sign_in_username"
AXES_VERBOSE = False
# Rate limits counted atomically in Redis (config/throttling.py), anonymous visitors included.
REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] = [
    "config.throttling.AnonThrottle",
    "config.throttling.UserThrottle",
]
# Headers: a Content-Security-Policy (django-csp) that runs no script but our own files (htmx is
# told to need no eval, see templates/base.html); styles may be inline (style attributes, the API
# docs). The CSRF cookie is out of scripts' reach: htmx sends the token from the page instead.
INSTALLED_APPS.append("csp")
MIDDLEWARE.insert(MIDDLEWARE.index("config.hardening.RefuseHostileInputMiddleware") + 1,
                  "csp.middleware.CSPMiddleware")  # fmt: skip
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],  # the API docs (ReDoc) run a worker from a blob
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
SECURE_REFERRER_POLICY = "same-origin"
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"
CSRF_COOKIE_HTTPONLY = True

# Last, so innermost: under ASGI the whole chain runs in one thread per request (config/middleware.py).
MIDDLEWARE.append("config.middleware.SyncMiddlewareChain")
