"""Judge vocabulary, from probe round 146: words run together that the documents write apart.
"anytime" is in no entry, and neither "any" (a stop word) nor the rest makes it a compound the
spelling can split, so it was left out: "is there a restriction on when i can tap one of my
resources or can i do it anytime" put the CRF's "Tapping a resource can only be done at a time when
you could otherwise play a resource event" sixth; read as "any time", first. "alot", in no entry
either, was corrected to "plot" (a trigram neighbour) and weighed as INWO's Plots; read as "a lot",
it is left out as a word no entry holds. Neutral on the tuning folds, the held-out half and the
earlier probes. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [
    ("anytime", "rewrite", "any time", "written apart in the documents ('at a time when')"),
    ("alot", "rewrite", "a lot", "else corrected to 'plot', INWO's Plots"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0083_judge_vocabulary_respond_use_up")]

    operations = [rows_operation(ROWS)]
