"""Judge vocabulary: "go" is a question word. A judge asks "where does it go"; the documents say
where a card is "placed" or "put", and "go" (six entries) was the question's rarest word: "unexpected
attack drawn after i already played two attacks where does it go" found an FAQ on Simple Mind
("Focus goes away") before the MLE supplement's Unexpected Cards ("they may be placed in any
position in the order of other cards already played") and its Example 2, first now; make eval's MRR
0.955 -> 0.956 (tuning), 0.961 -> 0.963 (held-out), recall@1 the same: of the tuning questions "i drew
an unexpected card, does it go in my hand" is first (third before), "a group helping the attack has
its action canceled, does the attack still go on" second (first before; "go on" read as "continue"
did not bring it back). "goes" stays a word: "the card ... goes away"
is the card leaving play (a probe question lost a place with it). Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [("go", "filler", "", "question word: 'where does it go'")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0035_judge_vocabulary_question_word_forms")]

    operations = [rows_operation(ROWS)]
