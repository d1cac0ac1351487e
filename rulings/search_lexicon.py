"""The statement that reads a question's words from the lexicon of the corpus (rulings_lexicon), one
row per word and lexeme: how many entries use it and, for a word the corpus lacks, its readings by
letters (neighbours swapped, two words run together, one letter dropped, added or changed:
rulings.spelling) and by trigrams; with the corpus' size, facet counts and the lexicon's version.
Run by rulings.search_query (analyse), its rows remembered by rulings.search_memory. And the one
that tells which of some words the corpus uses (`joined_pairs`: two typed words run together, when
one of them is a word the corpus lacks: a card's name typed apart). And how the first statement's rows
read a hyphenated word: whole, or as its parts (`readings_of`, `compound_part`)."""

from __future__ import annotations

import re

from rulings import spelling
from rulings.search_memory import recalled_corpus_words, remember_corpus_words
from rulings.search_sql import CONFIG, run

# The facet counts ('#game:...', '#kind:...' rows of the lexicon) the estimates read with every
# word lookup: served by a partial index of those rows alone (migration 0009), so the read does
# not scan a lexicon of every word of the corpus.
FACET_COUNTS = "(SELECT json_object_agg(substr(word, 2), ndoc) FROM rulings_lexicon WHERE word LIKE '#%%')"

READ_WORDS_SQL = """
SELECT t.ord, t.typed, lex.w, l.ndoc, near.word, near.sim, near.ndoc,
       (SELECT ndoc FROM rulings_lexicon WHERE word = ''),
       CASE WHEN %s THEN websearch_to_tsquery('{config}', rulings_unaccent(%s))::text END,
       {facets},
       swap.w, swap.ndoc, swap.variant,
       split.left_w, split.left_ndoc, split.right_w, split.right_ndoc, split.left_typed, split.right_typed,
       edit.w, edit.ndoc, edit.variants,
       {version}
FROM unnest(%s::text[], %s::bool[]) WITH ORDINALITY AS t(typed, spelled, ord)
CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('{config}', rulings_unaccent(t.typed)))) AS lex(w)
LEFT JOIN rulings_lexicon l ON l.word = lex.w
LEFT JOIN LATERAL (
    SELECT x.word, similarity(x.word, lex.w) AS sim, x.ndoc FROM rulings_lexicon x
    WHERE l.ndoc IS NULL AND length(lex.w) BETWEEN 4 AND {max_letters} AND x.word %% lex.w AND x.word <> '' AND x.word NOT LIKE '#%%'
    ORDER BY x.word <-> lex.w, x.ndoc DESC LIMIT 1
) near ON true
LEFT JOIN LATERAL (
    -- a word the corpus lacks, read with two neighbouring letters swapped ("exahustion"): trigrams
    -- miss a swap (it breaks three of them); the variant the most entries use
    SELECT sw.w, x.ndoc, v.variant
    FROM generate_series(1, length(t.typed) - 1) AS i
    CROSS JOIN LATERAL (
        SELECT substr(t.typed, 1, i - 1) || substr(t.typed, i + 1, 1) || substr(t.typed, i, 1)
               || substr(t.typed, i + 2) AS variant
    ) v
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('{config}', rulings_unaccent(v.variant)))) AS sw(w)
    JOIN rulings_lexicon x ON x.word = sw.w
    WHERE l.ndoc IS NULL AND length(t.typed) BETWEEN 4 AND {max_letters} AND substr(t.typed, i, 1) <> substr(t.typed, i + 1, 1)
    ORDER BY x.ndoc DESC, i LIMIT 1
) swap ON true
LEFT JOIN LATERAL (
    -- a word the corpus lacks, read as two words it has ("powerblow", "combattrick"): people run
    -- words together; of the splits into two parts of three letters or more, each a word of the
    -- corpus, the one whose rarer part the most entries use
    SELECT a.word AS left_w, a.ndoc AS left_ndoc, b.word AS right_w, b.ndoc AS right_ndoc,
           p.left_typed, p.right_typed
    FROM generate_series(4, length(t.typed) - 2) AS i
    CROSS JOIN LATERAL (SELECT substr(t.typed, 1, i - 1) AS left_typed, substr(t.typed, i) AS right_typed) p
    CROSS JOIN LATERAL (
        SELECT tsvector_to_array(to_tsvector('{config}', rulings_unaccent(p.left_typed))) AS l,
               tsvector_to_array(to_tsvector('{config}', rulings_unaccent(p.right_typed))) AS r
    ) stems
    JOIN rulings_lexicon a ON a.word = stems.l[1]
    JOIN rulings_lexicon b ON b.word = stems.r[1]
    WHERE l.ndoc IS NULL AND swap.w IS NULL AND t.typed ~ '^[[:alpha:]]{{6,{max_letters}}}$'
      AND cardinality(stems.l) = 1 AND cardinality(stems.r) = 1
    ORDER BY least(a.ndoc, b.ndoc) DESC, i LIMIT 1
) split ON true
{one_letter}
ORDER BY t.ord, length(lex.w) DESC
"""


