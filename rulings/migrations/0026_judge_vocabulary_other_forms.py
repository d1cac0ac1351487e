"""Judge vocabulary: words of the probe questions that were left out as words the rulings lack,
or forms of earlier rows' words that those rows did not list. A "cap" is a limit (MECCG CRF: "the
hazard limit"; "is the hazard cap checked again when the hazard resolves" put "The validity of an
effect, including the hazard limit, is checked upon declaration and upon resolution" third, first
now); to "try" is to attempt ("you have attempted to remove that card already this turn"); to
"fetch" a card is to retrieve or search for it ("Ian says you may retrieve 'Darius'"); "hits" is
a form of 0005's "hit". `make eval` unchanged. "flips" and "flipped" were tried as forms of 0005's
"flip" (reveal) and left out: an agent that "flips face down" is turned, not revealed, and its
ruling fell from first to third. Data the admins edit (rulings.models_search.JudgeWord), like
0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CRF = "MECCG CRF rulings by term"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "alternative", "limit,maximum", f"{CRF}: 'the hazard limit'") for typed in ("cap", "caps")],
    *[(typed, "alternative", "attempt", f"{CRF}: 'attempted to remove that card'")
      for typed in ("try", "tries", "tried", "trying")],
    *[(typed, "alternative", "retrieve,search", "MLE supplement: 'Ian says you may retrieve \"Darius\"'")
      for typed in ("fetch", "fetches", "fetched", "fetching")],
    ("hits", "alternative", "attack", "a form of 0005's 'hit'"),
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0025_judge_vocabulary_win_goal")]

    operations = [rows_operation(ROWS)]
