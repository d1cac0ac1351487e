"""Judge vocabulary for MECCG's Ringwraith players: a player says "wraith"; the documents say
"Ringwraith" (MECCG CRF: "An agent in a Ringwraith deck can only be played as a character at his
home site"). English has "wraith", so it was left out of the search as a word the rulings do not
use. Data the admins edit (rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import add_rows, remove_rows

CRF = "MECCG CRF rulings by term"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "alternative", "ringwraith", f"{CRF}: 'An agent in a Ringwraith deck'") for typed in ("wraith", "wraiths")],
]  # fmt: skip


def seed(apps, schema_editor):
    add_rows(apps, ROWS)


def unseed(apps, schema_editor):
    remove_rows(apps, ROWS)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0014_judge_vocabulary_guy")]

    operations = [migrations.RunPython(seed, unseed)]
