"""Judge vocabulary, from probe round 42 (fresh questions on entries drawn from those at most two
questions had named). What a judge says a card "affects", the MECCG CRF says it "acts on" (Targets:
"A card that acts on a class of entities does not target them"): "does a card that affects all
characters target them" found the ruling fifth, behind entries holding "affected" and "characters".
"affect" and its forms now also read as "act". Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ACTS_ON = "MECCG CRF, Targets: 'A card that acts on a class of entities does not target them'"
ROWS = [
    (typed, "alternative", means, ACTS_ON)
    for typed, means in (
        ("affect", "act"),
        ("affects", "acts"),
        ("affecting", "acting"),
        ("affected", "acted"),
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0061_judge_vocabulary_change_modify")]

    operations = [rows_operation(ROWS)]
