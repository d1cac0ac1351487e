from django.apps import AppConfig


class RulingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulings"
    verbose_name = "Rulings knowledge base"

    def ready(self):
        from rulings import signals  # noqa: F401 - refreshes search data when an entry is saved
