"""Judge vocabulary: a player calls the marks printed on a card "symbols"; the Highlander rules
call them icons (core rules: "Objects are marked with a sword icon", "Hand Icon", "Card Type
Icon", "Special Attacks have a gold grid icon"). "symbol" is in one heading only ("Reserved or
Signature Symbol"), so a question about "the sword symbol" found that heading and the entries on
icons came later. Data the admins edit (rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"

# (typed, kind, means, note)
ROWS = [
    (typed, "alternative", means, f"{CORE}: 'Objects are marked with a sword icon'")
    for typed, means in (("symbol", "icon"), ("symbols", "icons"))
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0015_lexicon_word_facets")]

    operations = [rows_operation(ROWS)]
