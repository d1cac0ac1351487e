# The site's one image: web (gunicorn), Celery worker and beat differ only in their command (see
# compose.yaml). Production settings: DATABASE_URL, REDIS_URL, SITE_URL and SECRET_KEY must be given at run
# time, or every process refuses to start naming the missing one.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=config.settings.production \
    JT_VAR_DIR=/app/var \
    PORT=8000

WORKDIR /app
RUN useradd --system --uid 10001 --home-dir /app jt

# Runtime dependencies only: tests, lint and load-test tools are in requirements-dev.txt.
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
# Static files are collected into the image. collectstatic connects to nothing, but production
# settings insist on their variables even here: build-time placeholders, never used.
RUN DATABASE_URL=postgres://build@build/build REDIS_URL=redis://build SITE_URL=http://build \
    SECRET_KEY="$(python -c 'import secrets; print(secrets.token_urlsafe(50))')" \
    python manage.py collectstatic --noinput \
 && chown -R jt /app/var

USER jt
EXPOSE 8000
# gunicorn binds 0.0.0.0:$PORT when PORT is set and no --bind is given. The same server as `make run`
# (config.launcher.web_command): uvicorn workers on the ASGI app, for the board's event stream.
CMD ["gunicorn", "config.asgi:application", "--worker-class=uvicorn_worker.UvicornWorker", "--workers=2", "--graceful-timeout=5", "--keep-alive=75", "--access-logfile=-"]
