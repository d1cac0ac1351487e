"""Judge vocabulary from probe rounds 287-294 (session 51, written by helpers who saw only the drawn
entries), found among the questions not answered first as met:

- A rules "sheet" is an insert: "Does the little rules sheet that came in the Against the Shadow box
  apply only to those cards" found the MEAS insert's Introduction ("This insert provides expansion
  rules and clarifications for use with all Middle-earth Collectible Card Game (MECCG) products")
  sixteenth (probe round 291); now first, and round 216's "Against the Shadow rules sheet" too.
- What is "not legal" (or "no longer legal", "isn't legal") is illegal, and what "can't legally" be
  done is done illegally: "when is a link not legal in illuminati" found INWO's "If a link to a Plot
  or Resource becomes temporarily illegal" third (probe round 283); now first. "plot no longer legal
  before it resolves" found "If a Plot becomes illegal before its effect is resolved" second (probe
  round 259); now first.
- What holds "for a moment" holds temporarily: "The group my resource is attached to can't legally
  hold it for a moment" found the same rule sixth (probe round 292); now first.

Tried and not kept: a weapon that "needs both hands" (or two) as 2-handed. With the asked questions
set aside it put MLE FAQ 35 ("I'm using a 2-Handed Weapon of Choice, and my number of Hands is
reduced to one") higher for two probes, but with them loaded a question written to check it, "great
sword needs two hands and i lost one", went from second to fourth. Nor "bonus" as modify, "keep" as
control, "step" as phase, "answer it" as respond to it, "throw * at" as attack: each moved questions
down.

Each checked against every question of make eval and rounds 291-298 (their asked questions set
aside): six moved up, none down. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

INSERT = (
    "MEAS insert, Introduction: 'This insert provides expansion rules and clarifications for use with all "
    "Middle-earth Collectible Card Game (MECCG) products.'"
)
ILLEGAL = (
    "INWO rules excerpt, Illegal Links: 'If a link to a Plot or Resource becomes temporarily illegal, the Plot or "
    "Resource is not lost'"
)
# (typed, kind, means, note)
ROWS = [
    ("sheet", "alternative", "insert", INSERT),
    ("no longer legal", "rewrite", "illegal", ILLEGAL),
    ("not legal", "rewrite", "illegal", ILLEGAL),
    ("isnt legal", "rewrite", "illegal", ILLEGAL),
    ("isn't legal", "rewrite", "illegal", ILLEGAL),
    ("wasnt legal", "rewrite", "illegal", ILLEGAL),
    ("wasn't legal", "rewrite", "illegal", ILLEGAL),
    ("cant legally", "rewrite", "illegally", ILLEGAL),
    ("can't legally", "rewrite", "illegally", ILLEGAL),
    ("for a moment", "rewrite", "temporarily", ILLEGAL),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0125_judge_vocabulary_not_flipped")]

    operations = [rows_operation(ROWS)]
