"""Judge vocabulary: a judge asks a grid's "color"; the documents name the colour itself (Highlander
core rules, Dodges: "Dodges are defenses with a green grid icon"; Blocks: "a blue grid icon"; the
MLE supplement's Combat Tricks: "designated by a Purple Grid"). "what color grid is a dodge"
found a FAQ about a 3-grid dodge and the Defense Phase ("the colored area") first, Dodges 3rd;
first now. An alternative: "color" still finds "colored". "colour" (already read as "color")
reads the colours too: an alternative is not followed through another. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

GRIDS = "Highlander core rules, Blocks and Dodges: 'a blue grid icon', 'a green grid icon'"
COLOURS = "colored,red,green,blue,purple"

# (typed, kind, means, note)
ROWS = [("color", "alternative", COLOURS, GRIDS)]
# (typed, kind, means before, means after)
CHANGES = [("colour", "alternative", "color", f"color,{COLOURS}")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0040_judge_vocabulary_a_card_tells_me")]

    operations = [rows_operation(ROWS, CHANGES)]
