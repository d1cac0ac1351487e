"""Judge vocabulary: a judge asks whether something can be done "twice"; the rules answer under
"multiple" (Highlander core rules: "Multiple Attacks", "Multiple Defenses"). "twice" is in none of
the documents, so it was left out of the search as a word the rulings do not use. Found by
questions written for the class after 0019: "can i attack twice in one turn" put "Multiple
Attacks" second, "can i block twice" put "Multiple Defenses" sixth; both first now, `make eval`
unchanged. "second" -> multiple, additional was tried too and lost a tuning question ("the second
one" is a second strike), so it is not here. Data the admins edit (rulings.models_search.JudgeWord),
like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [
    ("twice", "alternative", "multiple", "Highlander core rules: 'Multiple Attacks', 'Multiple Defenses'")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0019_judge_vocabulary_two_multiple")]

    operations = [rows_operation(ROWS)]
