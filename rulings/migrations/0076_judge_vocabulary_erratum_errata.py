"""Judge vocabulary, from probe round 96: "erratum" and "errata" are one word to a judge and two to
the stemmer (the CRF's titles say "Rules Erratum", the MLE supplement "Errata and Clarifications").
"whats the difference between an erratum and a clarification" found the CRF's agent Rules Erratum
first and the MLE's note on the difference second; first now. Neutral on the tuning folds, the
held-out half and the other probes. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "MECCG CRF: 'Rules Erratum'; MLE supplement: 'Errata and Clarifications'"
# (typed, kind, means, note)
ROWS = [("erratum", "alternative", "errata", NOTE), ("errata", "alternative", "erratum", NOTE)]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0075_judge_vocabulary_other_forms")]

    operations = [rows_operation(ROWS)]
