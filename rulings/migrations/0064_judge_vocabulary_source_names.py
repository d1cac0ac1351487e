"""Judge vocabulary: the names judges give the documents, as data. A question naming a source
searches that source first, as one naming a game searches the game (rulings.search): "what does
the crf say about hazards" read "crf" as a typo of "crc" (Logos, an MLE card's symbol) and found
Logos first; "what is the mle" found the Kell Scare erratum ("MLE" is in most of the supplement's
errata), not its Introduction. A source's name is a new kind of row, whose meaning is the source's
slug; a phrase naming a source is a rewrite to its name. Data the admins edit
(rulings.models_search.JudgeWord)."""

from django.db import migrations, models

from rulings.migrations._vocabulary_rows import rows_operation

MLE = "highlander-mle-rule-supplement-2007"
CRF = "meccg-crf6-rulings-by-term"
MLE_NAME = "The MLE Rule Supplement calls the expansions the Missing Link Expansions (MLE)"
CRF_NAME = "MECCG's Comprehensive Rules FAQ, 6th edition (CRF 6): the source holds its part III"
ROWS = [
    ("mle", "source", MLE, MLE_NAME),
    ("missing link expansions", "rewrite", "mle", MLE_NAME),
    ("missing link expansion", "rewrite", "mle", MLE_NAME),
    ("rule supplement", "rewrite", "mle", MLE_NAME),
    ("rules supplement", "rewrite", "mle", MLE_NAME),
    ("crf", "source", CRF, CRF_NAME),
    ("crf6", "source", CRF, CRF_NAME),
    ("crf 6", "rewrite", "crf", CRF_NAME),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0063_judge_vocabulary_need_must")]

    operations = [
        migrations.AlterField(
            model_name="judgeword",
            name="kind",
            field=models.CharField(
                choices=[
                    ("alternative", "Also search for (a judge's word -> the documents' word)"),
                    ("rewrite", "Rewrite the phrase (before the words are read)"),
                    ("filler", "Question word (counts little)"),
                    ("source", "Names a source (the question searches it first)"),
                ],
                default="alternative",
                max_length=16,
            ),
        ),
        migrations.AlterField(
            model_name="judgeword",
            name="means",
            field=models.CharField(
                blank=True,
                default="",
                help_text="Alternative: the documents' words, separated by commas. Rewrite: the "
                "replacement phrase. Filler: leave empty. Source: the source's slug (as in its page's address).",
                max_length=200,
            ),
        ),
        rows_operation(ROWS),
    ]
