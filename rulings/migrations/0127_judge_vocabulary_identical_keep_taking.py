"""Judge vocabulary from probe rounds 299-302 (session 51, written by helpers who saw only the drawn
entries), found among the questions not answered first as met:

- Cards "identical" to each other are copies of the same card: "I already have one copy of an
  object on the table, can I put a second identical one down" found Situations & Objects ("You may
  have multiple copies of the same Situation or Object in play at once") eleventh with its asked
  questions set aside (probe round 302); now seventh, round 278's "can i have two identical objects
  out" first (was fourth), and round 215's "a pair of identical wizards" finds CRF Wizard ruling 1
  ("You may put two of the same Wizard in your deck") first (was second).
- To "keep taking" turns (or "keep having" them) is to continue, as 0027 reads "keep going" and
  "keep playing": "All of my characters have been killed or eliminated in Middle-earth, am I knocked
  out of the game or can I keep taking my turns?" found CRF Character ruling 1 ("You may continue
  to play after you have lost all of your characters") tenth (probe round 300); now sixth, and
  round 276's "if every one of my characters gets killed do i lose right away or can i keep taking
  turns" first (was eighth).

Tried and not kept: "stick around" as remain in play (it moved two probes on events and situations
that stay or go down).

Each checked against every question of make eval and rounds 299-302 (their asked questions set
aside): five moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

COPIES = (
    "Highlander core rules, Situations & Objects: 'You may have multiple copies of the same Situation or Object "
    "in play at once.'"
)
CONTINUE = "MECCG CRF, Character ruling 1: 'You may continue to play after you have lost all of your characters.'"
# (typed, kind, means, note)
ROWS = [
    ("identical", "alternative", "same,copy", COPIES),
    ("keep taking", "rewrite", "continue taking", CONTINUE),
    ("keep having", "rewrite", "continue having", CONTINUE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0126_judge_vocabulary_sheet_not_legal")]

    operations = [rows_operation(ROWS)]
