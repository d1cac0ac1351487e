"""The champion lists: for each very common word of the corpus, the entries where it weighs most
(the weight the ranking gives the word in an entry), best first, each with the entry's words
(its search vector stripped of positions: a conjunction is tested on the list's row, the entry
looked up only when it matches). Derived data, rebuilt with the lexicon (rulings.indexing); search
reads a conjunction of very common words from the list of its rarest word instead of intersecting
posting lists of tens of thousands of entries."""

from django.db import migrations

CREATE = """
CREATE TABLE rulings_champion (
    word text NOT NULL,
    entry_id integer NOT NULL,
    impact real NOT NULL,
    lexemes tsvector NOT NULL,
    PRIMARY KEY (word, entry_id)
);
CREATE INDEX rulings_champion_best ON rulings_champion (word, impact DESC, entry_id);
"""


class Migration(migrations.Migration):
    dependencies = [("rulings", "0009_lexicon_facet_rows_index")]

    operations = [migrations.RunSQL(CREATE, "DROP TABLE IF EXISTS rulings_champion;")]
