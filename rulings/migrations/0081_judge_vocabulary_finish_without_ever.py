"""Judge vocabulary, from probe round 122. A judge asks when an attack is "finished"; MECCG CRF
Annotation 12 says an attack "is considered to be resolved and concluded when the final strike ...
and the associated body check are resolved", and no entry holds "finish" in that sense: the
annotation was not in the first twenty for "when is an attack finished"; first now. "without ever
being in play" is the INWO excerpt's "was never actually in play": "i have a second copy of a group
that was discarded without ever being in play, can i play it" put an entry on attacking Groups
first (it holds "Group", "discarded" and "duplicate" more often) and the answer second; first now.
Neutral on the tuning folds, the held-out half and the earlier probes. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ROWS = [
    (
        "finish",
        "alternative",
        "conclude,resolve",
        "MECCG CRF Annotation 12: an attack is 'resolved and concluded' when its body check is resolved",
    ),
    (
        "without ever",
        "rewrite",
        "never",
        "INWO: a Group card 'that was discarded but was never actually in play'",
    ),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0080_judge_vocabulary_type_cards")]

    operations = [rows_operation(ROWS)]
