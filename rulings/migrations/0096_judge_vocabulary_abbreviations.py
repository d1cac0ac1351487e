"""Judge vocabulary, for the shorthand MECCG players write (session 45, probe round 191: "perm
events in discard pile when deck runs out reshuffle?" found CRF Exhausted ruling 1 second). No
entry holds these, so search set them aside or, worse, corrected them into other words: "perms"
read "pers", "res" "rest", "chars" "charls", "oop" "top". Each reads as the documents' own words.
Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CRF = "MECCG shorthand; the CRF writes"
# (typed, kind, means, note)
ROWS = [
    ("perm", "rewrite", "permanent", f"{CRF} 'permanent-events'"),
    ("perms", "rewrite", "permanent", f"{CRF} 'permanent-events'"),
    ("res", "rewrite", "resource", f"{CRF} 'resource'"),
    ("haz", "rewrite", "hazard", f"{CRF} 'hazard'"),
    ("char", "rewrite", "character", f"{CRF} 'character'"),
    ("chars", "rewrite", "characters", f"{CRF} 'characters'"),
    ("char's", "rewrite", "character's", f"{CRF} 'character'"),
    ("cc", "rewrite", "corruption check", f"{CRF} 'corruption check'"),
    ("ccs", "rewrite", "corruption checks", f"{CRF} 'corruption checks'"),
    ("corr", "rewrite", "corruption", f"{CRF} 'corruption'"),
    ("di", "rewrite", "direct influence", f"{CRF} 'direct influence'"),
    ("gi", "rewrite", "general influence", f"{CRF} 'general influence'"),
    ("inf", "rewrite", "influence", f"{CRF} 'influence'"),
    ("aa", "rewrite", "automatic-attack", f"{CRF} 'automatic-attacks'"),
    ("aas", "rewrite", "automatic-attacks", f"{CRF} 'automatic-attacks'"),
    ("auto attack", "rewrite", "automatic-attack", f"{CRF} 'automatic-attacks' (auto-attack folds to this)"),
    ("auto attacks", "rewrite", "automatic-attacks", f"{CRF} 'automatic-attacks'"),
    ("autoattack", "rewrite", "automatic-attack", f"{CRF} 'automatic-attacks'"),
    ("autoattacks", "rewrite", "automatic-attacks", f"{CRF} 'automatic-attacks'"),
    ("sb", "rewrite", "sideboard", f"{CRF} 'sideboard'"),
    ("rw", "rewrite", "ringwraith", f"{CRF} 'Ringwraith player'"),
    ("rws", "rewrite", "ringwraiths", f"{CRF} 'Ringwraiths'"),
    ("fw", "rewrite", "fallen-wizard", f"{CRF} 'Fallen-wizard'"),
    ("m/h", "rewrite", "movement/hazard", f"{CRF} 'movement/hazard phase'"),
    ("opp", "rewrite", "opponent", f"{CRF} 'opponent'"),
    ("opps", "rewrite", "opponents", f"{CRF} 'opponents'"),
    ("opp's", "rewrite", "opponent's", f"{CRF} 'opponent's'"),
    ("opps'", "rewrite", "opponents'", f"{CRF} 'opponents''"),
    ("oppo", "rewrite", "opponent", f"{CRF} 'opponent'"),
    ("eot", "rewrite", "end of turn", f"{CRF} 'end of the turn'"),
    ("oop", "rewrite", "out of play", f"{CRF} 'out of play'"),
    ("mvmt", "rewrite", "movement", f"{CRF} 'movement'"),
    ("mvt", "rewrite", "movement", f"{CRF} 'movement'"),
    ("prow", "rewrite", "prowess", f"{CRF} 'prowess'"),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0095_judge_vocabulary_subtitle")]

    operations = [rows_operation(ROWS)]
