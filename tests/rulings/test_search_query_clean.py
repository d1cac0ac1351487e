"""A query's cleaning (rulings.search_query.clean_query) skips its per-character walk when the text
is printable: it must read every query as the walk did (control and format characters become
spaces, whitespace runs one space)."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from rulings.search_query import clean_query


def _walked(raw: str) -> str:
    text = unicodedata.normalize("NFKC", raw)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return re.sub(r"\s+", " ", text).strip()


@given(
    st.text(
        alphabet=st.one_of(st.characters(), st.sampled_from("\x00\t\n\u200b\u2028\u00a0\ufeff é")),
        max_size=80,
    )
)
def test_a_query_is_cleaned_as_the_walk_cleaned_it(raw):
    assert clean_query(raw) == _walked(raw)


def test_a_zero_width_space_and_a_nul_split_words():
    assert clean_query("power\u200bblow\x00 block\n\tor  dodge") == "power blow block or dodge"
