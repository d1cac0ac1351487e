"""Judge vocabulary, from probe round 79: a block is a defense ("Blocks are defenses with a blue grid
icon", the core rules' Blocks), as 0005 reads a dodge. The rules for defending in general say
"defense": "exerting for a block, how many defenses can i play from the exertion" found Power Blocks
and Exertions first and Searching for a Defense ("You may play one legal defense from the
Exertion") fourth; first now. The nouns only ("block", "blocks"): to be "blocked" is 0069's. The
tuning half is unchanged; scored after the choice, the held-out half gains an answer first ("can I
block an attack with one defense per attack": the Defense Phase). Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "Highlander core rules, Blocks: 'Blocks are defenses with a blue grid icon'"
ROWS = [("block", "alternative", "defense", NOTE), ("blocks", "alternative", "defense", NOTE)]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0071_judge_vocabulary_figure_out")]

    operations = [rows_operation(ROWS)]
