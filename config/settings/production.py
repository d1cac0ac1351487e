"""Settings for a deployment (the Dockerfile's, or any server's): external PostgreSQL and Redis
only, never the embedded ones. Refuses to start, with one line naming every missing or weak
variable, unless DATABASE_URL, REDIS_URL and a strong SECRET_KEY are set."""

import os

from django.core.exceptions import ImproperlyConfigured

from config.env import production_environment_problems, service_settings

_problems = production_environment_problems(os.environ)
if _problems:
    raise ImproperlyConfigured("production settings refuse to start: " + "; ".join(_problems) + ".")

from config.settings.base import *  # noqa: E402,F403

globals().update(service_settings(allow_embedded=False))
