"""Judge vocabulary, for search reading no English word as two words run together (session 44:
"seeking" was read "see king", "formally" "form ally", "properties" "proper ties"). The one such
word the questions need is "subtitle", which the documents write apart ("The Sub-Title"): it reads
"sub title", as it did when split. Data the admins edit (rulings.models_search.JudgeWord)."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

SUBTITLE = 'the documents write "sub-title" (Card Anatomy): read as its two words'
# (typed, kind, means, note)
ROWS = [
    ("subtitle", "rewrite", "sub title", SUBTITLE),
    ("subtitles", "rewrite", "sub titles", SUBTITLE),
    ("subtitled", "rewrite", "sub titled", SUBTITLE),
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0094_judge_vocabulary_everybody")]

    operations = [rows_operation(ROWS)]
