"""Judge vocabulary, from probe round 162. "How long" already reads "until" (the documents say how
long a card stays by when it goes: "until", "remain in play"); "last" in "how long do situations last"
is the documents' "remain", yet "last" is their word for the latest too ("your last defense"): read
as "remain" everywhere, it moved "my last defense was a block, where can i attack" from second to
third. So the whole question reads "until ... remain": the question put Punch's erratum first (its
Special Attack) and the core rules' Situations seventh; now Situations & Objects ("Both Situations and
Objects remain in play after being played") first and Situations second; "how long does an event
last" put Punch first and Events eighth, now second. Neutral on the tuning folds, the held-out half
and the earlier probes. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NOTE = "'last' as the documents' 'remain in play' (Situations & Objects), not 'the last defense'"
# (typed, kind, means, note)
ROWS = [
    ("how long do * last", "rewrite", "until remain", NOTE),
    ("how long does * last", "rewrite", "until remain", NOTE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0087_judge_vocabulary_max_hand_icons")]

    operations = [rows_operation(ROWS)]
