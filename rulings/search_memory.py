"""What this process remembers of the lexicon (rulings_lexicon): the rows the query's reading
(rulings.search_lexicon.READ_WORDS_SQL) returned for each word, and the corpus' size and facet
counts, for one version of the lexicon; each word's entries per source and kind
(rulings_lexicon_facet, which the same recounts rewrite); and which words made of two typed words run together the
corpus uses (rulings.search_lexicon.corpus_words). A query whose words were all read before makes no
statement to read them again; the search statement reports the lexicon's version, and a search
whose words came from an older one forgets them all and reads them again (rulings.search)."""

from __future__ import annotations

from dataclasses import dataclass, field

REMEMBERED_MAX = 20_000  # words and operator queries remembered per process (then all forgotten)


@dataclass
class _Lexicon:
    """What this process remembers of one version of the lexicon: the rows of READ_WORDS_SQL of each
    word read (its lexemes, counts and corrections), and the corpus' size and facet counts."""

    version: str
    total: int | None
    facets: dict[str, int]
    words: dict[str, list[tuple]] = field(default_factory=dict)
    websearch: dict[str, str | None] = field(default_factory=dict)  # a query with operators -> tsquery
    # two typed words run together ("sideswipe") -> the entries using it (None: no corpus word)
    joined: dict[str, int | None] = field(default_factory=dict)
    # a lexeme ('' for all the entries) -> its current entries per (game, kind, source)
    facets_by_word: dict[str, list[tuple[str, str, str, int]]] = field(default_factory=dict)

    def size(self) -> int:
        """What REMEMBERED_MAX bounds: everything remembered, counted one way for every kind."""
        return len(self.words) + len(self.websearch) + len(self.joined) + len(self.facets_by_word)


_remembered: _Lexicon | None = None


def forget_lexicon() -> None:
    """Read every word from the lexicon again (it changed since they were read)."""
    global _remembered
    _remembered = None


def recalled_rows(words: list[str], strict: bool, text: str) -> tuple[list[tuple], str] | None:
    """READ_WORDS_SQL's rows for the words, from memory, if every word (and with operators, the
    query as PostgreSQL reads it) is known."""
    lexicon = _remembered
    if lexicon is None or any(word not in lexicon.words for word in words):
        return None
    if strict and text not in lexicon.websearch:
        return None
    websearch = lexicon.websearch[text] if strict else None
    rows = [
        (ordinal, word, *row[:5], lexicon.total, websearch, lexicon.facets, *row[5:])
        for ordinal, word in enumerate(words, 1)
        for row in lexicon.words[word]
    ]
    return (rows, lexicon.version) if rows else None


def remember(words: list[str], rows: list[tuple], version: str | None, strict: bool, text: str) -> None:
    global _remembered
    if version is None or not rows:
        return
    lexicon = _remembered
    if lexicon is None or lexicon.version != version or lexicon.size() > REMEMBERED_MAX:
        lexicon = _Lexicon(version, rows[0][7], rows[0][9] or {})
    read: dict[str, list[tuple]] = {word: [] for word in words}
    for row in rows:  # what is the word's own: not the corpus' size, the tsquery, the facets
        read[words[row[0] - 1]].append((*row[2:7], *row[10:]))
    lexicon.words.update(read)
    if strict:
        lexicon.websearch[text] = rows[0][8]
    _remembered = lexicon


def recalled_corpus_words(words: list[str], version: str | None) -> dict[str, int] | None:
    """Of these words (each two typed words run together), those the corpus uses with how many
    entries use each, from memory, if each was looked up before in this version of the lexicon."""
    lexicon = _remembered
    if lexicon is None or lexicon.version != version or any(word not in lexicon.joined for word in words):
        return None
    return {word: lexicon.joined[word] for word in words if lexicon.joined[word] is not None}


def remember_corpus_words(words: list[str], used: dict[str, int], version: str | None) -> None:
    """What the lexicon said of these words, kept with the version of the lexicon the query's words
    were read from (forgotten with it: a search that finds the lexicon changed reads them all again)."""
    if _remembered is not None and _remembered.version == version:
        # bounded like the words: pairs of remembered words could otherwise grow it without end
        if _remembered.size() + len(words) > REMEMBERED_MAX:
            _remembered.joined.clear()
        _remembered.joined.update({word: used.get(word) for word in words})


def recalled_word_facets(lexemes: list[str], version: str | None) -> list[tuple] | None:
    """The lexemes' rows of rulings_lexicon_facet as (lexeme, game, kind, source, entries), from
    memory, if each was read before from this version of the lexicon."""
    lexicon = _remembered
    if lexicon is None or lexicon.version != version or any(w not in lexicon.facets_by_word for w in lexemes):
        return None
    return [(word, *row) for word in lexemes for row in lexicon.facets_by_word[word]]


def remember_word_facets(lexemes: list[str], rows: list[tuple], version: str | None) -> None:
    """The rows read for these lexemes, kept if they come from the version of the lexicon this
    process remembers (`version`: the one the statement that read them reported)."""
    lexicon = _remembered
    if lexicon is None or version is None or lexicon.version != version:
        return
    if lexicon.size() + len(lexemes) > REMEMBERED_MAX:
        lexicon.facets_by_word.clear()
    read: dict[str, list[tuple[str, str, str, int]]] = {word: [] for word in lexemes}
    for word, *row in rows:
        read[word].append(tuple(row))
    lexicon.facets_by_word.update(read)
