"""Judge vocabulary, from probe round 14 (fresh questions on entries drawn at random from all the
current ones). A card that "leaves play" is, in the rules' words, "removed from play" (Highlander
core rules, Events: "Events are removed from play during your next Sweep Phase"): "when do event
cards leave play" did not find Events in its first twenty. "left" is not given the same meaning: it
is also a side (Upper Left Attack). Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

REMOVED = "Highlander core rules, Events: 'Events are removed from play during your next Sweep Phase'"

# (typed, kind, means, note)
ROWS = [
    ("leave", "alternative", "remove", REMOVED),
    ("leaves", "alternative", "removes", REMOVED),
    ("leaving", "alternative", "removing", REMOVED),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0051_judge_vocabulary_weapon_item_win_lose")]

    operations = [rows_operation(ROWS)]
