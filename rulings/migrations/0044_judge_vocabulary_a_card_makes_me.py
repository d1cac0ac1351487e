"""Judge vocabulary: a card that "makes me" (or "makes you") do something instructs me to, in the
documents' word (Highlander core rules, The Sequence of Play: "if your opponent has played a card
that instructs you to perform an action, you must wait until the Sweep Phase"), as 0040 reads a
card that "tells" me. "make" alone stays: the rules "make" a Power Blow, an Exertion, an attack.
"my opponent's card makes me do something during his turn when do i do it" found Beginning the
Game and Power Blows first and The Sequence of Play not in the first twenty; first now, as is "if
a card makes you do something on the other players turn when do you do it" (Beginning the Game
first before). "make you" is left as typed: the core rules use it ("If you make your Guard a Power Block", Guard). Data the
admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

INSTRUCTS = "Highlander core rules, The Sequence of Play: 'a card that instructs you to perform an action'"

# (typed, kind, means, note)
ROWS = [
    ("makes me", "rewrite", "instructs me", INSTRUCTS),
    ("make me", "rewrite", "instruct me", INSTRUCTS),
    ("made me", "rewrite", "instructed me", INSTRUCTS),
    ("makes you", "rewrite", "instructs you", INSTRUCTS),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0043_judge_vocabulary_at_the_same_time")]

    operations = [rows_operation(ROWS)]
