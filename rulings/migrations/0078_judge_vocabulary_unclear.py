"""Judge vocabulary, from probe round 103: "unclear" is in no entry, so the question lost it; the
MLE supplement's Introduction says "If these explanations are not clear enough, you can ask your
questions to the designer". Second for "who do i ask if the mle rules are unclear", behind the
clarification of Don't Follow The Rules; first now. Neutral on the tuning folds, the held-out half
and the other probes. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ROWS = [("unclear", "rewrite", "not clear", "MLE supplement, Introduction: 'If these explanations are not clear...'")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0077_judge_vocabulary_am_i_out")]

    operations = [rows_operation(ROWS)]
