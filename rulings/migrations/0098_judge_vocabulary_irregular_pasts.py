"""Judge vocabulary, for the irregular pasts of verbs that have rows (session 45). A verb's row
reaches its regular past ("picked": the row for "pick"), not an irregular one: "i paid for it"
was read as nothing at all ("pay" and "paid" are in no entry), and "kept", "held", "brought",
"gave" and "given" as themselves alone. Each now has its verb's row. "left" (leave) and "shot"
(shoot) do not: "the cards left in my deck" and "a head shot" are no removal and no ranged attack.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

AS_VERB = "irregular past of a verb with a row: the same alternatives"
# (typed, kind, means, note)
ROWS = [
    ("paid", "alternative", "cost,condition", f"{AS_VERB} (pay)"),
    ("kept", "alternative", "hold,remain", f"{AS_VERB} (keep)"),
    ("held", "alternative", "bear", f"{AS_VERB} (hold)"),
    ("brought", "alternative", "use", f"{AS_VERB} (bring)"),
    ("gave", "alternative", "pass", f"{AS_VERB} (give)"),
    ("given", "alternative", "pass", f"{AS_VERB} (give)"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0097_judge_vocabulary_clear_away")]

    operations = [rows_operation(ROWS)]
