"""Judge vocabulary from probe rounds 221 and 227-230 (session 48, written by helpers who saw only the
drawn entries):

- An opponent who "swung at" me attacked me, and a "swing" is an attack: "My opponent swung at me
  twice last turn, how many blocks can I throw against each swing" found the Defense Phase ("You
  may play one defense against each attack that your opponent played") sixth; now fourth.
- To "cast" an event is to play it, another game's word: "can i tap one of my resources whenever i
  feel like it or only at points where i'd be able to cast resource events" found CRF Actions
  ruling 1 ("Tapping a resource can only be done at a time when you could otherwise play a resource
  event") sixth; now second.
- "Another immortal" (a different or other one) is another Persona, as 0108 reads "my immortal":
  "can i take the persona specific cards of a different immortal in my deck" found Persona Cards
  second; now first. "Immortal" alone as "persona" moved a question about a faction of "two
  immortals" down: not kept.

Each checked against every question of make eval and the four rounds (their asked questions set
aside): three moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ATTACK = (
    "Highlander core rules, Defense Phase: 'You may play one defense against each attack that your opponent "
    "played'"
)
PLAY = "MECCG CRF, Actions ruling 1: 'at a time when you could otherwise play a resource event'"
PERSONA = (
    "Highlander core rules, Persona Cards: 'This Pre-Game card allows you to play as your favorite Persona.'"
)
# (typed, kind, means, note)
ROWS = [
    ("swung at", "rewrite", "attacked", ATTACK),
    ("swing at", "rewrite", "attack", ATTACK),
    ("swings at", "rewrite", "attacks", ATTACK),
    ("swing", "alternative", "attack", ATTACK),
    ("swings", "alternative", "attacks", ATTACK),
    ("cast", "alternative", "play", PLAY),
    ("another immortal", "rewrite", "another persona", PERSONA),
    ("another immortals", "rewrite", "another personas", PERSONA),
    ("different immortal", "rewrite", "different persona", PERSONA),
    ("other immortal", "rewrite", "other persona", PERSONA),
    ("other immortals", "rewrite", "other personas", PERSONA),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0110_judge_vocabulary_for_good_deck_used_up")]

    operations = [rows_operation(ROWS)]
