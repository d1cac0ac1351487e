"""Judge vocabulary: "still" is a question word ("does he still fail", "can I still block"): it
asks whether a rule goes on applying, and rarely names what the rule is about. Counted in full, it
weighed more than the question's subject words: "my target left play before my action resolved,
does it still work" found the MLE supplement's Places first and MECCG's Annotation 8 (Active
Conditions) second; first now. In "character cant be discarded, does he still fail the corruption
check" it outweighed "character" (weight 2.83 against 2.26); that question needed 0046's
"prevents" as well. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [("still", "filler", "", "question word")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0044_judge_vocabulary_a_card_makes_me")]

    operations = [rows_operation(ROWS)]
