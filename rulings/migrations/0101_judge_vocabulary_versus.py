"""Judge vocabulary: "vs" and "versus" count little (session 46, probe round 197: "agent vs agent
attack allowed?" found the CRF's MELE vs. METW ruling 3 first, its heading holding "vs", before Agent
ruling 1, "Agents cannot attack or influence each other"). Between two of the question's words "vs"
says they meet, which the words themselves carry; the MELE vs. METW rulings are still named by
"mele" and "metw". Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "a question word: 'agent vs agent' asks whether agents meet; MELE vs. METW is named by its games"
# (typed, kind, means, note)
ROWS = [(typed, "filler", "", NOTE) for typed in ("vs", "versus")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0100_asked_questions")]

    operations = [rows_operation(ROWS)]
