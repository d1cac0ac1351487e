"""Judge vocabulary, from probe round 111: "pay" is in no entry; the MECCG CRF's Annotation 6 calls
what an action costs a condition ("If an action requires an entity to be discarded as a condition
for the action's main effect, that entity must be discarded when the action is declared"), and
"cost" already reads "condition". Fifth for "if i have to discard something to pay for an action
when does it actually get discarded", second now. "in the same turn" reads as "per turn", as "in
one turn" and "in a single turn" do: the core rules' Special Cards ("You may only play one Special
Card per turn") was sixth for "can i play two specials in the same turn", first now. Neutral on
the tuning folds, the held-out half and the other probes. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

ROWS = [
    ("pay", "alternative", "cost,condition", "MECCG CRF, Annotation 6: 'discarded as a condition for the action's main effect'"),
    ("in the same turn", "rewrite", "per turn", "Highlander core rules, Special Cards: 'one Special Card per turn'"),
]  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("rulings", "0078_judge_vocabulary_unclear")]

    operations = [rows_operation(ROWS)]
