"""Judge vocabulary: "middle earth", as a judge types MECCG's game without its hyphen, names the game
as "middle-earth" does. Read as two words, it found the MEAS Introduction and the CRF's rulings that
mention Middle-earth first, and "in middle earth can agents attack each other" lost Agent ruling 1
("Agents cannot attack or influence each other") from the first three; first now, the game's entries
alone searched. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

GAME = "MECCG is Middle-earth: The Collectible Card Game; the game's name is searched as its filter"
ROWS = [("middle earth", "rewrite", "middle-earth", GAME)]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0064_judge_vocabulary_source_names")]

    operations = [rows_operation(ROWS)]
