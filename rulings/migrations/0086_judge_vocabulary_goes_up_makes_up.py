"""Judge vocabulary, from probe rounds 155 to 158. A judge's hand size "went up"; the CRF says
"Effects which increase your hand size": "my hand size went up, do i draw to the new size straight
away" put FAQ 20 (drawing up) first and Hand Size second; "went up", "goes up", "go up", "gone up"
read as "increase" now, and their "down" as the documents' "reduce" ("If a card reduces direct
influence"). "What makes up a highlander card" asks for the core rules' Card Anatomy ("Let's examine
what makes up a Highlander card"), as "parts of a card" does (migration 0047): fourth, behind
entries saying "make" more often; first now. Neutral on the tuning folds, the held-out half and the
earlier probes. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

UP = "the documents say 'increase' (CRF, Hand Size)"
DOWN = "the documents say 'reduce' (CRF, Influence)"
ANATOMY = "the core rules' Card Anatomy: 'what makes up a Highlander card'"
# (typed, kind, means, note)
ROWS = [
    ("go up", "rewrite", "increase", UP),
    ("goes up", "rewrite", "increases", UP),
    ("went up", "rewrite", "increased", UP),
    ("gone up", "rewrite", "increased", UP),
    ("go down", "rewrite", "reduce", DOWN),
    ("goes down", "rewrite", "reduces", DOWN),
    ("went down", "rewrite", "reduced", DOWN),
    ("gone down", "rewrite", "reduced", DOWN),
    ("make up a card", "rewrite", "card anatomy", ANATOMY),
    ("make up a * card", "rewrite", "card anatomy", ANATOMY),
    ("makes up a card", "rewrite", "card anatomy", ANATOMY),
    ("makes up a * card", "rewrite", "card anatomy", ANATOMY),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0085_judge_vocabulary_words_run_together")]

    operations = [rows_operation(ROWS)]
