"""Judge vocabulary, from probe round 183. "Everybody" and "everyone" read "all players", as MECCG's
CRF says ("All players reset their hand size when any turn or movement/hazard phase ends."). No
document uses either word, so search read each as two words run together ("every body", "every
one") and "body" found the body checks: "multiplayer when does everybody draw back up or discard
down to hand size" put Hand Size ruling 1 first and the answer second; now first. Questions where
"everyone" is all of a company's characters ("everyone leaves the company") keep their answers.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

EVERYBODY = 'no document says "everybody" or "everyone": read as two words run together, "every body"'
# (typed, kind, means, note)
ROWS = [(typed, "rewrite", "all players", EVERYBODY) for typed in ("everybody", "everyone")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0093_judge_vocabulary_rearrange")]

    operations = [rows_operation(ROWS)]
