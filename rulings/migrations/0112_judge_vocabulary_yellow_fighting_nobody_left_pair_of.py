"""Judge vocabulary from probe rounds 231-234 (session 49, written by helpers who saw only the drawn
entries):

- A "yellow" grid is the core rules' gold one: "my opponent swung with an attack that has a yellow
  grid symbol on it, is that one tougher to defend than a regular attack" found Special Attacks third;
  now first.
- "Fighting" is the documents' "combat": "how do i know if an in game card is one of the unarmed
  fighting cards" found Martial Arts Cards ninth; now third.
- "Nobody left" (or "no one left") means every character lost: "my whole company got wiped out by
  hazards and i have nobody left, am i out of the game or do i continue" found CRF Character ruling 1
  thirteenth; now third.
- "A pair of" is two: "I'm carrying a pair of single-hand signature weapons and something cuts me
  down to only one usable hand" found FAQ 36 fourth; now second.
- "A couple of" as "more than one" moved a question about an agent's cards down: not kept.

Each checked against every question of make eval and the four rounds (their asked questions set
aside): eight moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

GOLD = "Highlander core rules, Special Attacks: 'Special Attacks have a gold grid icon'"
COMBAT = (
    "MLE supplement, Martial Arts Cards: 'designed to simulate an Immortals' knowledge of various forms of "
    "unarmed combat'"
)
ALL_LOST = "MECCG CRF, Character ruling 1: 'You may continue to play after you have lost all of your characters.'"
TWO = "MLE supplement, FAQ 36: 'I'm using 2 1-Handed Weapons of Choice, and my number of Hands is reduced to one.'"
# (typed, kind, means, note)
ROWS = [
    ("yellow", "alternative", "gold", GOLD),
    ("fighting", "alternative", "combat", COMBAT),
    ("nobody left", "rewrite", "lost all characters", ALL_LOST),
    ("no one left", "rewrite", "lost all characters", ALL_LOST),
    ("pair of", "rewrite", "two", TWO),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0111_judge_vocabulary_swung_cast_another_immortal")]

    operations = [rows_operation(ROWS)]
