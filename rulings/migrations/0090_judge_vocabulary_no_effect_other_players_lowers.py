"""Judge vocabulary, from probe rounds 173 and 174. A card that "doesn't affect" a player is one that
"has no effect on" him, as the documents say it (MECCG CRF, Card Effect Limitations: "listed in the
MELE Rulesbook as having no effect on a Ringwraith/Sauron player"; the core rules: a nullified card
"has no effect on any card, player, rule"): "cards that MELE says dont affect ringwraith players"
put the Ringwraiths ruling on Nazgul first and that ruling second, now first, as are two earlier
probes asking the same. "the other players" are the opponents, as 0008's "the other player" is:
"can my resource cards target the other players stuff" put INWO's Duplicate Resource Cards first
and the CRF's Targets ruling third ("You cannot target an opponent's character or resouces"), now
first. A card that "lowers" influence "reduces" it (the CRF's Influence: "If a card reduces direct
influence, making it illegal for a follower to be controlled"), second before, now first; "lower"
itself stays a grid's place (the Lower Left Attack). Neutral on the tuning folds, the held-out half
and the earlier probes. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

NO_EFFECT = "a card that does not affect a thing 'has no effect on' it, as the documents say"
OTHERS = "the other players are the opponents (0008 reads 'the other player' so)"
LOWERS = "to lower a value is to reduce it; 'lower' alone is a grid's place (Lower Left Attack)"
NEGATED = ("don't", "dont", "doesn't", "doesnt", "does not", "do not", "won't", "wont", "didn't", "didnt")
# (typed, kind, means, note)
ROWS = [
    *((f"{negated} affect", "rewrite", "no effect on", NO_EFFECT) for negated in NEGATED),
    ("the other players", "rewrite", "opponents", OTHERS),
    ("the other player's", "rewrite", "opponent's", OTHERS),
    ("lowers", "alternative", "reduces", LOWERS),
    ("lowered", "alternative", "reduced", LOWERS),
    ("lowering", "alternative", "reducing", LOWERS),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0089_judge_vocabulary_go_away_wizards")]

    operations = [rows_operation(ROWS)]
