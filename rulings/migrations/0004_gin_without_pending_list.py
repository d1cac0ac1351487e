"""The GIN indexes searched on every query without a pending list (fastupdate off). With it on, rows
inserted since the last vacuum wait in an unsorted list that every search reads in full: after an
import of 100,000 entries, some 200 pages (about 2 ms a query, and as much for a misspelled word
against the lexicon's trigram index). The corpus changes rarely (imports, staff edits): writes pay
the index update instead."""

import django.contrib.postgres.indexes
from django.db import migrations

LEXICON = """
ALTER INDEX rulings_lexicon_word_trgm SET (fastupdate = off);
SELECT gin_clean_pending_list('rulings_lexicon_word_trgm'::regclass);
"""


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0003_textversion_source_entry"),
        ("rulings", "0003_lexicon"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="entry", name="rulings_entry_search_gin"),
        migrations.RemoveIndex(model_name="entry", name="rulings_entry_names_trgm"),
        migrations.AddIndex(
            model_name="entry",
            index=django.contrib.postgres.indexes.GinIndex(
                fastupdate=False, fields=["search_vector"], name="rulings_entry_search_gin"
            ),
        ),
        migrations.AddIndex(
            model_name="entry",
            index=django.contrib.postgres.indexes.GinIndex(
                fastupdate=False, fields=["search_names"], name="rulings_entry_names_trgm", opclasses=["gin_trgm_ops"]
            ),
        ),
        migrations.RunSQL(LEXICON, "ALTER INDEX rulings_lexicon_word_trgm RESET (fastupdate);"),
    ]
