"""Judge vocabulary from probe rounds 247-250 (session 49, written by helpers who saw only the drawn
entries):

- A company's "route" is its site path: "can an event change the route my company travels" found
  CRF Site Path ruling 3 ("Events can alter both the site's site path and a company's site path")
  fifteenth; now first.
- A "two hander" is a two-handed weapon: "my opponent played something that cuts me down to a single
  hand while im wielding a two hander, what happens to my weapon" found FAQ 35 sixth; now third.
- A "long lasting" event is a permanent one: "if every character leaves or dies out of a group, do
  the long lasting good cards i put on the whole group go to the discard pile" found CRF Company
  ruling 1 twelfth; now third.

Each checked against every question of make eval and the twenty rounds (their asked questions set
aside): five moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

PATH = "MECCG CRF, Site Path ruling 3: 'Events can alter both the site's site path and a company's site path.'"
TWO_HANDED = (
    "MLE supplement, FAQ 35: 'I'm using a 2-Handed Weapon of Choice, and my number of Hands is reduced to one. "
    "What happens?'"
)
PERMANENT = (
    "MECCG CRF, Company ruling 1: 'all resource permanent-events played on the company as a whole are "
    "discarded.'"
)
# (typed, kind, means, note)
ROWS = [
    ("route", "alternative", "path", PATH),
    ("routes", "alternative", "paths", PATH),
    ("two hander", "rewrite", "two handed weapon", TWO_HANDED),
    ("two handers", "rewrite", "two handed weapons", TWO_HANDED),
    ("long lasting", "rewrite", "permanent", PERMANENT),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0115_judge_vocabulary_home_site_carrying_out")]

    operations = [rows_operation(ROWS)]
