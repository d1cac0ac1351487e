"""Judge vocabulary: "multiple cards at once" is at the same time, not soon. A judge asks "can i
discard multiple cards at once"; the rulings by term answer "Cards discarded from a player's hand
must be discarded one at a time as seperate actions." 0005 reads "at once" as "immediately", so the
question looked for cards that act immediately and the ruling was not among the first twenty
(13th for "discarding multiple cards from hand at once"). Read as "multiple ... one at a time", it
is second, behind Annotation 24 on a card's several actions; "multiple" is kept, so "can i play
multiple attacks at once" still finds the core rules' Multiple Attacks first. A phrase with a gap
is read before the phrases inside it (rulings.vocabulary), or "at once" would already be gone.
Data the admins edit (rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ONE_AT_A_TIME = "MECCG CRF, Discard: 'Cards discarded from a player's hand must be discarded one at a time as seperate actions.'"

# (typed, kind, means, note)
ROWS = [
    ("multiple * at once", "rewrite", "multiple one at a time", ONE_AT_A_TIME),
    ("several * at once", "rewrite", "several one at a time", ONE_AT_A_TIME),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0033_judge_vocabulary_two_of_the_same")]

    operations = [rows_operation(ROWS)]
