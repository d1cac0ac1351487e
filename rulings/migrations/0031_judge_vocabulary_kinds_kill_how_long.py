"""Judge vocabulary, from this session's second round of probe questions (71 written from random
entries before searching: 60 first before these rows, 62 after). A "kind" of card is a card "type"
(the core rules: "There are a number of card types you may wish to consider when constructing a
deck"); "kinds" was left out of "what kinds of cards should i put in my deck", 14th, third now. To
"kill" is to "eliminate" (MECCG CRF, Agents: "To eliminate one you must defeat the prowess and body
for all strikes"); 0008's "killed" reads so already, "how do i kill an agent instead of just
wounding it" came second, first now. "How long" asks for a duration: its "long" found MECCG's
"long-events" (Annotation 3) before the core rules' Events ("Event Cards briefly affect battle, and
are normally swept during your next Sweep Phase"), read as "until". `make eval` unchanged in both
halves and both folds. Data the admins edit (rulings.models_search.JudgeWord), like 0008's and later
rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"
CRF = "MECCG CRF rulings by term"
TYPES = f"{CORE}: 'There are a number of card types you may wish to consider when constructing a deck'"
ELIMINATE = f"{CRF}: 'To eliminate one you must defeat the prowess and body for all strikes'"
UNTIL = f"{CORE}, Events: 'normally swept during your next Sweep Phase' (not MECCG's long-events)"

# (typed, kind, means, note)
ROWS = [
    ("kind", "alternative", "type", TYPES),
    ("kinds", "alternative", "types", TYPES),
    *[(typed, "alternative", means, ELIMINATE)
      for typed, means in (("kill", "eliminate"), ("kills", "eliminates"), ("killing", "eliminating"))],
    ("how long", "rewrite", "until", UNTIL),
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0030_judge_vocabulary_phrasal_verbs")]

    operations = [rows_operation(ROWS)]
