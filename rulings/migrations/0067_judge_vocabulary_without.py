"""Judge vocabulary: "without" is a question word ("can I exert without playing anything", "my group was
discarded without ever being in play"): it negates what follows it, which the re-ranker reads from
the question as typed (rulings.search_rerank, its negated order), and rarely names what a rule is
about. Counted in full (in 11 entries, it weighed 3.5, more than "exert"), it pulled the entries
saying "without" whatever they were about: Cracker Bob's clarification ("a Power Blow without an
Exertion") came before Exerting for "Nothing" ("you do not want to play any cards"), and the MECCG
CRF's Annotation 11 before INWO's rule for a Group discarded before it was ever in play. First
now, both. The negators "no" and "not" are stop words already. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [("without", "filler", "", "question word: it negates what follows (the re-ranker reads that)")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0066_judge_vocabulary_of_each_card")]

    operations = [rows_operation(ROWS)]
