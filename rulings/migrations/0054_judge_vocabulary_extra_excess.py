"""Judge vocabulary, from probe round 17 (fresh questions on entries drawn at random from all the
current ones). What a judge calls "extra" the MECCG CRF also calls "excess" (Attack: "Excess strikes
applied as -1 modifiers do not have to have their body defeated"): "extra strikes used as -1, do i
need to beat their body" found the agent ruling on defeating each strike first and Attack second.
"extra" already read as "additional" (0008). Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ROWS: list[tuple[str, str, str, str]] = []  # no new row
# (typed, kind, means before, means after)
CHANGES = [("extra", "alternative", "additional", "additional, excess")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0053_judge_vocabulary_pre_game_pg")]

    operations = [rows_operation(ROWS, CHANGES)]
