"""Judge vocabulary, from probe round 93: an alternative is read for the word as typed, so a row for
one form of a word says nothing of its others. "sword" has read as "weapon" since 0005, "swords" as
itself: "can my character carry two swords and use both" found the CRF's Items ruling 1 ("You may
play two weapons, shields, or armors on the same character but only one of each may have an effect
on the character") fifteenth; fifth now. The same gap, for the forms the evaluation's questions use
of words with a row (0005, 0008): "countered", "stopped", "names", "gives" and "giving". Not
"flipped" or "flips" ("reveal" for "flip"): as alternatives they lost a probe answer first ("when my
agent flips face down what happens to the cards on him"). Not a rule that reads every form of a
word by the row of one: "deadly" would read as "dead", that is eliminated. Neutral on the tuning
folds, the held-out half and the other probes. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "the other forms of 0005's and 0008's rows for the word"
# (typed, kind, means, note)
ROWS = [
    ("swords", "alternative", "weapons", NOTE),
    ("countered", "alternative", "nullified,canceled", NOTE),
    ("stopped", "alternative", "prevented,canceled", NOTE),
    ("names", "alternative", "titles", NOTE),
    ("gives", "alternative", "passes", NOTE),
    ("giving", "alternative", "passing", NOTE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0074_judge_vocabulary_all_at_once")]

    operations = [rows_operation(ROWS)]
