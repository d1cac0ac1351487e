"""Judge vocabulary, from probe round 100: "am i out" asks whether the player has lost the game
(every word of it a stop word, so the question was its other words alone). The CRF's Character
ruling 1: "You may continue to play after you have lost all of your characters." Sixth for "all my
characters are dead, am i out"; third now, behind the rulings on a Wizard that is not eliminated
and on eliminated characters. Neutral on the tuning folds, the held-out half and the other probes.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ROWS = [
    ("am i out", "rewrite", "do i lose the game", "MECCG CRF, Character: 'You may continue to play after...'")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0076_judge_vocabulary_erratum_errata")]

    operations = [rows_operation(ROWS)]
