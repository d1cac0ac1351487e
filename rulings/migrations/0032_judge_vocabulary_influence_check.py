"""Judge vocabulary: MECCG's checks are corruption and body checks; influencing is an "influence
attempt" (MECCG CRF, Allies: "Playing an ally is not an influence attempt"). A judge says
"influence check" or "influence roll": "do i need to make an influence check to play an ally" found
the word "check" in "Allies never make corruption checks" and ranked the ruling third; first now.
From this session's third round of probe questions (20 written from random entries before
searching, 17 first before this row). `make eval` unchanged. Data the admins edit
(rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "MECCG CRF rulings by term, Allies: 'Playing an ally is not an influence attempt.'"

# (typed, kind, means, note)
ROWS = [
    (f"influence {word}{plural}", "rewrite", f"influence attempt{plural}", NOTE)
    for word in ("check", "roll")
    for plural in ("", "s")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0031_judge_vocabulary_kinds_kill_how_long")]

    operations = [rows_operation(ROWS)]
