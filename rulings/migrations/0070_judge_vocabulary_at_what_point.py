"""Judge vocabulary, from probe round 77: "at what point" (or "at which point") something happens is
when it happens, as 0068 reads "by the time". Counted as a word (in 19 entries), "point" pulled what
the question is not about: "at what point is my play deck considered exhausted" found the core
rules' Exhaustion before the MECCG CRF's "The play deck is exhausted when the last card is drawn";
first now. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

WHEN = "idiom: 'at what point' something happens is when it happens ('when' is a stop word)"
ROWS = [("at what point", "rewrite", "when", WHEN), ("at which point", "rewrite", "when", WHEN)]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0069_judge_vocabulary_blocked_unblockable")]

    operations = [rows_operation(ROWS)]
