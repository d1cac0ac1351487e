"""What the search tests share: the five documents imported, an answer's first keys, the lexicon's
counts, a question's words as search reads them, an asked question the admin keeps read-only. A
module with a `corpus` fixture of its own uses that one."""

from __future__ import annotations

import pytest
from django.db import connection

from rulings.search import analyse
from rulings.services import import_all
from rulings.vocabulary import forget_vocabulary

CORE = "highlander-core-rules"
MLE = "highlander-mle-rule-supplement-2007"
CRF = "meccg-crf6-rulings-by-term"
MEAS = "meccg-against-the-shadow-rules-insert"
INWO = "inwo-rules-excerpt"


@pytest.fixture
def corpus(db):
    import_all()
    forget_vocabulary()


def result_keys(results, n=5) -> list[tuple[str, str]]:
    """(source slug, entry key) of the first `n` results."""
    return [(entry.source.slug, entry.key) for entry in results[:n]]


def words_by_typed(question: str) -> dict:
    """The question's words as search reads them, by the word as typed (or as rewritten)."""
    return {word.typed: word for word in analyse(question).words}


def lexicon_counts() -> dict[str, int]:
    """Each word of the lexicon with the number of entries using it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT word, ndoc FROM rulings_lexicon")
        return dict(cursor.fetchall())


def word_facet_counts() -> dict[tuple[str, int, str], int]:
    """Each word's current entries per (source, kind), and under '' all the current entries."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT word, source_id, kind, ndoc FROM rulings_lexicon_facet")
        return {(word, source, kind): ndoc for word, source, kind, ndoc in cursor.fetchall()}


def assert_read_only_in_the_admin(admin_client, question) -> None:
    """The asked questions' admin refuses to edit or delete `question` (bundled, or a judge's)."""
    change = admin_client.post(
        f"/admin/rulings/askedquestion/{question.pk}/change/",
        {"source": question.source_id, "key": question.key, "text": "something else"},
    )
    assert change.status_code == 403
    delete = admin_client.post(f"/admin/rulings/askedquestion/{question.pk}/delete/", {"post": "yes"})
    assert delete.status_code == 403
