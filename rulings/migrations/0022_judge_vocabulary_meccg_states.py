"""Judge vocabulary for MECCG's states and things, as players of other card games name them: a
character is "readied" (untapped), "injured" (wounded), travels in a "party" (company) and meets
"monsters" (creatures). MECCG CRF: "A character in play must always be in one of three independent
states: untapped, tapped, or wounded"; "the character doing so must be in the company facing the
attack"; "Agents are *not* creatures". None of these player words is in the documents, so each was
left out of the search: "a card says my guy cant ready, can anything ready him" did not find "Nothing
may untap a character who is the subject of an effect that states the character may not untap";
"can a character be injured and tapped at the same time" put the three states third. Both first
now, `make eval` unchanged. Data the admins edit (rulings.models_search.JudgeWord), like 0008's and
later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CRF = "MECCG CRF rulings by term"
STATES = f"{CRF}: 'untapped, tapped, or wounded'"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "alternative", "untap", STATES) for typed in ("ready", "readies", "readied", "readying")],
    *[(typed, "alternative", "wounded", STATES) for typed in ("injured", "injure", "injures", "injury", "injuries")],
    *[(typed, "alternative", "company", f"{CRF}: 'in the company facing the attack'") for typed in ("party", "parties")],
    *[(typed, "alternative", "creature", f"{CRF}: 'Agents are *not* creatures'") for typed in ("monster", "monsters")],
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0021_judge_vocabulary_attack_lands_behead")]

    operations = [rows_operation(ROWS)]
