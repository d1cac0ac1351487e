from django.apps import AppConfig


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cards"
    verbose_name = "Card catalogue"

    def ready(self):
        from cards.links import link_entries
        from rulings.services import register_entry_linker

        # the knowledge base links its entries to our cards through this hook: it never imports us
        register_entry_linker(link_entries)
