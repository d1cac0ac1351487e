"""Judge vocabulary, from this session's fresh probe questions (written from random entries before
searching). A card that "lets" me do something "allows" me to, in the documents' word (MECCG CRF,
Hand Size: "Effects which increase your hand size or allow you to hold one more card"): "lets"
counted as a rare word found in no ruling, and "card lets me hold one more card, do i draw up to 9
now" found the Highlander goal of the game first and Hand Size fourth. A character that "cannot" be
discarded is one an effect "prevents" from being discarded (MECCG CRF, Corruption: "If an effect is
in play that prevents a character from being discarded, the character is not considered to fail
his corruption check"): second behind Annotation 23, first now. The point of the game with words
between ("the point of highlander the card game") is its goal, as 0027's "point of the game" is:
twelfth, first now. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CRF = "MECCG CRF rulings by term"
ALLOW = f"{CRF}, Hand Size: 'effects which ... allow you to hold one more card in your hand'"
GOAL = "Highlander core rules: 'Game Concept and Goal of the Game' (0027's 'point of the game')"

# (typed, kind, means, note)
ROWS = [
    ("let", "alternative", "allow", ALLOW),
    ("lets", "alternative", "allows", ALLOW),
    ("letting", "alternative", "allowing", ALLOW),
    *[(f"{word} of * game", "rewrite", "goal of the game", GOAL) for word in ("point", "object", "aim")],
]  # fmt: skip

# (typed, kind, means before, means after): 0008's row
CHANGES = [("cannot", "alternative", "unable", "unable,prevent")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0045_judge_vocabulary_still")]

    operations = [rows_operation(ROWS, CHANGES)]
