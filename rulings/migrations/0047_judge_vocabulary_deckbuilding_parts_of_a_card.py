"""Judge vocabulary, from this session's fresh probe questions (written from random entries before
searching). "deckbuilding" in one word (or with a hyphen) is building a deck, which 0018 reads as
constructing it: split into "deck" and a rare "building", "list of card types for deckbuilding"
put Faction Personas first and Constructing a Deck fourth. The "parts of a card" are its anatomy
(Highlander core rules, Card Anatomy: "Let's examine what makes up a Highlander card"), also with
the game named between ("parts of a highlander card": third, behind Card Groups, whose cards are
"part of" a group). Both first now. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "rewrite", "deck building", f"{CORE}: 'Constructing a Deck' (0018's 'building')")
      for typed in ("deckbuilding", "deck-building")],
    *[(typed, "rewrite", "card anatomy", f"{CORE}, Card Anatomy: 'what makes up a Highlander card'")
      for typed in ("parts of a card", "parts of a * card", "parts of the card", "parts of the * card")],
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0046_judge_vocabulary_lets_prevents_point_of_the_game")]

    operations = [rows_operation(ROWS)]
