"""Judge vocabulary: words players bring from other card games, which none of the documents uses
(each was left out of the search as a word the rulings lack), read as the Highlander core rules
say them: "exile" or "banish" a card is to remove it from the game ("Removing Cards from the
Game"); to "heal" is to raise one's Ability ("If a card raises your Ability") or, in MECCG, to
untap a wounded character; to "evade" an attack is to avoid it ("you may play that dodge to avoid
the attack"); "upkeep" is the start of the turn (the Sweep Phase), "cleanup" its end (the
Draw/Discard Phase), as 0011's phrases say them; a "knockdown" leaves a player prone. Found by
questions written for the class: "a card makes me exile a card, where do i take it from", "a card
heals me, when does it happen", "what happens during upkeep" and "what do i do at cleanup" did
not find their rule in the first twenty; "how do i evade an attack" put Dodges tenth. Each is first
or second now, `make eval` unchanged. Data the admins edit (rulings.models_search.JudgeWord), like
0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"
REMOVE = f"{CORE}: 'Removing Cards from the Game'"
HEAL = f"{CORE}: 'If a card raises your Ability'; MECCG CRF: a wounded character untaps"

# (typed, kind, means, note)
ROWS = [
    *[(typed, "rewrite", "remove from the game", REMOVE)
      for typed in ("exile", "exiles", "exiled", "exiling", "banish", "banishes", "banished", "banishing")],
    *[(typed, "alternative", means, HEAL)
      for typed, means in (("heal", "raise,untap"), ("heals", "raises,untaps"), ("healed", "raised,untapped"),
                           ("healing", "raising,untapping"))],
    *[(typed, "alternative", "avoid,dodge", f"{CORE}: 'play that dodge to avoid the attack'")
      for typed in ("evade", "evades", "evaded", "evading")],
    ("upkeep", "rewrite", "beginning of turn sweep phase", f"{CORE}: 'Sweep Phase' (0011)"),
    ("cleanup", "rewrite", "end of turn draw discard phase", f"{CORE}: 'Draw/Discard Phase' (0011)"),
    *[(typed, "alternative", "prone", "MLE supplement: 'your opponent becomes Prone'") for typed in ("knockdown", "knockdowns")],
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0023_judge_vocabulary_order_decide_pregames")]

    operations = [rows_operation(ROWS)]
