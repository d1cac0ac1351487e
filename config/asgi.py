"""The ASGI application: the whole site, served by gunicorn with uvicorn's worker
(`config.launcher.web_command`, the Dockerfile, compose.yaml). Sync views run in threads as
under WSGI; the duel board's event stream is an async view, so an open board holds no thread.

Without DJANGO_SETTINGS_MODULE it takes the production settings, as config.wsgi does.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
# Under ASGI every request has its own context, so a kept connection would be one per request:
# database connections come from a pool per process instead (config.env.service_settings).
os.environ.setdefault("JT_DB_POOL", "1")

from django.core.asgi import get_asgi_application  # noqa: E402

application = get_asgi_application()
