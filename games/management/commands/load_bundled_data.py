from django.conf import settings
from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand

# Order matters: the catalogue's errata versions cite knowledge-base entries.
STEPS = [
    ("import_sources", [], "the five bundled rules documents"),
    (
        "import_cards",
        [str(settings.BASE_DIR / "cards" / "data" / "catalogue.json")],
        "the bundled card catalogue",
    ),
    # import_cards links only the cards it creates or changes; this also mends versions entered
    # before their knowledge-base entry existed (an admin's erratum, an older database).
    ("link_card_entries", [], "links from card errata to their rulings entries"),
]


class Command(BaseCommand):
    help = "Load the bundled knowledge base and card catalogue (idempotent: safe on every start)."

    def handle(self, *args, **options):
        available = get_commands()
        for command, arguments, what in STEPS:
            if command not in available:
                self.stdout.write(f"Skipping {what}: no {command} command in this build.")
                continue
            self.stdout.write(f"Loading {what}...")
            call_command(command, *arguments, stdout=self.stdout, stderr=self.stderr)
        from games.actions.decks import ensure_starter_decks

        decks = ensure_starter_decks()
        self.stdout.write(f"Ready-made decks: {', '.join(deck.name for deck in decks)}.")
