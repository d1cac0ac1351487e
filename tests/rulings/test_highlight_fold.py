"""The highlighting's folding of a text (rulings.highlight._fold_aligned), made faster: it must mark
the same words as the folding it replaced, whatever the text (curly quotes, bullets, accents,
characters whose lowercase is longer, lone surrogates)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulings.highlight import _FOLD_TABLE, _NON_ASCII, Marker, _fold_aligned
from rulings.search_query import Analysis, Word


def _reference(doc: str) -> tuple[str, bool]:
    """The folding as it was: each run of non-ASCII characters translated by a Python callback."""
    lowered = doc.lower()
    aligned = doc.isascii() or len(lowered) == len(doc)
    if doc.isascii():
        return lowered, aligned
    if len(lowered) != len(doc):
        lowered = doc
    return _NON_ASCII.sub(lambda run: run.group().translate(_FOLD_TABLE), lowered), aligned


TEXTS = st.text(
    alphabet=st.one_of(
        st.sampled_from("aZé’“”•ǅǆßİıﬁΣσςÅåØøÆæœŒΩωⅫⅻ①\u0301\u2126\u212a -'.\ud800"),
        st.characters(),
    ),
    max_size=60,
)


@given(TEXTS)
def test_folding_is_the_one_it_replaced(doc):
    folded, aligned = _fold_aligned(doc)
    assert (folded, aligned) == _reference(doc)
    assert len(folded) == len(doc)  # positions in the folded text are the text's


def test_accented_name_marked_among_curly_quotes_and_bullets():
    marker = Marker(Analysis(words=[Word("nazgul", 1.0, False, "nazgul")]))
    shown = marker("", "• “Nazgûl” can’t be blocked; NAZGÛL is the plural too.")
    assert shown == "• “<mark>Nazgûl</mark>” can’t be blocked; <mark>NAZGÛL</mark> is the plural too."


def test_markup_in_a_text_is_escaped_around_the_marks():
    marker = Marker(Analysis(words=[Word("block", 1.0, False, "block")]))
    shown = marker("", "A <b>block</b> & a dodge > a block")
    assert shown == "A &lt;b&gt;<mark>block</mark>&lt;/b&gt; &amp; a dodge &gt; a <mark>block</mark>"


def test_folding_texts_of_many_rare_characters_remembers_a_bounded_number(monkeypatch):
    """Texts are hostile input (a query, an imported entry): highlighting and card-name linking
    remember each character's folding, but a flood of distinct characters stops adding to it at
    the bound, and folds as before beyond it."""
    from cards.selectors import _folded_with_positions
    from rulings import textfold

    monkeypatch.setattr(textfold, "_FOLDED_CHARS", {})
    monkeypatch.setattr(textfold, "FOLDED_CHARS_MAX", 50)
    rare = "".join(chr(code) for code in range(0x4E00, 0x4E00 + 400))  # 400 distinct CJK ideographs
    marker = Marker(Analysis(words=[Word("nazgul", 1.0, False, "nazgul")]))
    shown = marker("", rare + " Nazgûl")  # an excerpt around the mark
    assert shown.endswith("<mark>Nazgûl</mark>") and shown.count("<mark>") == 1
    folded, positions = _folded_with_positions("Straße " + rare + " Nazgûl")
    assert folded.endswith(" nazgul") and folded.startswith("strasse ")
    assert positions[folded.index("nazgul")] == len("Straße " + rare + " ")
    assert len(textfold._FOLDED_CHARS) == 50


def _marker_from_every_stem(analysis: Analysis) -> Marker:
    """The marker as it was: every stem a start, "on" of "one" included."""
    marker = Marker(analysis)
    stems = {form for stems, exact in marker.forms for form in (*(stem for stem, _ in stems), *exact)}
    marker.starts = [start for start in stems if not any(start.startswith(s) and start != s for s in stems)]
    return marker


# typed word -> (its lexeme, alternatives), as the English stemmer and the vocabulary read them
QUERY_WORDS = {"one": ("one", ["1"]), "use": ("use", []), "ally": ("alli", []), "stop": ("stop", []),
               "block": ("block", []), "cards": ("card", []), "turning": ("turn", []), "1": ("1", [])}  # fmt: skip


def _analysis(typed: list[str]) -> Analysis:
    return Analysis(
        words=[Word(QUERY_WORDS[t][0], 1.0, False, t, alternatives=QUERY_WORDS[t][1]) for t in typed]
    )


TEXT_WORDS = ["on", "one", "ones", "only", "once", "oned", "onion", "using", "use", "us", "user", "ally",
              "allies", "all", "alley", "stopping", "stop", "stops", "block-on", "non-block", "cards",
              "card's", "turning", "10", "1", "-1", "1-on-1", "one-shot", "on-board"]  # fmt: skip


@given(
    st.lists(st.sampled_from(sorted(QUERY_WORDS)), min_size=1, max_size=4, unique=True),
    st.lists(st.sampled_from(TEXT_WORDS), max_size=30),
    st.lists(st.sampled_from([" ", ", ", ". ", "-", " (", ") "]), min_size=1, max_size=30),
)
def test_a_stem_with_few_endings_marks_the_words_it_marked_as_a_start(query, words, gaps):
    """A stem with few endings ("on" of "one": "-ing", "-ed") is not searched for itself, only
    followed by its endings' first letters: the same words are marked as when it was."""
    analysis = _analysis(query)
    text = "".join(word + gaps[i % len(gaps)] for i, word in enumerate(words))
    assert Marker(analysis).spans(text) == _marker_from_every_stem(analysis).spans(text)


def test_one_marks_one_and_ones_not_only_or_on():
    marker = Marker(_analysis(["use", "one"]))
    assert "on" not in marker.starts and "us" not in marker.starts
    shown = marker("", "Only one card, on using ones you use once.")
    assert (
        shown
        == "Only <mark>one</mark> card, on <mark>using</mark> <mark>ones</mark> you <mark>use</mark> once."
    )
