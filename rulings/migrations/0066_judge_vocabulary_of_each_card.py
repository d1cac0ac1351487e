"""Judge vocabulary: "6 of each card", "how many of each card", as a judge counts copies, is the core
rules' "cards of the same title" ("Your deck may contain only 6 cards of the same title"), as 0037
reads "copies of each card". Read as words, "is it max 6 of each card in a deck" found the Title
rule seventh (its "only" a stop word, "each" and "card" in most entries); first now. "of each card
type" (the MLE's "more than one of each card type in play") is kept as it was by a row of its own,
longer, read first. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

TITLE = "Highlander core rules, Title: 'Your deck may contain only 6 cards of the same title'"
TYPE = "Highlander MLE supplement, Unexpected cards: 'more than one of each card type in play' (not a title)"
ROWS = [
    ("of each card", "rewrite", "cards of the same title", TITLE),
    ("of each card type", "rewrite", "of each card type", TYPE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0065_judge_vocabulary_middle_earth")]

    operations = [rows_operation(ROWS)]
