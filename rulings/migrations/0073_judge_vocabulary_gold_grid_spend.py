"""Judge vocabulary, from probe rounds 82 and 83. A grid's colour reads every colour the documents
give an icon: 0041 listed red, green, blue and purple and left out the core rules' Special Attacks
("Special Attacks have a gold grid icon") and the Hand Icon ("a small white icon in the shape of a
hand"): "what colour is the grid on a special attack" found Combat Tricks' "Purple Grid" first and
Special Attacks fourth; first now. And a cost is also what is spent (the CRF's ally rulings: "You do
not need to spend influence to control an ally"; INWO: "action(s) or other costs spent"): "does an
ally cost influence" found "Playing an ally is not an influence attempt" first; the ruling about
spending it is first now. Both neutral on the tuning folds and the held-out half. Data the admins
edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

OLD_COLOURS = "colored,red,green,blue,purple"
COLOURS = f"{OLD_COLOURS},gold,white"
# (typed, kind, means before, means after)
CHANGES = [
    ("color", "alternative", OLD_COLOURS, COLOURS),
    ("colour", "alternative", f"color,{OLD_COLOURS}", f"color,{COLOURS}"),
    ("cost", "alternative", "condition", "condition,spend,spent"),
    ("costs", "alternative", "conditions", "conditions,spend,spent"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0072_judge_vocabulary_block_defense")]

    operations = [rows_operation([], CHANGES)]
