"""Judge vocabulary from probe rounds 279-282 (session 50, written by helpers who saw only the drawn
entries), found among the questions not answered first as met:

- An attack that "worked" was successful, as 0021 and 0120 read one that "went through": "when does
  an attack count as having worked" found Successful Attacks eleventh with its asked questions set
  aside (probe round 282); now first.
- An action "triggered" is one a passive condition causes: "triggered effect source leaves play
  before it resolves" did not find Passive Conditions ruling 2 ("A card causing an action as a
  result of a passive condition must be in play when the action resolves") in its first twenty
  (probe round 281); now third. The noun ("trigger") is left alone: read the same way, it put
  Annotation 9 before the ruling for "passive trigger card leaves before it resolves".
- An agent "turned back over" or "flipped back over" turns face down, where "flip" alone reads
  reveal: "when my agent gets turned back over to hidden, do the permanent events and stuff attached
  to him get flipped over too" did not find Agent ruling 17 ("Cards played on an agent remain face
  up when the agent turns face down") in its first twenty (probe round 281), nor did round 249's
  "my agent just got flipped back over"; both first now.

Each checked against every question of make eval and rounds 263-282 (their asked questions set
aside): eight moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SUCCESSFUL = (
    "Highlander core rules, Successful Attacks: 'An attack becomes successful if your opponent did not play a "
    "defense or use an effect that will block or avoid the attack'"
)
PASSIVE = (
    "MECCG CRF, Passive Conditions ruling 2: 'A card causing an action as a result of a passive condition must "
    "be in play when the action resolves'"
)
FACE_DOWN = "MECCG CRF, Agent ruling 17: 'Cards played on an agent remain face up when the agent turns face down.'"
# (typed, kind, means, note)
ROWS = [
    ("attack worked", "rewrite", "attack successful", SUCCESSFUL),
    ("attacks worked", "rewrite", "attacks successful", SUCCESSFUL),
    ("count as having worked", "rewrite", "count as successful", SUCCESSFUL),
    ("counts as having worked", "rewrite", "counts as successful", SUCCESSFUL),
    ("triggered", "alternative", "passive", PASSIVE),
    ("flipped back over", "rewrite", "turned face down", FACE_DOWN),
    ("turned back over", "rewrite", "turned face down", FACE_DOWN),
    ("flips back over", "rewrite", "turns face down", FACE_DOWN),
    ("turns back over", "rewrite", "turns face down", FACE_DOWN),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0123_judge_vocabulary_positions")]

    operations = [rows_operation(ROWS)]
