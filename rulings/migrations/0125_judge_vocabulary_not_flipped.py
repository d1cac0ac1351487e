"""Judge vocabulary from probe round 282 (session 50), found among the probes outside the first five
once rounds 279-282 were added to make eval:

- A site that "hasn't been flipped" is unrevealed, where "flipped" alone reads reveal (0124 reads an
  agent "flipped back over" as face down): "my opponent put down a new site that hasnt been flipped
  yet, can i aim an action at it" found Annotation 4 ("Face down cards include unrevealed new site
  cards and on-guard cards") sixth; now second. "Get rid of" as discard and "mess with" as target
  were tried with it and not kept: each moved questions down.

Checked against every question of make eval (their asked questions set aside): one moved up, none
down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

UNREVEALED = (
    "MECCG CRF, Annotation 4: 'An action may not target a face-down card nor any element of a face down card. "
    "Face down cards include unrevealed new site cards and on-guard cards.'"
)
# (typed, kind, means, note)
ROWS = [
    ("hasnt been flipped", "rewrite", "unrevealed", UNREVEALED),
    ("hasn't been flipped", "rewrite", "unrevealed", UNREVEALED),
    ("not flipped", "rewrite", "unrevealed", UNREVEALED),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0124_judge_vocabulary_worked_triggered_back_over")]

    operations = [rows_operation(ROWS)]
