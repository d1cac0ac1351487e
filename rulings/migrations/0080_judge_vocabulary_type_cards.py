"""Judge vocabulary, from probe round 118: a judge says "event card", the Highlander core rules
mostly "Events" ("Events are removed from play during your next Sweep Phase"). The typed "card"
then weighed for every Special card rule that holds "card" and "play" (the vocabulary's "event"
reads "special" too), and neither rule on Events was in the first twenty for "how long does an
event card stay in play"; first now. The documents never write "attack card", "situation card",
"object card" or "location card", read the same way. Neutral on the tuning folds and the held-out
half; two earlier probes rose to first ("when do event cards leave play", third; "what icon is on
a situation card", second). Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "Highlander core rules: 'Events are removed from play during your next Sweep Phase'"
ROWS = [
    (f"{kind} card{plural}", "rewrite", f"{kind}{plural}", NOTE)
    for kind in ("event", "attack", "situation", "object", "location")
    for plural in ("", "s")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0079_judge_vocabulary_pay_same_turn")]

    operations = [rows_operation(ROWS)]
