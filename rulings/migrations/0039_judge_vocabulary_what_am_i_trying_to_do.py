"""Judge vocabulary: "what am I trying to do" in a game asks its goal (Highlander core rules, Game
Concept and Goal of the Game: "Your goal is to reduce your opponent to an Ability of zero, or cut
off your opponent's head via a Head Shot."), and so
does "the object of the game". "trying" read as "attempt" found MECCG's burglary attempts first; the
rule was 14th for "what are you trying to do in this game", not among the first twenty for "what am
i trying to do in highlander": first now for both, and for "whats the object of the game". Data the
admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

GOAL = "Highlander core rules: 'Game Concept and Goal of the Game'"

# (typed, kind, means, note)
ROWS = [
    ("what are you trying to do", "rewrite", "what is the goal", GOAL),
    ("what am i trying to do", "rewrite", "what is the goal", GOAL),
    ("object of the game", "rewrite", "goal of the game", GOAL),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0038_judge_vocabulary_name_is_title")]

    operations = [rows_operation(ROWS)]
