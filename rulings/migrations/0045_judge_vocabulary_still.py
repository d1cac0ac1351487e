"""Judge vocabulary: "still" is a question word ("does he still fail", "can I still block"): it
asks whether a rule goes on applying, and rarely names what the rule is about. Counted in full, it
outweighed "character" in "character cant be discarded, does he still fail the corruption check"
and put a longer annotation that happens to say "still" before the ruling that answers
(Corruption, ruling 5). Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [("still", "filler", "", "question word")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0044_judge_vocabulary_a_card_makes_me")]

    operations = [rows_operation(ROWS)]
