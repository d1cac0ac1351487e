"""Judge vocabulary from probe rounds 251-258 (session 49, written by helpers who saw only the drawn
entries), found among the probes outside the first five once the rounds were added to make eval:

- "Leftover" strikes are the CRF's "excess" ones: "leftover strikes used as minus one penalties" did
  not find Attack ruling 4 ("Excess strikes applied as -1 modifiers do not have to have their body
  defeated") in its first twenty (probe round 256); now first.
- A "required condition" is an active condition: "i want to use my opponents ally as the required
  condition for my card to work, is that ok even though i cant aim my card at it" did not find
  Active Conditions ruling 2 in its first twenty (probe round 251); now second.

Each checked against every question of make eval (their asked questions set aside): two moved up,
none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

EXCESS = "MECCG CRF, Attack ruling 4: 'Excess strikes applied as -1 modifiers do not have to have their body defeated'"
ACTIVE = (
    "MECCG CRF, Active Conditions ruling 2: 'Your opponent's resources may be the active conditions for your "
    "resources, but may not be the targets for your resources.'"
)
# (typed, kind, means, note)
ROWS = [
    ("leftover", "alternative", "excess", EXCESS),
    ("leftovers", "alternative", "excess", EXCESS),
    ("left over", "rewrite", "excess", EXCESS),
    ("required condition", "rewrite", "active condition", ACTIVE),
    ("required conditions", "rewrite", "active conditions", ACTIVE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0117_judge_vocabulary_tougher")]

    operations = [rows_operation(ROWS)]
