"""Judge vocabulary, from probe round 78: to "figure out" something is to determine it, the MECCG
CRF's word ("the site path is determined by the region cards played on the company", Site Path
ruling 1), as 0023 reads "decide". "figure", in one entry, weighed most of "how do i figure out a
company's site path", which found Site Path rulings 3 and 2 first and ruling 1, the one that says
how, third; first now. With words inside ("figure the site path out") too. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "MECCG CRF, Site Path: 'the site path is determined by the region cards played on the company'"
ROWS = [("figure out", "rewrite", "determine", NOTE), ("figure * out", "rewrite", "determine", NOTE)]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0070_judge_vocabulary_at_what_point")]

    operations = [rows_operation(ROWS)]
