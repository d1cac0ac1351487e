"""Judge vocabulary from probe rounds 215-218 (session 48, written by helpers who saw only the
drawn entries):

- Cards that "say i have to" (or "say you must") do something are the core rules' Must Do effects,
  as 0011 reads "says must" with nothing between: "at cleanup i have several cards that say i have
  to do something, do i pick which one resolves first" found Must Do Effects ("you may handle them
  in any order you choose") sixth; now second, behind the Draw/Discard Phase "cleanup" names.
- An "alley" is the misspelled Ally, as 0048 reads "taped": an English word the documents lack is
  otherwise left out, not corrected; "does a card showing somebody from the show ... count as an
  alley" found Allies ("An Ally is any non-Pre Game card that depicts a character from the
  television series") nowhere in the first twenty; now fifth.
- A judge's "immortal" (my immortal, your immortal) is the Persona they play: "if my immortal is
  darius can i still put another darius card out before the game starts" found FAQ 3 ("as long as
  you do not go over your limit of six cards with the title Darius") nowhere; now ninth, with the
  next row.
- "Before the game starts" (or begins) is Pre-Game, the documents' word for it.

Each checked against every question of make eval and the four rounds (their asked questions set
aside): six moved up, none down. An event "aimed at" a site with the event named between (as 0107
reads "aim at") moved one question up and one down, "announce" as declare one down and two up,
"instantly" and a "single hand" none: not kept. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

MUST_DO = "Highlander core rules, Must Do Effects: \"which will have the word 'must' in the description\""
ALLY = "Highlander core rules, Allies: 'An Ally is any non-Pre Game card that depicts a character'"
PERSONA = (
    "MLE supplement, FAQ 3: 'can I use a 1 Master Darius or other Darius pre-game with the Darius persona'"
)
PRE_GAME = "Highlander core rules, Pre-Game Cards: 'played before the game begins'"
# (typed, kind, means, note)
ROWS = [
    # the one to three words between, "i", "you", "that i", are kept after the replacement
    ("say * have to", "rewrite", "must do effects", MUST_DO),
    ("says * have to", "rewrite", "must do effects", MUST_DO),
    ("say * must", "rewrite", "must do effects", MUST_DO),
    ("says * must", "rewrite", "must do effects", MUST_DO),
    ("alley", "rewrite", "ally", ALLY),
    ("alleys", "rewrite", "allies", ALLY),
    ("my immortal", "rewrite", "my persona", PERSONA),
    ("your immortal", "rewrite", "your persona", PERSONA),
    ("before the game starts", "rewrite", "pre-game", PRE_GAME),
    ("before the game begins", "rewrite", "pre-game", PRE_GAME),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0107_judge_vocabulary_aim_at_one_of_a_kind")]

    operations = [rows_operation(ROWS)]
