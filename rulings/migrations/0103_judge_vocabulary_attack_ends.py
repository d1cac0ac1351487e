"""Judge vocabulary: an attack that "ends" has concluded (session 46, probe round 197: "does the
attack end after the last strike or do the body check and stuff triggered by that last strike still
count as part of it" found Annotation 12 fifth, behind the Body Check rulings). As 0029 reads "attack
over" and 0102 "considered over". The phrase only: "end" alone is the end of a turn or phase. Data the
admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CONCLUDED = (
    "MECCG CRF, Annotation 12: 'An attack is considered to be resolved and concluded when the final "
    "strike ... and the associated body check are resolved'"
)
# (typed, kind, means, note)
ROWS = [
    (typed, "rewrite", "attack concluded", CONCLUDED)
    for typed in ("attack end", "attack ends", "attack ended", "attacks end", "combat end", "combat ends")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0102_judge_vocabulary_considered_over")]

    operations = [rows_operation(ROWS)]
