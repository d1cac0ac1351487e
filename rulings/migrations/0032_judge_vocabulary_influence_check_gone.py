"""Judge vocabulary: MECCG's checks are corruption and body checks; influencing is an "influence
attempt" (MECCG CRF, Allies: "Playing an ally is not an influence attempt"). A judge says
"influence check" or "influence roll": "do i need to make an influence check to play an ally" found
the word "check" in "Allies never make corruption checks" and ranked the ruling third; first now.
Characters that are "gone" are lost ("You may continue to play after you have lost all of your
characters"): "all my characters are gone, am i out of the game" found it fourth, first now. From
this session's third and fourth rounds of probe questions (35 written from random entries before
searching, 31 first before these rows). `make eval` unchanged. Data the admins edit
(rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CRF = "MECCG CRF rulings by term"
ATTEMPT = f"{CRF}, Allies: 'Playing an ally is not an influence attempt.'"
LOST = f"{CRF}: 'You may continue to play after you have lost all of your characters.'"

# (typed, kind, means, note)
ROWS = [
    *[(f"influence {word}{plural}", "rewrite", f"influence attempt{plural}", ATTEMPT)
      for word in ("check", "roll") for plural in ("", "s")],
    ("gone", "alternative", "lost", LOST),
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0031_judge_vocabulary_kinds_kill_how_long")]

    operations = [rows_operation(ROWS)]
