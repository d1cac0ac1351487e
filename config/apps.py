from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project's own wiring that needs the app registry (not a feature app: no models)."""

    name = "config"
    verbose_name = "Site"

    def ready(self):
        from django.conf import settings
        from django.db.models.signals import post_delete, post_save

        from config.signed_in import user_changed

        # In every process (web, worker, manage.py): any of them may change a user.
        post_save.connect(user_changed, sender=settings.AUTH_USER_MODEL, dispatch_uid="signed-in-saved")
        post_delete.connect(user_changed, sender=settings.AUTH_USER_MODEL, dispatch_uid="signed-in-deleted")
