"""Judge vocabulary, from probe rounds 127 to 132. In MECCG a character or ally "taps to support" by
giving +1 prowess; the CRF's ruling on allies that may not be attacked says "tap to give +1 prowess",
and "can an ally that cant be attacked still tap to support" put "Allies cannot tap to support
corruption checks" first: "support" also reads "prowess" now. "Captured" is the CRF's "taken
prisoner" ("can an ally be captured" put the answer twelfth; first now). "Minimum" is the rules'
"at least": a word in one entry, it weighed more than "blocks" and put Minimum Endurance Size before
Blocks ("at least one each of the six Basic Blocks") for "whats the minimum blocks i need in a
deck". The INWO excerpt sets permanent links against temporary ones ("Other links are temporary,
and may be changed"): "are links permanent or can i change them" put that entry eighth; "permanent"
also reads "temporary", a word no other source holds. "towards", "toward" and "among" are
prepositions, rare in the documents and so weighed as if they named a rule (5.0 for "towards", more
than "countered"): question words now. Neutral on the tuning folds and the held-out half; two
earlier probes came up a place. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [
    ("support", "alternative", "prowess", "MECCG: tapping to support gives +1 prowess (CRF, Ally)"),
    ("capture", "alternative", "prisoner", "MECCG CRF: a character is 'taken prisoner'"),
    ("minimum", "alternative", "least", "the rules say 'at least' (Blocks, Minimum Endurance Size)"),
    ("permanent", "alternative", "temporary", "INWO: links are permanent or temporary"),
    ("towards", "filler", "", "a preposition, rare in the documents: not what a rule is about"),
    ("toward", "filler", "", "a preposition, rare in the documents: not what a rule is about"),
    ("among", "filler", "", "a preposition, rare in the documents: not what a rule is about"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0081_judge_vocabulary_finish_without_ever")]

    operations = [rows_operation(ROWS)]
