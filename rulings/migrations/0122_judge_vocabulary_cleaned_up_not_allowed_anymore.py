"""Judge vocabulary from probe rounds 271-274 (session 50, written by helpers who saw only the drawn
entries), found among the questions not answered first as met:

- Cards "cleaned up" are swept, as 0097 reads "clean up": "when do cards i played get cleaned up"
  found the Sweep Phase ("At the beginning of your next turn, you discard any cards still in play
  that normally do not remain in play") fifth with its asked questions set aside (probe round
  271); now first.
- A card "not allowed anymore" is illegal, as 0107 reads "not legal anymore": round 259's "I played
  a plot card but by the time it was going to happen it wasn't allowed anymore, where does the card
  go" found INWO's "If a Plot becomes illegal before its effect is resolved" seventh; now fifth.

Each checked against every question of make eval and rounds 263-274 (their asked questions set
aside): two moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SWEPT = "Highlander core rules, Sweep Phase: 'you discard any cards still in play that normally do not remain in play'"
ILLEGAL = (
    "INWO rules: 'If a Plot becomes illegal before its effect is resolved, the Plot card returns to the owner's "
    "hand and is exposed'"
)
# (typed, kind, means, note)
ROWS = [
    ("cleaned up", "rewrite", "swept", SWEPT),
    ("cleaned * up", "rewrite", "swept", SWEPT),
    ("cleaning up", "rewrite", "sweeping", SWEPT),
    ("cleans up", "rewrite", "sweeps", SWEPT),
    ("not allowed anymore", "rewrite", "illegal", ILLEGAL),
    ("wasnt allowed anymore", "rewrite", "illegal", ILLEGAL),
    ("wasn't allowed anymore", "rewrite", "illegal", ILLEGAL),
    ("isnt allowed anymore", "rewrite", "illegal", ILLEGAL),
    ("isn't allowed anymore", "rewrite", "illegal", ILLEGAL),
    ("no longer allowed", "rewrite", "illegal", ILLEGAL),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0121_judge_vocabulary_swinging_not_there_anymore")]

    operations = [rows_operation(ROWS)]
