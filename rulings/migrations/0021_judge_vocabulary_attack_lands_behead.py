"""Judge vocabulary: an attack that "lands", "connects" or "goes through" is, in the Highlander
core rules, a successful one ("Successful Attacks"); to "behead" or "decapitate" an opponent is a
Head Shot ("cut off your opponent's head via a Head Shot"). Found by questions written for the
class: "what happens when my attack lands" put "Successful Attacks" seventh, "can i behead my
opponent" searched for "opponent" alone ("behead" is in no document, so it was left out). All
first now. "goes through" is rewritten after "attack(s)" only: "go through my deck" is a search
(0017's "look through"). Data the admins edit (rulings.models_search.JudgeWord), like 0008's and
later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"
SUCCESS = f"{CORE}: 'Successful Attacks'"
HEAD_SHOT = f"{CORE}: 'cut off your opponent's head via a Head Shot'"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "alternative", "successful", SUCCESS)
      for typed in ("land", "lands", "landed", "connect", "connects", "connected")],
    *[(f"{attack} {go} through", "rewrite", f"{attack} successful", SUCCESS)
      for attack in ("attack", "attacks") for go in ("go", "goes", "went", "gone", "get", "gets", "got")],
    *[(typed, "rewrite", "head shot", HEAD_SHOT)
      for typed in ("behead", "beheads", "beheaded", "beheading",
                    "decapitate", "decapitates", "decapitated", "decapitation")],
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0020_judge_vocabulary_twice")]

    operations = [rows_operation(ROWS)]
