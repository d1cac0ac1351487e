"""Settings for `make run`, manage.py and a developer's own servers: DATABASE_URL / REDIS_URL
when set, else the embedded PostgreSQL and Redis under var/, started (or reused) right here."""

from config.env import service_settings
from config.settings.base import *  # noqa: F403

globals().update(service_settings(allow_embedded=True))
