"""Judge vocabulary, for clearing away the cards of last turn (session 45, probe round 189: "when do
i clear away the cards i played last turn" found the Highlander Sweep Phase tenth, behind the
Attack Phase). The core rules call it sweeping: "Cards waiting to be swept during your next Sweep
Phase are considered to be in play." Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SWEEP = "Highlander core rules: the cards left in play are discarded in the Sweep Phase"
# (typed, kind, means, note)
ROWS = [
    (typed, "rewrite", "sweep", SWEEP)
    for typed in ("clear away", "clear * away", "clear off", "clear * off", "clean up", "clean * up")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0096_judge_vocabulary_abbreviations")]

    operations = [rows_operation(ROWS)]
