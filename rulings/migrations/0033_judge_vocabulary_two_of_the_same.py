"""Judge vocabulary: identical cards are "copies" in the documents (Highlander core rules,
Situations & Objects: "You may have multiple copies of the same Situation or Object in play at
once"; INWO: "multiple copies of a particular Group"), but a judge asks for "two of the same
situation" or "the same situation twice". "same" is a PostgreSQL stop word, so the question kept
only "two", "situation" and "play", and the rule was fifth, behind long FAQ answers about
Unexpected Situations: first now, for both questions of the probe rounds that asked it, and for
one held-out question of `make eval` (0.918 -> 0.927 recall@1; the rows came from the probes).
A `*` keeps the one to three words between ("the same situation in play twice": "two copies of
the same situation in play"). Data the admins edit (rulings.models_search.JudgeWord), like 0008's
and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

COPIES = "Highlander core rules, Situations & Objects: 'You may have multiple copies of the same Situation or Object in play at once.'"

# (typed, kind, means, note)
ROWS = [
    ("two of the same", "rewrite", "two copies of the same", COPIES),
    ("2 of the same", "rewrite", "2 copies of the same", COPIES),
    ("more than one of the same", "rewrite", "more than one copy of the same", COPIES),
    ("the same * twice", "rewrite", "two copies of the same", COPIES),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0032_judge_vocabulary_influence_check_gone")]

    operations = [rows_operation(ROWS)]
