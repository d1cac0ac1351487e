"""Judge vocabulary: a player "builds" a deck; the Highlander core rules and the MECCG CRF say
"constructing" ("Constructing a Deck"; "When constructing a Ringwraith deck, agents are always
considered characters"), the MLE supplement "building" twice. Found by a probe question written
from a random entry: "is an agent a character when building a ringwraith deck" put another agent
ruling first, and "how do i build my deck" put "Constructing a Deck" third. An alternative, not a
rewrite: the supplement's own "building" still counts. Data the admins edit
(rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "MECCG CRF: 'When constructing a Ringwraith deck'; core rules: 'Constructing a Deck'"

# (typed, kind, means, note)
ROWS = [
    (typed, "alternative", means, NOTE)
    for typed, means in (
        ("build", "construct"),
        ("builds", "constructs"),
        ("building", "constructing"),
        ("built", "constructed"),
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0017_judge_vocabulary_look_through_go_back")]

    operations = [rows_operation(ROWS)]
