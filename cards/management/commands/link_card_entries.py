"""manage.py link_card_entries: link errata/clarification versions to their knowledge-base entries
(run after importing the rulings, if the cards were imported first)."""

from django.core.management.base import BaseCommand

from cards.services import link_source_entries


class Command(BaseCommand):
    help = "Link erratum and clarification versions to the rulings entries they come from."

    def handle(self, **options):
        self.stdout.write(f"{link_source_entries()} versions linked")
