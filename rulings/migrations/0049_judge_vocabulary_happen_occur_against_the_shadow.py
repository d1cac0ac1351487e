"""Judge vocabulary, from probe round 9 (fresh questions written from random entries before
searching). What a judge says "happens" the rules say "occurs" (MECCG CRF, Annotation 9: "If a card
specifies that an action is to occur as a result of some specific passive condition"): "a passive
condition makes an action happen, when is that action declared" found Annotation 10 first, a near
tie broken the wrong way; Annotation 9 first now. "happen" stays a question word too (0005: weighed
little), so "what happens" questions barely move. Naming the MECCG expansion, "Against the Shadow"
(or "MEAS", as its rules insert calls itself), names its game, as "middle-earth" does: "what are the
under-deeps in against the shadow" searched for "shadow" and found an example mentioning a
Shadow-hold before the rule "The Under-deeps"; first now. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

OCCUR = "MECCG CRF, Annotation 9: 'an action is to occur as a result of some specific passive condition'"
EXPANSION = "MECCG's expansion Middle-earth: Against the Shadow (MEAS), whose rules insert is a source"

# (typed, kind, means, note)
ROWS = [
    ("happen", "alternative", "occur", OCCUR),
    ("happens", "alternative", "occurs", OCCUR),
    ("happened", "alternative", "occurred", OCCUR),
    ("happening", "alternative", "occurring", OCCUR),
    ("against the shadow", "rewrite", "middle-earth", EXPANSION),
    ("meas", "rewrite", "middle-earth", EXPANSION),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0048_judge_vocabulary_taped")]

    operations = [rows_operation(ROWS)]
