"""Judge vocabulary: more words run together, found after probe round 146's "anytime" (0084). The
spelling reads a word the corpus lacks as two words it has ("powerblow": power blow), but not when
one part is a stop word, which the index never holds: "inplay", "atleast", "ontop" and "infront" were
left out whole, and with them "play", "least", "top" and "front", words the documents use ("at least
one each of the six Basic Blocks", "the top 5 cards"). Written apart now; "upto" and "eachother"
too, whose parts are stop words both: dropped as the stop words they are, not told to the judge as
a word no entry holds. Neutral on the tuning folds, the held-out half and the probes. Data the admins
edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "words run together, one part a stop word: the spelling cannot split them"
# (typed, kind, means, note)
ROWS = [
    ("inplay", "rewrite", "in play", NOTE),
    ("atleast", "rewrite", "at least", NOTE),
    ("ontop", "rewrite", "on top", NOTE),
    ("infront", "rewrite", "in front", NOTE),
    ("upto", "rewrite", "up to", NOTE),
    ("eachother", "rewrite", "each other", NOTE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0084_judge_vocabulary_anytime_alot")]

    operations = [rows_operation(ROWS)]
