"""The WSGI application. Without DJANGO_SETTINGS_MODULE it takes the production settings (as
cookiecutter-django does): a server started bare must not quietly start embedded databases.
`make run` sets config.settings.local for the servers it starts."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
application = get_wsgi_application()
