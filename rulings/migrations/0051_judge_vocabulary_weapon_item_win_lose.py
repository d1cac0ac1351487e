"""Judge vocabulary, from probe round 13 (fresh questions on entries drawn at random from all the
current ones). In MECCG a weapon is an item, and the rulings say "item" (CRF, Ally: "Allies cannot
bear items"); only one MECCG ruling says "weapon", so "can i give a weapon to an ally" found nothing
of the rule in its first twenty. And the rules say who wins by who loses (Highlander core rules,
Head Shots: "they lose the game and their head immediately"): "if my head shot isnt blocked do i win
the game" found the goal of the game first and Head Shots second. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ITEMS = "MECCG CRF, Ally: 'Allies cannot bear items' (a MECCG weapon is an item)"

# (typed, kind, means, note)
ROWS = [
    ("weapon", "alternative", "item", ITEMS),
    ("weapons", "alternative", "items", ITEMS),
]
# (typed, kind, means before, means after), rows of 0025: winning is the opponent losing.
CHANGES = [
    ("win", "alternative", "goal", "goal, lose"),
    ("wins", "alternative", "goal", "goal, lose"),
    ("winning", "alternative", "goal", "goal, lose"),
    ("won", "alternative", "goal", "goal, lost"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0050_judge_vocabulary_same_resource_reasons")]

    operations = [rows_operation(ROWS, CHANGES)]
