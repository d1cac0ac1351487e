"""Judge vocabulary: attacks played "in a row" or "one after another" are, in the documents' word,
in sequence (Highlander core rules, Multiple Defenses: "You may play a defense against each attack
your opponent has played, in the sequence they played them. However, a defense you play may block
or avoid more than one attack in the sequence"). "my opponent played three attacks in a row, can
one block stop two of them" found Mysterious Technique first and Multiple Defenses second; "row"
is in no document and was left out. First now; "he played two attacks one after another, can a
single block stop both" finds it second (not in the first six before, Blocks first). A rewrite: the phrase
is read as "in sequence" before the words are. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SEQUENCE = "Highlander core rules, Multiple Defenses: 'each attack ... in the sequence they played them'"

# (typed, kind, means, note)
ROWS = [
    ("in a row", "rewrite", "in sequence", SEQUENCE),
    ("one after another", "rewrite", "in sequence", SEQUENCE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0041_judge_vocabulary_colours")]

    operations = [rows_operation(ROWS)]
