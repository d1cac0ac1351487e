"""Judge vocabulary from probe rounds 243-246 (session 49, written by helpers who saw only the drawn
entries):

- A "home site" is also written "homesite": the CRF writes both. "face up agent already at home site
  go home again" did not find Agent ruling 16 ("Revealed agents may return to their homesite") in
  its first twenty; now fifth. The rewrite keeps the two words (Agent ruling 12 says "home site").
  The plural read the same way moved a question on "home sites" down: not kept.
- To "carry out" an effect is to enact it: "When one of my guys is the one carrying out an effect,
  is he still counted as one of the characters in his own group for that card?" did not find
  Character ruling 2 in its first twenty; now first.
- "Chances" to attack as the core rules' attack "opportunities" moved a question naming the card
  Chance of Being Lost down: not kept.

Each checked against every question of make eval and the sixteen rounds (their asked questions set
aside): five moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

HOMESITE = (
    "MECCG CRF, Agent ruling 16: 'Revealed agents may return to their homesite, even if they are at one of "
    "their homesites.'"
)
ENACT = "MECCG CRF, Character ruling 2: 'A character enacting an effect counts as a character in his company.'"
# (typed, kind, means, note)
ROWS = [
    ("home site", "rewrite", "home site homesite", HOMESITE),
    ("carrying out", "rewrite", "enacting", ENACT),
    ("carry out", "rewrite", "enact", ENACT),
    ("carries out", "rewrite", "enacts", ENACT),
    ("carried out", "rewrite", "enacted", ENACT),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0114_judge_vocabulary_fuel_raise")]

    operations = [rows_operation(ROWS)]
