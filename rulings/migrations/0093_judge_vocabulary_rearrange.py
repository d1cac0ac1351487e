"""Judge vocabulary, from probe round 184 (the first written by someone other than the tuner). To
"rearrange" links is to move or change them, as INWO's rules say ("Other links are temporary, and
may be changed. You may move temporary links during the Main Phase of your turn."): "when can i
rearrange links in my power structure in illuminati" was ninth, behind every Illegal Links entry
and the core rules' Multiple Attacks (the one entry saying "rearrange", of an attack's order); now
second. The reverse of 0057's "change" reading "rearrange". Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

REARRANGE = "to rearrange a thing (INWO's links) is to move or change it, as the documents say"
# (typed, kind, means, note)
ROWS = [
    ("rearrange", "alternative", "change,move", REARRANGE),
    ("rearranges", "alternative", "changes,moves", REARRANGE),
    ("rearranged", "alternative", "changed,moved", REARRANGE),
    ("rearranging", "alternative", "changing,moving", REARRANGE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0092_judge_vocabulary_go_against")]

    operations = [rows_operation(ROWS)]
