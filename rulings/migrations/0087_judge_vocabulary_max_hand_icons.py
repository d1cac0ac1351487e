"""Judge vocabulary, from probe round 161. Migration 0008 reads "max hand" and "maximum hand" as the
CRF's "hand size" ("what is my max hand"), and so read "max hand icons in play at once" as "hand
size icons in play": the CRF's Hand Size came first and the core rules' Hand Icon ("You can never
have more than two Hand Icons among any of the cards you have in play") second. A longer row wins
over a shorter one and a rewrite's words are not rewritten again, so "max hand icon(s)" reads
"maximum hand icon(s)" and "maximum hand icon(s)" stays as typed: first now. Neutral on the tuning
folds, the held-out half and the earlier probes. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "the core rules' Hand Icon, not the CRF's hand size (0008's 'max hand')"
# (typed, kind, means, note)
ROWS = [
    ("max hand icon", "rewrite", "maximum hand icon", NOTE),
    ("max hand icons", "rewrite", "maximum hand icons", NOTE),
    ("maximum hand icon", "rewrite", "maximum hand icon", NOTE),
    ("maximum hand icons", "rewrite", "maximum hand icons", NOTE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0086_judge_vocabulary_goes_up_makes_up")]

    operations = [rows_operation(ROWS)]
