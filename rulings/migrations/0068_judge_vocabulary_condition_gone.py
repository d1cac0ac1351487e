"""Judge vocabulary, from probe round 73: a condition that is "gone" is one that no longer exists, the
MECCG CRF's wording ("If any other active condition for an action does not exist when the action is
resolved, the action has no effect", Annotation 7; "The passive condition must exist when this
resulting action is resolved", Annotation 9). "gone" read only as "lost" (0032): "my card's
condition is gone by the time it resolves, what happens to the card" found Annotation 7 sixth, and
two earlier probes found Annotation 9 second; second and first now. And "by the time" something
happens is when it happens: "time" counted in full (weighing as much as "condition") pulled the
entries saying "at the time" and "comes time". Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

WHEN = "idiom: 'by the time it resolves' is when it resolves ('when' is a stop word)"
ROWS = [("by the time", "rewrite", "when", WHEN)]
# (typed, kind, means before, means after)
CHANGES = [("gone", "alternative", "lost", "lost, exist")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0067_judge_vocabulary_without")]

    operations = [rows_operation(ROWS, CHANGES)]
