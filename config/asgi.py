"""The web application: the whole site, served by gunicorn with uvicorn's worker
(`config.launcher.web_command`, the Dockerfile, compose.yaml). The board's event stream (an async
view) runs on the event loop through Django's ASGI handler, so an open board holds no thread;
every other request runs in Django's WSGI handler in a pool of threads (`config.serving`).

Without DJANGO_SETTINGS_MODULE it takes the production settings, as config.wsgi does.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
# Requests run in a pool of threads and the event stream's one read in another: database
# connections come from a pool per process (config.env.service_settings), handed back after
# each request, so an idle thread holds none.
os.environ.setdefault("JT_DB_POOL", "1")

from django.core.asgi import get_asgi_application  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

from config.collector import IdleCollector  # noqa: E402
from config.serving import Site, web_threads  # noqa: E402
from config.startup import freeze_loaded_objects  # noqa: E402

# Full garbage collections run between requests, not inside them (config.collector).
application = Site(
    get_asgi_application(), get_wsgi_application(), threads=web_threads(), collector=IdleCollector()
)
freeze_loaded_objects()
