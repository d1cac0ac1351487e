"""Judge vocabulary from probe rounds 267-270 (session 50, written by helpers who saw only the drawn
entries), found among the questions not answered first as met:

- "Swinging" is attacking, as 0111 reads "swing" and "swings": "can i defend if nothing is swinging
  at me" found the Defense Phase ("If there is no attack coming, you cannot play a defense") sixth
  with its asked questions set aside, under the card Nail Studded Bat Swing For Fences (probe round
  269); now fourth.
- A thing "not there anymore" no longer exists: "i played a card from hand but by the time it
  resolved the thing it needed wasnt there anymore, does it do nothing" found Annotation 7 ("If any
  other active condition for an action does not exist when the action is resolved, the action has
  no effect") seventh (probe round 269); now fourth. With and without the apostrophe, as 0090 reads
  "doesn't".

Each checked against every question of make eval and rounds 263-270 (their asked questions set
aside): two moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ATTACK = "Highlander core rules, Defense Phase: 'If there is no attack coming, you cannot play a defense'"
EXIST = "MECCG CRF, Annotation 7: 'If any other active condition for an action does not exist when the action is resolved'"
# (typed, kind, means, note)
ROWS = [
    ("swinging", "alternative", "attacking", ATTACK),
    ("swinging at", "rewrite", "attacking", ATTACK),
    ("not there anymore", "rewrite", "not exist", EXIST),
    ("wasnt there anymore", "rewrite", "not exist", EXIST),
    ("wasn't there anymore", "rewrite", "not exist", EXIST),
    ("isnt there anymore", "rewrite", "not exist", EXIST),
    ("isn't there anymore", "rewrite", "not exist", EXIST),
    ("no longer there", "rewrite", "not exist", EXIST),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0120_judge_vocabulary_count_as_going_through")]

    operations = [rows_operation(ROWS)]
