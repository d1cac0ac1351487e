"""A partial index of the lexicon's facet rows ('#game:...', '#kind:...'), which every word
lookup of a search reads: without it, reading them scans the whole lexicon (its primary key
cannot serve a LIKE prefix under the database's collation), a cost that grows with the corpus'
vocabulary."""

from django.db import migrations

CREATE = "CREATE INDEX rulings_lexicon_facets ON rulings_lexicon (word) INCLUDE (ndoc) WHERE word LIKE '#%';"


class Migration(migrations.Migration):
    dependencies = [("rulings", "0008_judge_vocabulary_from_the_documents")]

    operations = [migrations.RunSQL(CREATE, "DROP INDEX IF EXISTS rulings_lexicon_facets;")]
