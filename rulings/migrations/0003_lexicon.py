"""The lexicon of the knowledge base: every stemmed word of the stored search vectors with the
number of entries using it (and, under the word '', the number of entries). Search reads it for each query word's rarity (its weight) and to
correct misspelled words (trigram nearest word). Refreshed after every import."""

from django.db import migrations

CREATE = """
CREATE TABLE rulings_lexicon (word text PRIMARY KEY, ndoc integer NOT NULL);
CREATE INDEX rulings_lexicon_word_trgm ON rulings_lexicon USING gin (word gin_trgm_ops);
"""


class Migration(migrations.Migration):
    dependencies = [("rulings", "0002_entry_link_text")]

    operations = [migrations.RunSQL(CREATE, "DROP TABLE IF EXISTS rulings_lexicon;")]
