import json

from django.core.management.base import BaseCommand, CommandError

from rulings.api import result_dict
from rulings.search import Filters, SearchError, search


class Command(BaseCommand):
    help = 'Search the rulings knowledge base: search_rulings "QUERY" [--game G] [--limit N] --json'

    def add_arguments(self, parser):
        parser.add_argument("query")
        parser.add_argument("--game", default="")
        parser.add_argument("--kind", default="")
        parser.add_argument("--source", default="")
        parser.add_argument("--limit", type=int, default=10)
        parser.add_argument("--json", action="store_true", help="print the results list as JSON")

    def handle(self, *args, query, game, kind, source, limit, json: bool, **options):
        try:
            count, entries = search(
                query, Filters(game=game, kind=kind, source=source), limit=max(1, min(limit, 100))
            )
        except SearchError as exc:
            raise CommandError(str(exc)) from exc
        results = [result_dict(entry) for entry in entries]
        if json:
            self.stdout.write(_dumps(results))
            return
        self.stdout.write(f"{count} entries")
        for result in results:
            self.stdout.write(
                f"[{result['score']:.3f}] {result['kind']} {result['section']}: {result['text'][:100]}"
            )


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)
