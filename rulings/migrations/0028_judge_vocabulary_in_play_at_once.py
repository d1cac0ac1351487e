"""Judge vocabulary: things "in play at once" or "out at once" are there at the same time, as the
Highlander core rules say it ("You may have multiple copies of the same Situation or Object in
play at once"), not soon: 0005 rewrites "at once" as "immediately", which made "can two copies of
one object be out at once" look for cards that act immediately (Situations & Objects second, first
now) and "can i have 2 unexpected events in play at once" rank Unexpected Cards second (first now).
Read as "in play" alone: "at once" is two stop words, and "simultaneously" (0012's "all at once")
is a MECCG word the Highlander rule lacks. `make eval` unchanged. Data the admins edit
(rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "Highlander core rules: 'multiple copies of the same Situation or Object in play at once'"

# (typed, kind, means, note)
ROWS = [(typed, "rewrite", "in play", NOTE) for typed in ("in play at once", "out at once")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0027_judge_vocabulary_cost_icon_keep_playing")]

    operations = [rows_operation(ROWS)]
