"""Judge vocabulary, from probe rounds 22 and 29 (fresh questions on entries drawn at random from
all the current ones). A judge whose Immortal "loses a hand" or is "down to one hand" asks what the
MLE supplement's FAQ 35 to 37 answer: "my number of Hands is reduced to one. What happens?". "two
handed weapon of choice and i am down to one hand" found the core rules' Weapons of Choice first and
FAQ 35 fourth; "two one handed weapons of choice and i lose a hand", FAQ 36 third. "to one" is left
out of the rewrite: its "one" met FAQ 36's "1-Handed" and put it before FAQ 35 for a 2-handed
weapon. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

REDUCED = "MLE supplement, FAQ 35-37: 'my number of Hands is reduced to one'"
ROWS = [
    (typed, "rewrite", "number of hands reduced", REDUCED)
    for typed in (
        "down to one hand",
        "down to 1 hand",
        "lose a hand",
        "loses a hand",
        "losing a hand",
        "lost a hand",
        "lose one hand",
        "lost one hand",
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0058_judge_vocabulary_what_is_the_game_about")]

    operations = [rows_operation(ROWS)]