# The lexicon's version: the transaction that last wrote its '' row (the number of entries), which
# every recount rewrites (rulings.indexing: refresh_lexicon, reindex_entry). Read by both search
# statements: a search whose words were remembered from an older lexicon reads them again.
LEXICON_VERSION = "(SELECT xmin::text FROM rulings_lexicon WHERE word = '')"

# The sources' version: each source row's version, in id order: the transaction that wrote it and
# where it lies (two writes in one transaction share the one, never the other). Any change to a
# source (the importer's, an admin's, SQL's) writes a new version of its row; a source added or
# deleted lengthens or shortens the list: no two states of the sources share it. Read by the search
# statement, for the search page's list of sources (rulings.selectors.all_sources).
SOURCES_VERSION = "(SELECT string_agg(xmin::text || ctid::text, ',' ORDER BY id) FROM rulings_source)"

# Of words made of two typed words run together ("side swipe": "sideswipe"), those the corpus uses,
# with how many entries use them (a card's name typed apart, one part a word the corpus lacks).
CORPUS_WORDS = f"""
SELECT c.w, l.ndoc FROM unnest(%s::text[]) AS c(w)
JOIN rulings_lexicon l ON l.word = (tsvector_to_array(to_tsvector('{CONFIG}', rulings_unaccent(c.w))))[1]
"""  # noqa: S608 - CONFIG is a constant


def corpus_words(words: list[str], version: str | None) -> dict[str, int]:
    """Of these words, those the corpus uses, with how many entries use each: from this process'
    memory of this version of the lexicon when each was looked up in it before (a casual word of a
    question asked again costs no statement), else one statement."""
    words = sorted(set(words))
    if not words:
        return {}
    used = recalled_corpus_words(words, version)
    if used is None:
        used = dict(run(CORPUS_WORDS, [words]))
        remember_corpus_words(words, used, version)
    return used


def joined_pairs(typed: list[str], left_out: list[str], version: str | None) -> list[tuple[str, str]]:
    """Pairs of neighbouring words, one of them left out, that run together are a corpus word (the
    one more entries use first, then as typed; no word in two pairs), in this version of the lexicon
    (the one the question's words were read from)."""
    pairs = [(a, b) for a, b in zip(typed, typed[1:], strict=False) if {a, b} & set(left_out)]
    pairs = list(dict.fromkeys(pair for pair in pairs if pair[0].isalpha() and pair[1].isalpha()))
    used, chosen, taken = corpus_words([a + b for a, b in pairs], version), [], set()
    for a, b in sorted(pairs, key=lambda pair: -used.get(pair[0] + pair[1], 0)):
        if a + b in used and not {a, b} & taken:
            chosen.append((a, b))
            taken |= {a, b}
    return chosen


# The statement as run: its parts are constants, joined once rather than at every query read anew.
READ_WORDS = READ_WORDS_SQL.format(
    config=CONFIG,
    version=LEXICON_VERSION,
    facets=FACET_COUNTS,
    one_letter=spelling.one_letter_lateral(CONFIG),
    max_letters=spelling.MAX_SPELLED_LETTERS,
)


# A hyphenated word the corpus has whole in this many entries or fewer is read as its parts: the
# documents write most compounds both ways, and PostgreSQL indexes a written compound as itself and
# its parts. "weapon-specific" is whole in one erratum, apart in the rule that answers ("you may
# include the appropriate Weapon Specific cards"): read whole, it found only the erratum.
RARE_COMPOUND_MAX = 2


def readings_of(rows: list[tuple], typed: int) -> tuple[list[tuple], set[int]]:
    """The rows of READ_WORDS_SQL (analyse's) to read the typed words from: one per word, its whole form (the
    longest lexeme: "pre-game" as 'pre-gam', not 'pre' and 'game'), except a hyphenated word the
    corpus lacks as a whole ("hidden-attack") or has in RARE_COMPOUND_MAX entries at most
    ("weapon-specific"), read as its parts, each a word of its own; and the ordinals of those. Rows
    past the typed words are their alternatives, read elsewhere."""
    whole: dict[int, tuple] = {}
    parts: dict[int, list[tuple]] = {}
    for row in rows:
        if row[0] <= typed:
            if row[0] in whole:
                parts.setdefault(row[0], []).append(row)
            else:
                whole[row[0]] = row
    compounds = {
        ordinal for ordinal, row in whole.items() if (row[3] or 0) <= RARE_COMPOUND_MAX and ordinal in parts
    }
    readings = [
        reading
        for ordinal, row in whole.items()
        # a compound's parts in the order typed (its rows come longest first)
        for reading in (
            sorted(parts[ordinal], key=lambda part: row[1].find(part[2])) if ordinal in compounds else [row]
        )
    ]
    return readings, compounds


def compound_part(compound: str, lexeme: str) -> str:
    """The part of a typed compound that a lexeme was read from ("running-xylophone", 'xylophon':
    "xylophone"), else the lexeme."""
    return next((part for part in re.split(r"['’-]", compound) if part.startswith(lexeme)), lexeme)
