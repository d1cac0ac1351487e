"""Judge vocabulary: an attack "considered over" is the CRF's "considered to be resolved and
concluded" (session 46, probe round 197: "when exactly is an attack considered over in METW" found
Annotation 12 sixth, "over" being a stop word; an earlier probe's "when is an attack considered
over", second). "attack over" and "attack is over" read so since migration 0029; a word between ("an
attack considered over") did not. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CONCLUDED = (
    "MECCG CRF, Annotation 12: 'An attack is considered to be resolved and concluded when the final "
    "strike ... and the associated body check are resolved'"
)
# (typed, kind, means, note)
ROWS = [
    (f"considered {word}", "rewrite", "considered concluded", CONCLUDED)
    for word in ("over", "finished", "done", "ended")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0101_judge_vocabulary_versus")]

    operations = [rows_operation(ROWS)]
