"""Settings for `make run` and manage.py on a developer's machine."""

from config.settings.base import *  # noqa: F403
