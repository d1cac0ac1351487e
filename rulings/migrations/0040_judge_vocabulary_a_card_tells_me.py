"""Judge vocabulary: a card that "tells" a player to do something "instructs" them, in the
documents' word (Highlander core rules, The Sequence of Play: "if your opponent has played a card
that instructs you to perform an action, you must wait until the Sweep Phase"). "tells" is in no
document, so it was left out of the question, and "my opponent's card tells me to do something on
their turn, do i do it right away" found the Sweep Phase's "immediately" first and the Golden Rule
not at all in the first twenty; first now, as is "opponent plays a card telling me to do
something on their turn, when do i do it" (second before). An alternative, one row per form: a
question word is matched as typed. And to "think about" cards for a deck is to "consider" them
("There are a number of card types you may wish to consider when constructing a deck": 5th -> 3rd
for "what kinds of cards should i think about putting in my deck"). Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

INSTRUCTS = "Highlander core rules, The Sequence of Play: 'a card that instructs you to perform an action'"
CONSIDER = "Highlander core rules, Constructing a Deck: 'card types you may wish to consider'"

# (typed, kind, means, note)
ROWS = [
    ("tell", "alternative", "instruct", INSTRUCTS),
    ("tells", "alternative", "instructs", INSTRUCTS),
    ("told", "alternative", "instructed", INSTRUCTS),
    ("telling", "alternative", "instructing", INSTRUCTS),
    ("think about", "rewrite", "consider", CONSIDER),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0039_judge_vocabulary_what_am_i_trying_to_do")]

    operations = [rows_operation(ROWS)]
