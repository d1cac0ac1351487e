"""Judge vocabulary from probe rounds 263-266 (session 50, written by helpers who saw only the drawn
entries), found among the questions not answered first as met:

- To "sway" a character or an agent is to influence it: "my agent is at the same site as my
  opponents agent, can i use mine to try to sway or fight theirs" did not find Agent ruling 1
  ("Agents cannot attack or influence each other.") in its first twenty (probe round 264); now third.
- The "final" card is the last one: "i just drew the final card from my draw pile, how much ability
  do i lose" found Exhaustion ("When the last card in your Endurance is drawn ...") second, under
  the Draw/Discard Phase (probe round 266); now first.

Each checked against every question of make eval and rounds 263-266 (their asked questions set
aside): two moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

INFLUENCE = "MECCG CRF, Agent ruling 1: 'Agents cannot attack or influence each other.'"
LAST = "Highlander core rules, Exhaustion: 'When the last card in your Endurance is drawn, discarded or otherwise taken'"
# (typed, kind, means, note)
ROWS = [
    ("sway", "alternative", "influence", INFLUENCE),
    ("sways", "alternative", "influences", INFLUENCE),
    ("swayed", "alternative", "influenced", INFLUENCE),
    ("swaying", "alternative", "influencing", INFLUENCE),
    ("final", "alternative", "last", LAST),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0118_judge_vocabulary_leftover_required_condition")]

    operations = [rows_operation(ROWS)]
