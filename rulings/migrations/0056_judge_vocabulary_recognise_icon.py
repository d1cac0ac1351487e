"""Judge vocabulary, from probe round 22 (fresh questions on entries drawn at random from all the
current ones). A judge asks how to "recognise" or "identify" a kind of card; the core rules say
what marks it (Constructing a Deck, Edge: "Edge Cards are marked with an outstretched hand icon";
Dodges: "Dodges are defenses with a green grid icon"). "how do i recognise an edge card" found
Advanced Concepts, Edge Cards first and the rule second; "how to recognize a dodge card", fifth.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

MARKED = "Highlander core rules, Constructing a Deck: 'marked with an outstretched hand icon'"
ROWS = [(typed, "alternative", "icon,marked", MARKED) for typed in ("recognise", "recognize", "identify")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0055_judge_vocabulary_location_not_special")]

    operations = [rows_operation(ROWS)]
