"""Judge vocabulary for actions taken together or in turn: a judge asks whether cards go "all at
once" or "one by one"; the rulings by term say "simultaneous" and "one at a time". Each row's note
says where the documents' words come from. Data the admins edit (rulings.models_search.JudgeWord),
like 0005's, 0008's and 0011's rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import add_rows, remove_rows

CRF = "MECCG CRF rulings by term"

# (typed, kind, means, note)
ROWS = [
    ("one by one", "rewrite", "one at a time", f"{CRF}, Discard: 'must be discarded one at a time as seperate actions'"),
    # "at once" reads as "immediately" (0005); "all at once" is at the same time, not soon
    ("all at once", "rewrite", "simultaneously", f"{CRF}: 'simultaneous'; MLE supplement: 'at the same time'"),
]  # fmt: skip


def seed(apps, schema_editor):
    add_rows(apps, ROWS)


def unseed(apps, schema_editor):
    remove_rows(apps, ROWS)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0011_judge_vocabulary_turn_phases")]

    operations = [migrations.RunPython(seed, unseed)]
