"""Judge vocabulary, from probe round 23 (fresh questions on entries drawn at random from all the
current ones). A judge asks to "change" or "reorder" the order of cards; the core rules say
"rearrange" (Multiple Attacks: "You may not rearrange the order of attacks..."): "can i change the
order of my attacks after playing them" found Attack Phase and Multiple Defenses first and the rule
fourth. An alternative, not a rewrite: "rearrange" is in one entry, and as the question's rarest
word it pulled every question about an order to it. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

REARRANGE = "Highlander core rules, Multiple Attacks: 'You may not rearrange the order of attacks'"
ROWS = [
    (typed, "alternative", means, REARRANGE)
    for typed, means in (
        ("change", "rearrange"),
        ("changes", "rearranges"),
        ("changing", "rearranging"),
        ("changed", "rearranged"),
        ("reorder", "rearrange"),
        ("reorders", "rearranges"),
        ("reordering", "rearranging"),
        ("reordered", "rearranged"),
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0056_judge_vocabulary_recognise_icon")]

    operations = [rows_operation(ROWS)]
