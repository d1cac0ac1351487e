"""Judge vocabulary for a second copy of a card: a judge says a "spare" one; the documents say
"duplicate" or "extra copy" (INWO: "If you have a duplicate of a Group card ... an extra copy of a
key Group in your deck"; MECCG CRF: "duplicated" unique cards). Data the admins edit
(rulings.models_search.JudgeWord), like 0008's, 0011's and 0012's rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import add_rows, remove_rows

INWO, CRF = "INWO rules", "MECCG CRF rulings by term"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "alternative", "duplicate,extra", f"{INWO}: 'a duplicate of a Group card', 'an extra copy'; {CRF}: "
       "'duplicated'") for typed in ("spare", "spares")],
]  # fmt: skip


def seed(apps, schema_editor):
    add_rows(apps, ROWS)


def unseed(apps, schema_editor):
    remove_rows(apps, ROWS)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0012_judge_vocabulary_actions")]

    operations = [migrations.RunPython(seed, unseed)]
