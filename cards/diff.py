"""The word diff of card texts is the knowledge base's (rulings.diff): one implementation for both."""

from rulings.diff import Segment, diff_words, render_html, tokenize

__all__ = ["Segment", "diff_words", "render_html", "tokenize"]
