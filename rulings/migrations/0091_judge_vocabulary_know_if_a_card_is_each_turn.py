"""Judge vocabulary, from probe round 178. Knowing or telling "if a card is" a kind of card is
recognising it, as 0056 reads "recognise": by its icon (the core rules, Situations: "Situations have
a silhouette of an Immortal as their icon"). "how do i know if a card is a situation" found the
Situations rule nowhere in its first twenty ("know", in few entries, weighed most), now first.
"each turn" and "every turn" read "per turn", as 0079 reads "in the same turn": the core rules'
Multiple Attacks, "Normally, you have only one opportunity to attack per turn", came third for "how
many attacks do i get each turn", behind two MLE FAQs that hold "attack" and "turn", now first;
and a tuning question, "must i play an attack every turn", goes from fifth to fourth. Neutral on
the tuning folds' first answers, the held-out half and the earlier probes. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

KIND = "knowing whether a card is a kind of card is recognising it (0056: by its icon)"
PER_TURN = "the documents say 'per turn' (0079 reads 'in the same turn' so)"
# (typed, kind, means, note)
ROWS = [
    ("know if a card is", "rewrite", "recognise", KIND),
    ("tell if a card is", "rewrite", "recognise", KIND),
    ("each turn", "rewrite", "per turn", PER_TURN),
    ("every turn", "rewrite", "per turn", PER_TURN),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0090_judge_vocabulary_no_effect_other_players_lowers")]

    operations = [rows_operation(ROWS)]
