"""Judge vocabulary, from probe round 181. A link that would "go against" a card's text is one that
"contradicts" it, as INWO's rules say (Illegal Links: "A link is illegal if it violates one of the
rules in this book or if it contradicts the text on one of the linked cards"): "can a link go
against a cards text" put the core rules' Text (the card's text box) first and Illegal Links third,
now first. No earlier question says "go against". Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

AGAINST = "to go against a rule or a card's text is to contradict it, as INWO's Illegal Links say"
# (typed, kind, means, note)
ROWS = [(f"{go} against", "rewrite", "contradict", AGAINST) for go in ("go", "goes", "going", "went", "gone")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0091_judge_vocabulary_know_if_a_card_is_each_turn")]

    operations = [rows_operation(ROWS)]
