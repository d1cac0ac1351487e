"""Judge vocabulary from probe rounds 219-222 (session 48, written by helpers who saw only the
drawn entries):

- Cards "cleared" at the start of a turn are swept, as 0097 reads "clear away": "when do my played
  cards get cleared" found the Sweep Phase ("you discard any cards still in play that normally do
  not remain in play") fourth; now first.
- A character "locked up", or one an effect "captures", is taken prisoner: "can he pick my ally as
  the one that gets locked up" found CRF Ally ruling 7 ("Allies cannot be targetted to be taken
  prisoner") nowhere in the first twenty; now first. ("Capture" already read "prisoner", 0082; an
  alternative belongs to the form typed, 0075.)
- A "requirement" of an action is also its condition, the CRF's active condition ("An active
  condition must be in play or established when the action requiring it is declared"): fifth; now
  first, and round 217's "my resource needs something in play as a requirement" from nowhere to
  fifth.
- A "penalty" to influence is also the CRF's "minus" ("When a character suffers a minus to direct
  influence, it must come from unrestricted direct influence first"): second; now first.

Each checked against every question of make eval and the four rounds (their asked questions set
aside): five moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SWEEP = (
    "Highlander core rules, Sweep Phase: 'you discard any cards still in play that normally do not remain in "
    "play'"
)
PRISONER = "MECCG CRF, Ally ruling 7: 'Allies cannot be targetted to be taken prisoner'"
CONDITION = "MECCG CRF, Active Conditions ruling 1: 'An active condition must be in play or established'"
MINUS = "MECCG CRF, Influence ruling 2: 'When a character suffers a minus to direct influence'"
# (typed, kind, means, note)
ROWS = [
    ("cleared", "alternative", "sweep", SWEEP),
    ("captures", "alternative", "prisoner", PRISONER),
    ("locked up", "rewrite", "taken prisoner", PRISONER),
    ("gets locked up", "rewrite", "is taken prisoner", PRISONER),
    ("requirement", "alternative", "condition", CONDITION),
    ("requirements", "alternative", "condition", CONDITION),
    ("penalty", "alternative", "minus", MINUS),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0108_judge_vocabulary_says_i_must_alley_my_immortal")]

    operations = [rows_operation(ROWS)]
