"""Judge vocabulary: a card's "name" is its "title" in the core rules ("Any cards that share a single
word in their title are considered to be part of a Card Group"). A judge asks "my card has master in
the name is it a master card"; the erratum of Darius Master's Chronicles came before Card Groups,
first now. An alternative: "name" still finds the documents' own "name" (a Persona's, a Weapon of
Choice's). Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [
    (
        "name",
        "alternative",
        "title",
        "Highlander core rules, Card Groups: 'Any cards that share a single word in their title'",
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0037_judge_vocabulary_copies_of_a_card")]

    operations = [rows_operation(ROWS)]
