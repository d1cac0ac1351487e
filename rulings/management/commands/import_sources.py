from django.core.management.base import BaseCommand, CommandError

from rulings.asked import analyse_asked, load_bundled_questions
from rulings.importers import SourceFormatError, load_manifest
from rulings.services import import_source


class Command(BaseCommand):
    help = (
        "Import the bundled rulings sources (all by default, with the bundled asked questions), or the "
        "given files / slugs. Idempotent."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "paths", nargs="*", help="source files (named in rulings/data/sources.toml) or slugs"
        )

    def handle(self, *args, paths, **options):
        targets = paths or load_manifest()
        for target in targets:
            try:
                report = import_source(target)
            except SourceFormatError as exc:
                raise CommandError(f"import failed, nothing changed: {exc}") from exc
            self.stdout.write(str(report))
        # the asked questions' words are weighed by the lexicon the import recounted
        asked = analyse_asked() if paths else load_bundled_questions()
        self.stdout.write(f"{asked} asked questions read")
