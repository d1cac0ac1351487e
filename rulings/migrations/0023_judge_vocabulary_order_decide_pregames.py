"""Judge vocabulary: the "order" of play is, in the Highlander core rules, "The Sequence of Play";
a judge "decides" who starts where the rules "determine" it ("Roll a die to determine whom goes
first"); "pregames" is the plural of 0005's "pregame" (rewritten to "pre-game"). Found by questions
written for the class: "what order do the phases go in" did not find The Sequence of Play in the
first twenty (eighth now), "how do we decide who starts" put "Beginning the Game" second (first
now), "how many pregames am i allowed" did not find "Pre-Game Cards" in the first twenty (sixth
now). "decide" already found "choose" (0008): that row gains "determine" unless an admin has
changed it since. Data the admins edit (rulings.models_search.JudgeWord), like 0008's and later
rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"
DETERMINE = f"{CORE}: 'Roll a die to determine whom goes first'"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "alternative", "sequence", f"{CORE}: 'The Sequence of Play'") for typed in ("order", "orders")],
    *[(typed, "alternative", "choose,determine", DETERMINE) for typed in ("decides", "decided", "deciding")],
    ("pregames", "rewrite", "pre-game", "the plural of 'pregame' (0005)"),
]  # fmt: skip
# (typed, kind, means before, means after): 0008's row
CHANGES = [("decide", "alternative", "choose", "choose,determine")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0022_judge_vocabulary_meccg_states")]

    operations = [rows_operation(ROWS, CHANGES)]
