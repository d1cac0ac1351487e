"""Judge vocabulary, from probe round 16 (fresh questions on entries drawn at random from all the
current ones). The MLE supplement abbreviates its own words: "PG" for Pre-Game (ten entries, FAQ 21:
"I am using the Ramirez PG") and "IG" for In-Game (three). A judge's "PG" was read as "pre-game"
(0005), but a judge's "pre-game" never met an entry that says "PG": "ramirez pregame, unexpected card
in my top two endurance cards, can it come into play" found the Ramirez clarification first and FAQ
21 second. The abbreviation is now an alternative of the word. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [
    ("pre-game", "alternative", "pg", "MLE supplement, FAQ 21: 'I am using the Ramirez PG'"),
    ("in-game", "alternative", "ig", "MLE supplement: 'any IG card'"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0052_judge_vocabulary_leave_play")]

    operations = [rows_operation(ROWS)]
