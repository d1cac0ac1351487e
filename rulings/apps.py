from django.apps import AppConfig


class RulingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulings"
    verbose_name = "Rulings knowledge base"

    def ready(self):
        from rulings import admin_search  # noqa: F401 - registers the judge vocabulary's admin
