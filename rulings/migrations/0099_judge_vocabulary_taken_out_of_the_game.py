"""Judge vocabulary, for a card taken out of the game (session 45, probe round 193: "the card that
gave me extra endurance cards got taken out of the game, do those extra ones go too" found the
Highlander rule eleventh). The core rules say removed: "If a card allowing you to add cards to your
Endurance is removed, the added card or cards must also be removed." Not "out of the game" alone:
"am i out of the game" asks whether a player has lost. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

REMOVED = "Highlander core rules, Removing Cards from the Game: 'remove cards from the game'"
# (typed, kind, means, note)
ROWS = [
    (typed, "rewrite", "removed from the game", REMOVED)
    for typed in (
        "taken out of the game",
        "taken out of game",
        "take * out of the game",
        "take * out of game",
        "takes * out of the game",
        "took * out of the game",
        "taking * out of the game",
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0098_judge_vocabulary_irregular_pasts")]

    operations = [rows_operation(ROWS)]
