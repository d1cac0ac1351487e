"""Judge vocabulary from probe rounds 239-242 (session 49, written by helpers who saw only the drawn
entries):

- To "fuel" a Plot is INWO's "power" it: "action fueling a plot gets canceled do i lose it" found the
  rule on an action used to power a Plot second, behind the one on a canceled Plot; now first (with
  two more questions of the rounds).
- To "raise" a limit is to increase it: "For a tournament deck, is the sideboard still capped at 20
  cards or did they raise the limit?" found CRF Sideboard ruling 1 ("The sideboard is increased to 25
  cards") tenth; now first.

Each checked against every question of make eval and the twelve rounds (their asked questions set
aside): six moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

POWER = (
    "INWO rules excerpt: 'If an action is used to power a Plot or special ability, and the action is canceled "
    "or made illegal, the Plot or special ability fails'"
)
INCREASE = "MECCG CRF, Sideboard ruling 1: 'The sideboard is increased to 25 cards.'"
# (typed, kind, means, note)
ROWS = [
    ("fuel", "alternative", "power", POWER),
    ("fuels", "alternative", "powers", POWER),
    ("fueled", "alternative", "powered", POWER),
    ("fuelled", "alternative", "powered", POWER),
    ("fueling", "alternative", "powering", POWER),
    ("fuelling", "alternative", "powering", POWER),
    ("raise", "alternative", "increase", INCREASE),
    ("raised", "alternative", "increased", INCREASE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0113_judge_vocabulary_regular_evil_combo_harder")]

    operations = [rows_operation(ROWS)]
