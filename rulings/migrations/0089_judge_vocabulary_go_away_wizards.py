"""Judge vocabulary, from probe rounds 163 and 165. A condition that "went away" before its action
resolved is one that no longer exists (MECCG CRF, Annotation 7: "If any other active condition for
an action does not exist when the action is resolved, the action has no effect"): "away" alone
matched the MLE FAQ on Simple Mind and Watcher: Fair Fight, first; Annotation 7 was seventh, now
third behind Annotation 9 (a passive condition that must exist when its action resolves). "when does
an event go away" put the same FAQ first and the core rules' Events second, now first. The five
Wizards are named in no document, whose rulings say "Wizard" ("You may put two of the same Wizard in
your deck"): "can i have two gandalfs in my deck" put the Generic Persona first and the Wizard ruling
third, now first. Neutral on the tuning folds, the held-out half and the earlier probes. Data the
admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

GONE = "a condition or a card that goes away no longer exists (the CRF's active conditions)"
WIZARD = "one of MECCG's five Wizards, whom the CRF's rulings call 'Wizard'"
# (typed, kind, means, note)
ROWS = [
    ("go away", "rewrite", "exist", GONE),
    ("goes away", "rewrite", "exist", GONE),
    ("going away", "rewrite", "exist", GONE),
    ("went away", "rewrite", "exist", GONE),
    ("gone away", "rewrite", "exist", GONE),
    ("gandalf", "alternative", "wizard", WIZARD),
    ("saruman", "alternative", "wizard", WIZARD),
    ("radagast", "alternative", "wizard", WIZARD),
    ("alatar", "alternative", "wizard", WIZARD),
    ("pallando", "alternative", "wizard", WIZARD),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0088_judge_vocabulary_how_long_does_it_last")]

    operations = [rows_operation(ROWS)]
