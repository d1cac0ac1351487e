"""Judge vocabulary, from probe rounds 133 to 140. To "respond" to a card is, in the CRF's words, to
declare an action in its chain of effects (Annotation 24: "No actions may be declared to occur between
these multiple actions"); no entry holds "respond", so the word, in one entry's "response", weighed
most of the question: "card does two things when it resolves, in what order and can i respond in
between" put Kit O'Brady's erratum first and Annotation 24 second, and a tuning question worded
alike put it tenth. "respond" also reads "declare" now: first, and third. Influence is "spent" in
the CRF ("You do not need to spend influence to control an ally"), "used up" at a table: "does an
ally use up influence" put "Playing an ally is not an influence attempt" first; first now. Neutral on
the tuning folds, the held-out half and the earlier probes. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means, note)
ROWS = [
    (
        "respond",
        "alternative",
        "declare",
        "MECCG CRF: actions are declared in a chain of effects (Annotation 24)",
    ),
    (
        "use up",
        "rewrite",
        "spend",
        "MECCG CRF, Ally: 'You do not need to spend influence to control an ally'",
    ),
    (
        "uses up",
        "rewrite",
        "spends",
        "MECCG CRF, Ally: 'You do not need to spend influence to control an ally'",
    ),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0082_judge_vocabulary_support_capture_minimum")]

    operations = [rows_operation(ROWS)]
