"""Word-level diff between two card texts."""

import pytest

from cards.diff import Segment, diff_words, render_html, tokenize


def _old(segments):
    return "".join(s.text for s in segments if s.op != "insert")


def _new(segments):
    return "".join(s.text for s in segments if s.op != "delete")


def test_identical_texts_are_one_equal_segment():
    assert diff_words("Play with Steal.", "Play with Steal.") == [Segment("equal", "Play with Steal.")]


def test_added_last_line():
    old = "Both Players shuffle their discard pile back into their Endurance."
    new = old + " Whenever this card enters your discard pile, it is removed from the game."
    assert diff_words(old, new) == [
        Segment("equal", old),
        Segment("insert", " Whenever this card enters your discard pile, it is removed from the game."),
    ]


def test_removed_phrase():
    segments = diff_words(
        "This attack does 3 points of damage. This attack may not be a power blow.",
        "This attack does 3 points of damage.",
    )
    assert [s.op for s in segments] == ["equal", "delete"]
    assert segments[1].text == " This attack may not be a power blow."


def test_replaced_words_read_as_one_change():
    segments = diff_words("The quick brown fox jumps", "The slow red fox leaps")
    assert segments == [
        Segment("equal", "The "),
        Segment("delete", "quick brown"),
        Segment("insert", "slow red"),
        Segment("equal", " fox "),
        Segment("delete", "jumps"),
        Segment("insert", "leaps"),
    ]


@pytest.mark.parametrize(
    "old,new",
    [
        ("", "Edge. Play in conjunction with Punch."),
        ("Edge. Play in conjunction with Punch.", ""),
        ("a b c d e", "a c e f"),
        ("may not be removed", "may not be removed from the game."),
        ("Nazgûl  are\nabroad", "Nazgûl are abroad!"),
    ],
)
def test_segments_rebuild_both_texts(old, new):
    segments = diff_words(old, new)
    assert _old(segments) == old
    assert _new(segments) == new


def test_word_level_not_character_level():
    segments = diff_words("Signature 2", "Signature 3")
    assert Segment("delete", "2") in segments and Segment("insert", "3") in segments
    assert diff_words("unblockable", "undodgeable") == [
        Segment("delete", "unblockable"),
        Segment("insert", "undodgeable"),
    ]


def test_tokenize_round_trips():
    text = "Don't Follow The Rules: remove 1 card, then—draw."
    assert "".join(tokenize(text)) == text
    assert "Don't" in tokenize(text)


def test_render_html_escapes_and_marks():
    html = render_html(diff_words("a <b> c", "a <b> d & e"))
    assert html == "a &lt;b&gt; <del>c</del><ins>d &amp; e</ins>"
