"""Judge vocabulary, from probe round 21 (fresh questions on entries drawn at random from all the
current ones). A judge asks whether a thing "counts as" another to ask what it is; the rules answer
with what it is ("Agents are *not* creatures", MECCG CRF, Agent), while their "count" is mostly a
tally ("count as 1/2 a creature", "does not count against the hazard limit"). As a question word,
"count" put those first: "does an agent count as a creature" found the multi-player ruling on half
creatures first and the answer third. The phrase reads as its "as", a stop word, so the question
searches for the things it names. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

IS = "MECCG CRF, Agent: 'Agents are *not* creatures' (a question's 'count as' asks what a thing is)"
ROWS = [(typed, "rewrite", "as", IS) for typed in ("count as", "counts as", "counted as", "counting as")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0059_judge_vocabulary_lose_a_hand")]

    operations = [rows_operation(ROWS)]
