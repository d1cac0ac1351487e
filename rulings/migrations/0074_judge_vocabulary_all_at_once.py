"""Judge vocabulary, from probe round 86: a judge who asks whether things happen "all at once" is
answered by the rule that says they happen together or by the one that says they happen "one at a
time" (the CRF's Discard ruling 3: "Cards discarded from a player's hand must be discarded one at a
time as seperate actions"). 0012 read the phrase as "simultaneously" alone, and 0034's "several *
at once" reaches the ruling only with at most three words between: "can i discard several cards
from my hand all at once" found Multiple Attacks first and the ruling seventh; first now. Neutral on
the tuning folds and the held-out half. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means before, means after)
CHANGES = [("all at once", "rewrite", "simultaneously", "simultaneously one at a time")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0073_judge_vocabulary_gold_grid_spend")]

    operations = [rows_operation([], CHANGES)]
