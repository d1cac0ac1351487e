"""Judge vocabulary: "taped" is "tapped" misspelled (and "untaped", "taping" the same). The
documents never speak of tape, but "taped" is an English word, so search read it as one the
documents lack and left it out rather than correct it: "moving to an under-deeps site from a taped
surface site, what happens to the surface site" lost its tapped site and found Under-deep Site
Movement before the ruling on tapped surface sites (MECCG CRF, Under-deeps: "If you move to an
Under-deeps site from a tapped surface site, the tapped surface site is discarded"). First now.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

MISSPELLED = "a misspelling of the documents' word: 'tape' is in none of them"

# (typed, kind, means, note)
ROWS = [
    ("taped", "rewrite", "tapped", MISSPELLED),
    ("untaped", "rewrite", "untapped", MISSPELLED),
    ("taping", "rewrite", "tapping", MISSPELLED),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0047_judge_vocabulary_deckbuilding_parts_of_a_card")]

    operations = [rows_operation(ROWS)]
