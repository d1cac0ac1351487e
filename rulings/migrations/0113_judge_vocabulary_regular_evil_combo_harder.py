"""Judge vocabulary from probe rounds 235-238 (session 49, written by helpers who saw only the drawn
entries):

- A "regular" attack is the core rules' "normal" one, and "harder" to stop is more "difficult":
  "what makes a special atack different from a regular attack and why is it harder to stop" did not
  find Special Attacks in its first twenty ("regular", in one entry, outweighed every rule word);
  now first.
- "Evil" Duncan is the Dark Duncan: "im playing the evil duncan persona, am i allowed to put regular
  duncan macleod specific cards in my deck" found FAQ 31 fifth; now first.
- A "combo" is a combination: "combo pregame used as persona" found Pre-Game Card / Persona
  Combination third; now second.

Each checked against every question of make eval and the eight rounds (their asked questions set
aside): five moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NORMAL = (
    "Highlander core rules, Special Attacks: 'Special Attacks have a gold grid icon, and are often more difficult "
    "to defend than normal attacks.'"
)
DARK = "MLE supplement, FAQ 31: 'Can the Dark Duncan use Clan MacLeod cards?'"
COMBINATION = (
    "MLE supplement, Pre-Game Card / Persona Combination: 'A Combination Pre-Game card has text on it that "
    "indicates it may be used either as a separate Persona'"
)
# (typed, kind, means, note)
ROWS = [
    ("regular", "alternative", "normal", NORMAL),
    ("hard", "alternative", "difficult", NORMAL),
    ("harder", "alternative", "difficult", NORMAL),
    ("evil", "alternative", "dark", DARK),
    ("combo", "alternative", "combination", COMBINATION),
    ("combos", "alternative", "combinations", COMBINATION),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0112_judge_vocabulary_yellow_fighting_nobody_left_pair_of")]

    operations = [rows_operation(ROWS)]
