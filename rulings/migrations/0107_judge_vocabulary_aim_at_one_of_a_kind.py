"""Judge vocabulary from probe rounds 211-214 (session 48, written by helpers who saw only the
drawn entries):

- An event that "aims at" a site targets it: "which sites can a hazard event aim at" found CRF
  Targets ruling 4, "Events that target sites can only target sites in play ...", tenth; now first.
- A resource "one of a kind" is Unique: INWO's "If a Resource is Unique, only one can be in play",
  third; now first.
- A discard "at the same moment" as a passive condition resolves is simultaneous with it, as 0043
  reads "at the same time": CRF Passive Conditions ruling 3, second; now first.
- A "chosen weapon" is the Weapon of Choice: "can my chosen weapon ever get exiled for good" found
  the core rules' Weapons of Choice ("It cannot be removed from the game") second; now first.
- A Plot that "stopped being legal" became illegal: INWO's "If a Plot becomes illegal before its
  effect is resolved", fifth; now first.
- A resource "handed" to a player (with the player or the card named after it, as 0106 reads
  "hand it over") is given: INWO's "If you give a Resource to another player", thirteenth; now
  fourth. "Handed" alone stays a weapon's ("a two handed weapon").
- A card's "layout" is its anatomy ("Let's examine what makes up a Highlander card"): eighth; now
  second.

Each checked against every question of make eval and the four rounds (their asked questions set
aside): none moved down. "On the table" as "in play" moved three up and two down (one out of the
first five), "single" as "one" one each way, and "nazgul" as Ringwraith two each way (a card,
Nazgul Are Abroad, bears the name): not kept. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

TARGET = "MECCG CRF, Targets ruling 4: 'Events that target sites can only target sites in play'"
UNIQUE = "INWO rules: 'If a Resource is Unique, only one can be in play.'"
SIMULTANEOUS = (
    "MECCG CRF, Passive Conditions ruling 3: 'that discard is considered simultaneous with the resolution'"
)
WEAPON = "Highlander core rules: 'Normally, you may utilize only one Weapon of Choice.'"
ILLEGAL = "INWO rules: 'If a Plot becomes illegal before its effect is resolved'"
GIVE = "INWO rules: 'If you give a Resource to another player, it is linked to his Illuminati'"
ANATOMY = "Highlander core rules, Card Anatomy: 'Let's examine what makes up a Highlander card'"
# (typed, kind, means, note)
ROWS = [
    ("aim at", "rewrite", "target", TARGET),
    ("aims at", "rewrite", "targets", TARGET),
    ("aimed at", "rewrite", "targeted", TARGET),
    ("aiming at", "rewrite", "targeting", TARGET),
    ("one of a kind", "rewrite", "unique", UNIQUE),
    ("at the same moment", "rewrite", "simultaneously", SIMULTANEOUS),
    ("the same moment", "rewrite", "simultaneously", SIMULTANEOUS),
    ("chosen weapon", "rewrite", "weapon of choice", WEAPON),
    ("stopped being legal", "rewrite", "became illegal", ILLEGAL),
    ("stops being legal", "rewrite", "becomes illegal", ILLEGAL),
    ("no longer legal", "rewrite", "illegal", ILLEGAL),
    ("not legal anymore", "rewrite", "illegal", ILLEGAL),
    # with whom or what is handed named after it: "handed" alone is a weapon's ("two handed")
    ("handed my", "rewrite", "gave my", GIVE),
    ("handed his", "rewrite", "gave his", GIVE),
    ("handed her", "rewrite", "gave her", GIVE),
    ("handed their", "rewrite", "gave their", GIVE),
    ("handed your", "rewrite", "gave your", GIVE),
    ("handed him", "rewrite", "gave him", GIVE),
    ("handed them", "rewrite", "gave them", GIVE),
    ("handed you", "rewrite", "gave you", GIVE),
    ("layout", "alternative", "anatomy", ANATOMY),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0106_judge_vocabulary_hand_over_wiped_out")]

    operations = [rows_operation(ROWS)]
