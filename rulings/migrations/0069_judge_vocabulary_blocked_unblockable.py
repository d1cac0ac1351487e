"""Judge vocabulary, from probe round 74: whether an attack "can be blocked" (or "dodged") is what the
MLE supplement's errata answer with "unblockable" and "undodgeable", one word the stemmer keeps apart
from "block" and "dodge" ("This attack is undodgeable", Twist Of The Blade's second version).
"can a twist of the blade thrust be dodged" found the unblockable version first, the undodgeable
one second; first now. The passive forms only: as an alternative of "block" too, an erratum saying
"unblockable" came before the rule a question about blocking a Power Blow asks for (a tuning
answer lost). Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ERRATA = "MLE supplement errata: 'This attack is unblockable' / 'undodgeable' answer whether it can be {}"
ROWS = [
    ("blocked", "alternative", "unblockable", ERRATA.format("blocked")),
    ("dodged", "alternative", "undodgeable", ERRATA.format("dodged")),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0068_judge_vocabulary_condition_gone")]

    operations = [rows_operation(ROWS)]
