"""manage.py export_cards [-o FILE] [--format json|csv] [--game G]: the catalogue in the import format."""

import csv
import io
import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from cards.models import Card
from cards.schema import CSV_JSON_COLUMNS, FIELDS
from cards.services import export_rows


def to_csv(rows) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(
            {
                k: (
                    json.dumps(row[k], ensure_ascii=False)
                    if k in CSV_JSON_COLUMNS
                    else ("" if row[k] is None else row[k])
                )
                for k in FIELDS
            }
        )
    return out.getvalue()


def to_json(rows) -> str:
    return json.dumps(rows, ensure_ascii=False, indent=2) + "\n"


class Command(BaseCommand):
    help = "Export the card catalogue as JSON or CSV, in the format import_cards reads."

    def add_arguments(self, parser):
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument(
            "--format", choices=["json", "csv"], help="default: from the output's extension, else json"
        )
        parser.add_argument("--game", choices=["highlander", "meccg", "inwo"])

    def handle(self, **options):
        output = options["output"]
        fmt = options["format"] or (Path(output).suffix.lstrip(".").lower() if output else "json")
        fmt = fmt if fmt in ("json", "csv") else "json"
        cards = Card.objects.all()
        if options["game"]:
            cards = cards.filter(game=options["game"])
        rows = export_rows(cards)
        text = to_csv(rows) if fmt == "csv" else to_json(rows)
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(f"{len(rows)} cards written to {output}")
        else:
            sys.stdout.write(text)
