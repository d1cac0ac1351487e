"""Judge vocabulary, from probe round 22 (fresh questions on entries drawn at random from all the
current ones). "location" no longer also reads as "special" (0005). A Location is a Special Card in
Highlander, but a question about one is about its own rule (Advanced Concepts, Locations: "Only one
Location by any player may be in play at any time"), which never says "special"; every erratum that
mentions a Special card matched the question's "location" as fully as that rule did. "my opponent
plays a location when mine is already out" did not find the rule in the first twenty, nor did "two
locations in play". In MECCG a location is a site, never a Special card. Events, situations and
objects keep the alternative: without it make eval loses questions about playing them.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SPECIAL = "Highlander: events, situations, locations and objects are Special Cards"  # 0005's note
ROWS: list[tuple[str, str, str, str]] = []  # no new row
DROPPED = [(typed, "alternative", "special", SPECIAL) for typed in ("location", "locations")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0054_judge_vocabulary_extra_excess")]

    operations = [rows_operation(ROWS, removed=DROPPED)]
