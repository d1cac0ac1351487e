"""Judge vocabulary: the other forms of the question words of 0005. "says", "said" and "say" count
little, but "saying" counted in full: "opponent plays a card saying i must do something, when do
i do it" found INWO's Illegal Links ("the card says that you may have only one copy") before the
core rules' Golden Rule ("if your opponent has played a card that instructs you to perform an
action, you must wait until the Sweep Phase"), which is first now. A question word is matched as
typed, not by its stem, so each form is a row. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note): forms of 0005's "say", "happen", "get", "wonder", "guess", "want"
ROWS = [
    (typed, "filler", "", "question word")
    for typed in ("saying", "happened", "happening", "getting", "gotten", "wondered", "guessing", "wanting")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0034_judge_vocabulary_multiple_at_once")]

    operations = [rows_operation(ROWS)]
