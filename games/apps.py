from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Correspondence duels"

    def ready(self):
        # The tasks in the Celery app's registry in every process, the web server's too: the
        # services queue them by name (games.actions.workers), and Celery's autodiscovery only
        # imports them when a worker starts.
        from games import tasks  # noqa: F401
