"""Judge vocabulary: a player "looks through" their deck for a card and a card "goes back" to a
place; the documents say "search" (Highlander core rules, "Searching for an Attack": "You may
make an Exertion in hope of finding an attack") and "return" (MECCG CRF: "Revealed agents may
return to their homesite"). Found by probe questions written from random entries: "can i look
through my deck for an attack" put "Attacks" first and the entry on searching third; "can a
revealed agent go back to its home site" put another agent ruling first. "go through" is left
alone: an attack that "goes through" succeeds. Data the admins edit
(rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"
CRF = "MECCG CRF rulings by term"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "rewrite", means, f"{CORE}: 'Searching for an Attack'")
      for typed, means in (("look through", "search"), ("looks through", "searches"),
                           ("looking through", "searching"), ("looked through", "searched"))],
    *[(f"{go} back", "rewrite", "return", f"{CRF}: 'Revealed agents may return to their homesite'")
      for go in ("go", "goes", "going", "gone", "went")],
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0016_judge_vocabulary_symbol_icon")]

    operations = [rows_operation(ROWS)]
