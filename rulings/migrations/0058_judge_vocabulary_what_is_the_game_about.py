"""Judge vocabulary, from probe round 27 (fresh questions on entries drawn at random from all the
current ones). A newcomer asks what a game "is about"; the core rules answer under "Game Concept and
Goal of the Game" ("Highlander: The Card Game is designed to simulate a duel between two
Immortals"). "about" is a stop word, so "what is highlander the card game about" searched for
"card" and "game" alone and found the rule fourteenth ("what is the game about", fourth). The
phrase's "*" keeps the one to three words inside it ("the", "this", "highlander the card"), as
0039's "object of * game" does. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CONCEPT = "Highlander core rules: 'Game Concept and Goal of the Game'"
ROWS = [
    (typed, "rewrite", "game concept", CONCEPT)
    for typed in ("what is * game about", "whats * game about", "what's * game about")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0057_judge_vocabulary_change_rearrange")]

    operations = [rows_operation(ROWS)]
