"""Judge vocabulary: a judge's "at the same time" is the documents' "simultaneously" and also their
"at any time" (Highlander core rules, Locations: "Only one Location by any player may be in play at
any time"). Read as "simultaneously" alone, a word two entries hold outweighed the rest of the
question: "can there be two locations in play at the same time" found Run Down and Sideswipe (a
"2" and a "Special" in their card types) first and Locations not in the first twenty; first now.
The rewrite keeps "simultaneously" and adds "at any time". make eval unchanged on both halves.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means before, means after)
CHANGES = [("at the same time", "rewrite", "simultaneously", "simultaneously at any time")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0042_judge_vocabulary_in_a_row")]

    operations = [rows_operation([], CHANGES)]
