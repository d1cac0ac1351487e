"""Judge vocabulary: a player asks how to "win"; the Highlander core rules answer under "Game
Concept and Goal of the Game" ("Your goal is to reduce your opponent to an Ability of zero, or cut
off your opponent's head via a Head Shot"). "how do i win" put "Edge" first and the goal second,
"what are the win conditions" put it fourteenth; first and second now, `make eval` unchanged. An
alternative, not a rewrite: "wins" in the documents ("their opponent wins the game") still counts.
Data the admins edit (rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "Highlander core rules: 'Your goal is to reduce your opponent to an Ability of zero'"

# (typed, kind, means, note)
ROWS = [(typed, "alternative", "goal", NOTE) for typed in ("win", "wins", "winning", "won")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0024_judge_vocabulary_other_games_words")]

    operations = [rows_operation(ROWS)]
