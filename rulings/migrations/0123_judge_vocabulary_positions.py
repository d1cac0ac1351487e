"""Judge vocabulary from probe rounds 275-278 (session 50, written by helpers who saw only the drawn
entries), found among the questions not answered first as met:

- A character's "positions" are its states: "what positions can a character card be in" found
  Character ruling 3 ("A character in play must always be in one of three independent states:
  untapped, tapped, or wounded") fifth (probe round 275); now second.

Checked against every question of make eval and rounds 263-278 (their asked questions set aside):
one moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

STATES = (
    "MECCG CRF, Character ruling 3: 'A character in play must always be in one of three independent states: "
    "untapped, tapped, or wounded'"
)
# (typed, kind, means, note)
ROWS = [
    ("position", "alternative", "state", STATES),
    ("positions", "alternative", "states", STATES),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0122_judge_vocabulary_cleaned_up_not_allowed_anymore")]

    operations = [rows_operation(ROWS)]
