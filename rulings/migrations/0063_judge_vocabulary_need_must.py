"""Judge vocabulary, from probe round 44 (fresh questions on entries drawn at random from all the
current ones). What a judge asks a deck or a player to "need", the rules say they "must" (Minimum
Endurance Size: "You must begin the game with an Endurance of at least 50 cards"): "how many cards
does my deck need" found Beginning the Game ("you will need a couple of other items") first and the
rule fourteenth. "need" and its forms now also read as "must". Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

MUST = "Highlander core rules, Minimum Endurance Size: 'You must begin the game with an Endurance of at least 50'"
ROWS = [(typed, "alternative", "must", MUST) for typed in ("need", "needs", "needed")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0062_judge_vocabulary_affect_act")]

    operations = [rows_operation(ROWS)]
