"""Judge vocabulary: "copies of a card" in a deck are what the core rules count as "cards of the
same title" ("Your deck may contain only 6 cards of the same title."). A judge asks "how many copies
of one card can i put in my deck"; the rule holds neither "copies" nor "card" in a way that
stands out, and a MECCG ruling on Wizards ("two of the same Wizard in your deck") and FAQ answers
came first (the rule 7th; 2nd to 4th for four other phrasings): first now for all five of them, and
for an older probe question ("max copies of one card in a deck"). Copies of a card "in play" are not
a deck's limit (Situations & Objects: "multiple copies of the same Situation or Object in play at
once"): those phrases read as they did, and are rows of their own only so that the deck's rewrite,
shorter, does not take them. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

TITLE = "Highlander core rules, Title: 'Your deck may contain only 6 cards of the same title.'"
IN_PLAY = "Highlander core rules, Situations & Objects: copies 'in play at once'; not the deck's limit"

# (typed, kind, means, note)
ROWS = [
    row
    for each in ("a", "one", "each", "any")
    for row in (
        (f"copies of {each} card", "rewrite", "cards of the same title", TITLE),
        (f"copies of {each} card in play", "rewrite", "copies of the same card in play", IN_PLAY),
        (f"copies of {each} card in play at once", "rewrite", "copies of the same card in play", IN_PLAY),
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0036_judge_vocabulary_where_does_it_go")]

    operations = [rows_operation(ROWS)]
