from django.apps import AppConfig


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cards"
    verbose_name = "Card catalogue"

    def ready(self):
        from cards.links import link_entries
        from cards.models import AFTER_BULK_UPDATE, Card, TextVersion
        from cards.services import refresh_derived, sync_cards_of
        from rulings.services import register_entry_linker

        # the knowledge base links its entries to our cards through this hook: it never imports us
        register_entry_linker(link_entries)
        # a bulk update() keeps the derived facts and the errata rule, which the models never import
        AFTER_BULK_UPDATE[Card] = refresh_derived
        AFTER_BULK_UPDATE[TextVersion] = sync_cards_of
