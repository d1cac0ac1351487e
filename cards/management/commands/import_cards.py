"""manage.py import_cards FILE [FILE ...]: load cards from JSON or CSV (see cards/README.md)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.schema import FileFormatError, read_rows
from cards.services import ImportError_, import_rows


class Command(BaseCommand):
    help = (
        "Import cards from JSON or CSV files (format by extension or --format). Upserts by game, name and "
        "variant; every invalid row is reported with its line and reason, and nothing is imported from a "
        "file with errors."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="card files (.json or .csv)")
        parser.add_argument(
            "--format", choices=["json", "csv"], help="override the format the extension gives"
        )
        parser.add_argument(
            "--only-new",
            action="store_true",
            help="leave cards already in the catalogue as they are (e.g. edited in the admin)",
        )

    def handle(self, *files, **options):
        failed = False
        for name in options["files"] or files:
            path = Path(name)
            fmt = options["format"] or path.suffix.lstrip(".").lower()
            if fmt not in ("json", "csv"):
                raise CommandError(
                    f"{path}: cannot tell the format from the extension; use --format json|csv"
                )
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise CommandError(f"{path}: cannot read the file ({exc})") from exc
            try:
                report = import_rows(
                    read_rows(text, fmt), only_new=options["only_new"], reason=f"import_cards {path.name}"
                )
            except FileFormatError as exc:
                self.stderr.write(f"{path}: {exc}")
                failed = True
                continue
            except ImportError_ as exc:
                for line, reason in exc.problems:
                    self.stderr.write(f"{path}:{line}: {reason}")
                self.stderr.write(f"{path}: {len(exc.problems)} problem(s); nothing imported from this file")
                failed = True
                continue
            self.stdout.write(f"{path}: {report.summary()}")
        if failed:
            raise CommandError("some files had errors (see above); nothing was imported from them")
