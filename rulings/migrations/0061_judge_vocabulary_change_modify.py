"""Judge vocabulary, from probe round 38 (fresh questions on entries drawn at random from all the
current ones). What a judge asks a card to "change", the MECCG CRF says it "modifies" (Attack:
"Cards only modify attacks if they say they do. So Sun will not modify an Assassin."): "can a card
change an attack if it doesn't mention attacks" found Multiple Attacks, which "change" reached
through its "rearrange" (0057), first and the ruling nowhere in the first twenty. "change" and its
forms now also read as "modify". Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ROWS: list[tuple[str, str, str, str]] = []  # no new row
# (typed, kind, means before, means after): 0057's rows, which an admin may since have changed
CHANGES = [
    (typed, "alternative", before, f"{before},{modify}")
    for typed, before, modify in (
        ("change", "rearrange", "modify"),
        ("changes", "rearranges", "modifies"),
        ("changing", "rearranging", "modifying"),
        ("changed", "rearranged", "modified"),
    )
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0060_judge_vocabulary_count_as")]

    operations = [rows_operation(ROWS, CHANGES)]
