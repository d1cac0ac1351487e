"""Judge vocabulary from probe rounds 203-206 (session 47, written by helpers after the asked
questions' re-fit):

- "side board" also reads "sideboard": "what's the maximum number of cards allowed in the side board
  now" found no Sideboard ruling in the first twenty (CRF: "The sideboard is increased to 25
  cards"), now third. The phrase is kept beside it, as the MLE writes "Side Board Personas".
- "snapped" reads "broken": Disarming & Breaking Weapons, "your weapon may be broken".
- "hooked" and a "connection" read "link": INWO's Illegal Links, "A link is illegal if ... it
  contradicts the text on one of the linked" cards (from not in the first twenty to third).

Each checked against every question of make eval and the four rounds: none moved down. Data the
admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SIDEBOARD = "MECCG CRF, Sideboard ruling 1: 'The sideboard is increased to 25 cards'"
BROKEN = "Highlander rules, Disarming & Breaking Weapons: 'your weapon may be broken'"
LINK = "INWO rules, Illegal Links: 'A link is illegal if ... it contradicts the text on one of the linked'"
# (typed, kind, means, note)
ROWS = [
    ("side board", "rewrite", "sideboard side board", SIDEBOARD),
    ("side boards", "rewrite", "sideboards side boards", SIDEBOARD),
    ("snap", "alternative", "break", BROKEN),
    ("snaps", "alternative", "breaks", BROKEN),
    ("snapped", "alternative", "broken", BROKEN),
    ("hook", "alternative", "link", LINK),
    ("hooked", "alternative", "linked", LINK),
    ("connection", "alternative", "link", LINK),
    ("connections", "alternative", "links", LINK),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0104_answer_reports")]

    operations = [rows_operation(ROWS)]
