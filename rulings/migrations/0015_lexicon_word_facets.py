"""The lexicon's words counted per source and kind: for each stemmed word, how many current
entries of each (source, kind) hold it, and under the empty word how many current entries each
(source, kind) has. Derived data, rebuilt with the lexicon (rulings.indexing); the search page's
facets estimate a large result's counts from it instead of counting a sample of its matches
(rulings.search_facets). Filled here from the stored search vectors, so a database migrated
without a new import has it at once."""

from django.db import migrations

CREATE = """
CREATE TABLE rulings_lexicon_facet (
    word text NOT NULL,
    source_id integer NOT NULL,  -- no foreign key, as the lexicon: derived rows, rebuilt, and a flush truncates the models' tables only
    kind text NOT NULL,
    ndoc integer NOT NULL,
    PRIMARY KEY (word, source_id, kind)
);
INSERT INTO rulings_lexicon_facet (word, source_id, kind, ndoc)
SELECT u.word, e.source_id, e.kind, count(*)
FROM rulings_entry e
CROSS JOIN LATERAL unnest(tsvector_to_array(e.search_vector) || ''::text) AS u(word)
WHERE e.status = 'current' AND e.search_vector IS NOT NULL
GROUP BY 1, 2, 3;
"""


class Migration(migrations.Migration):
    dependencies = [("rulings", "0014_judge_vocabulary_guy_wraith")]

    operations = [migrations.RunSQL(CREATE, "DROP TABLE IF EXISTS rulings_lexicon_facet;")]
