"""Judge vocabulary from probe rounds 251-254 (session 49, written by helpers who saw only the drawn
entries):

- "Tougher" to stop is more "difficult" (0113 reads "harder" so): "How do I tell whether an attack
  card is one of the special ones, and why are they tougher to stop?" did not find Special Attacks in
  its first twenty ("tougher" is in no entry, and was left out); now second.
- "Whether", "though" and "although" as question words (each in one entry or two, so weighing as
  much as the rarest rule word) moved nothing: not kept.

Checked against every question of make eval and the twenty-four rounds (their asked questions set
aside): one moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

DIFFICULT = (
    "Highlander core rules, Special Attacks: 'Special Attacks have a gold grid icon, and are often more difficult "
    "to defend than normal attacks.'"
)
# (typed, kind, means, note)
ROWS = [
    ("tough", "alternative", "difficult", DIFFICULT),
    ("tougher", "alternative", "difficult", DIFFICULT),
    ("toughest", "alternative", "difficult", DIFFICULT),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0116_judge_vocabulary_route_two_hander_long_lasting")]

    operations = [rows_operation(ROWS)]
