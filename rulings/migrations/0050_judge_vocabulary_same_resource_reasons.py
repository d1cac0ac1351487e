"""Judge vocabulary, from probe round 10 (fresh questions on entries drawn at random from all the
current ones). Two players with "the same resource" have duplicates of it, in INWO's word (INWO
rules, Duplicate Resource Cards: "Whoever plays it first, has it"): "same" is one of PostgreSQL's
stop words, so "two players have the same resource, who gets to keep it" searched neither and
found nothing of the rule in its first twenty; second now, behind the same heading's first sentence
("If a Resource is Unique, only one can be in play"). INWO speaks of duplicates of groups and agents
too. "reason" is a question word ("other reasons to exert"): one entry of the documents uses it in
passing ("For this reason, it is important..."), so it weighed as a rare word. The same question's
"besides defending" is read by rulings.vocabulary (ASIDE), not here. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

DUPLICATE = "INWO rules: 'Duplicate Resource Cards'; 'a duplicate of a Group card'; 'Agents cards that duplicate'"

# (typed, kind, means, note)
ROWS = [
    ("same resource", "rewrite", "duplicate resource", DUPLICATE),
    ("same group", "rewrite", "duplicate group", DUPLICATE),
    ("same agent", "rewrite", "duplicate agent", DUPLICATE),
    ("reason", "filler", "", "question word"),
    ("reasons", "filler", "", "question word"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0049_judge_vocabulary_happen_occur_against_the_shadow")]

    operations = [rows_operation(ROWS)]
