"""Judge vocabulary from probe rounds 207-210 (session 47, written by helpers):

- To "hand it over" is to give it: "where does a resource go when i hand it over" read "hand" as
  the cards held and found INWO's "If you give a Resource to another player, it is linked to his
  Illuminati" fourteenth; now first. ("give" also reads "pass", 0043.)
- A character "wiped out" is eliminated: "my character has a couple of permanent events attached
  and gets wiped out" found CRF Eliminated ruling 2, "When a card is eliminated, all
  permanent-events on that card are discarded", fourth; now first.

Each checked against every question of make eval and the four rounds: none moved down. Data the
admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

GIVE = "INWO rules: 'If you give a Resource to another player, it is linked to his Illuminati'"
ELIMINATED = "MECCG CRF, Eliminated ruling 2: 'When a card is eliminated, all permanent-events on that card are discarded'"
# (typed, kind, means, note)
ROWS = [
    # with the card named between: "hand over" alone is also a hand of cards "over" a limit
    ("hand it over", "rewrite", "give it", GIVE),
    ("hand them over", "rewrite", "give them", GIVE),
    ("hands it over", "rewrite", "gives it", GIVE),
    ("handed it over", "rewrite", "gave it", GIVE),
    ("handed over", "rewrite", "given", GIVE),
    ("handing over", "rewrite", "giving", GIVE),
    ("wipe out", "rewrite", "eliminate", ELIMINATED),
    ("wipes out", "rewrite", "eliminates", ELIMINATED),
    ("wiped out", "rewrite", "eliminated", ELIMINATED),
    ("wiping out", "rewrite", "eliminating", ELIMINATED),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0105_judge_vocabulary_side_board_snapped_hooked")]

    operations = [rows_operation(ROWS)]
