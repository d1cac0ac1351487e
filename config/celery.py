"""The Celery app: Redis broker, tasks discovered in the Django apps."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_process_init

from config.collector import IdleCollector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("judges_table")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
def _usable_database_connection(**kwargs):
    """Keep the worker's connection between tasks (CELERY_DB_REUSE_MAX), but drop one that failed
    in the last task (a restarted PostgreSQL) or outlived CONN_MAX_AGE, as Django does before each
    request. It is not pinged first (CONN_HEALTH_CHECKS off): the task that meets a connection cut
    since is retried (games/tasks.py) and runs on a new one."""
    from django.db import close_old_connections

    close_old_connections()


# A pool process runs one task at a time: between two, nothing is in flight (config.collector).
_collector = IdleCollector()


@worker_process_init.connect
def _freeze_loaded_objects(**kwargs):
    """Each pool process, once forked with the tasks loaded: see config.startup; its full
    collections then run between tasks."""
    from config.startup import freeze_loaded_objects

    freeze_loaded_objects()
    _collector.take_over()


@task_postrun.connect
def _collect_between_tasks(**kwargs):
    """After a task (its commit is done, the move applied): the full collection it would have
    met, if one is due, where no task waits on it."""
    if _collector.taken_over:
        _collector.tick(finished=1)
