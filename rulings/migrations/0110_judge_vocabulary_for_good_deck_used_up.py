"""Judge vocabulary from probe rounds 223-226 (session 48, written by helpers who saw only the
drawn entries):

- A card gone "for good" is gone "for the rest of the game", the CRF's words: "my opponent's wizard
  got killed off for good last turn, am i allowed to bring my own copy of him into play later" found
  CRF Eliminated ruling 1 ("An eliminated character may not be played by any player for the rest
  of the game") third; now first.
- A play deck "used up" is exhausted, not spent as 0083 reads "use up" alone: "is my deck used up
  right now or only when i try to draw again" found CRF Exhausted ruling 2 ("The play deck is
  exhausted when the last card is drawn") fifteenth; now second.

Each checked against every question of make eval and the four rounds (their asked questions set
aside): two moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

REST_OF_GAME = "MECCG CRF, Eliminated ruling 1: 'may not be played by any player for the rest of the game'"
EXHAUSTED = "MECCG CRF, Exhausted ruling 2: 'The play deck is exhausted when the last card is drawn.'"
# (typed, kind, means, note)
ROWS = [
    ("for good", "rewrite", "for the rest of the game", REST_OF_GAME),
    ("deck used up", "rewrite", "deck exhausted", EXHAUSTED),
    ("deck is used up", "rewrite", "deck is exhausted", EXHAUSTED),
    ("deck gets used up", "rewrite", "deck is exhausted", EXHAUSTED),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0109_judge_vocabulary_cleared_locked_up_requirement")]

    operations = [rows_operation(ROWS)]
