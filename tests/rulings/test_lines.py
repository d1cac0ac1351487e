"""A result line shows its label and text cut as the template's ``truncatechars`` cut them."""

from __future__ import annotations

from django.utils.text import Truncator
from hypothesis import given
from hypothesis import strategies as st

from rulings.lines import _truncated

# letters with combining marks and precomposed forms, so normalization matters
TEXT = st.text(st.sampled_from("ae\u0301\u00e9 .\u2026\u0300x"), max_size=30)


@given(TEXT, st.integers(min_value=1, max_value=25))
def test_a_text_is_cut_as_truncatechars_cuts_it(text, chars):
    assert _truncated(text, chars) == Truncator(text).chars(chars)
