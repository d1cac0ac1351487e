"""Judge vocabulary from probe round 265 (session 50), found among the probes outside the first five
once rounds 263-266 were added to make eval:

- An attack that "counts as going through" is a successful one, as migration 0021's rows read an
  attack that "goes through": "when does an attack count as going through" found Successful Attacks
  ("An attack becomes successful if your opponent did not play a defense ...") ninth; now first.
  The rows name the attack or the counting: "going through" alone is also a company's movement
  through regions.

Checked against every question of make eval (their asked questions set aside): one moved up, none
down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SUCCESSFUL = (
    "Highlander core rules, Successful Attacks: 'An attack becomes successful if your opponent did not play a "
    "defense or use an effect that will block or avoid the attack'"
)
# (typed, kind, means, note)
ROWS = [
    ("attack going through", "rewrite", "attack successful", SUCCESSFUL),
    ("attacks going through", "rewrite", "attacks successful", SUCCESSFUL),
    ("count as going through", "rewrite", "count as successful", SUCCESSFUL),
    ("counts as going through", "rewrite", "counts as successful", SUCCESSFUL),
    ("counted as going through", "rewrite", "counted as successful", SUCCESSFUL),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0119_judge_vocabulary_sway_final")]

    operations = [rows_operation(ROWS)]
