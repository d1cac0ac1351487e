"""Judge vocabulary for what players call their figures: a player says "my guy"; the documents say
"character" (MECCG CRF: "A discarded character may be brought into play again by any player").
"guy" alone stays a word of conversation (0008: "the other guy" is the opponent), so the phrases
are rewritten. A player says "wraith"; the documents say "Ringwraith" (MECCG CRF: "An agent in a
Ringwraith deck can only be played as a character at his home site"): English has "wraith", so it
was left out of the search as a word the rulings do not use. Data the admins edit
(rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import add_rows, remove_rows

CRF = "MECCG CRF rulings by term"

# (typed, kind, means, note)
ROWS = [
    *[(f"{whose} {guy}", "rewrite", f"{whose} {character}", f"{CRF}: 'A discarded character may be brought "
       "into play again'") for whose in ("my", "your", "his", "her", "their")
      for guy, character in (("guy", "character"), ("guys", "characters"))],
    *[(typed, "alternative", "ringwraith", f"{CRF}: 'An agent in a Ringwraith deck'") for typed in ("wraith", "wraiths")],
]  # fmt: skip


def seed(apps, schema_editor):
    add_rows(apps, ROWS)


def unseed(apps, schema_editor):
    remove_rows(apps, ROWS)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0013_judge_vocabulary_copies")]

    operations = [migrations.RunPython(seed, unseed)]
