"""The questions judges asked, each with the entry that answered it (``AskedQuestion``): loading
the bundled ones and reading each one's words as search reads them. Search compares a new question
with the questions its first results answered (rulings.search_rerank.asked_likeness): a judge's
words that the entry never uses ("can i still play on" for "You may continue to play") were a
judge's words before.

The bundled questions are those of the search evaluation (rulings/data/search_eval.toml) that the
ranking may learn from: its tuning half and its probe rounds, never its held-out half. An editor
adds more in the admin. A question's words are derived data: read at the import (after the
lexicon's recount, whose counts weigh them) and at an editor's save, by the functions here."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from rulings.eval_questions import load_questions
from rulings.models import AskedOrigin, AskedQuestion, Entry, Source, Status


def words_of(text: str) -> list[list]:
    """A question's words as search reads them: each [its lexeme and alternatives, its weight]."""
    from rulings.search_query import analyse, clean_query

    return [
        [sorted({word.lexeme, *word.alternatives}), round(word.weight, 4)]
        for word in analyse(clean_query(text)).words
    ]


def analyse_asked(questions: Iterable[AskedQuestion] | None = None) -> int:
    """Read the words of the given asked questions (all by default) and store them."""
    rows = list(AskedQuestion.objects.all() if questions is None else questions)
    for row in rows:
        row.words = words_of(row.text)
    AskedQuestion.objects.bulk_update(rows, ["words"], batch_size=1000)
    return len(rows)


def asked_saved(question: AskedQuestion) -> None:
    """After an editor's save: the question's words."""
    analyse_asked([question])


def bundled_questions(leave_out: frozenset[str] = frozenset()) -> list[tuple[str, str, str]]:
    """(source slug, entry key, question) of the evaluation's questions search may learn from: the
    tuning half and the probes, each with every entry that answers it; none of the held-out half
    (nor a probe repeating one of its questions word for word), nor a question in `leave_out` (the
    evaluation scores a question with its own text left out)."""
    questions = load_questions()
    held_out = {question.ask for question in questions if question.held_out}
    return [
        (slug, key, question.ask)
        for question in questions
        if question.ask not in held_out and question.ask not in leave_out
        for slug, key in question.answers
    ]


@transaction.atomic
def load_bundled_questions(leave_out: frozenset[str] = frozenset()) -> int:
    """Replace the bundled asked questions by the evaluation's (an editor's stay), those whose
    entry is in the database, and read their words. Idempotent; run after the sources' import."""
    AskedQuestion.objects.filter(origin=AskedOrigin.BUNDLED).delete()
    sources = dict(Source.objects.values_list("slug", "pk"))
    current = set(Entry.objects.filter(status=Status.CURRENT).values_list("source__slug", "key"))
    # in entry order: an entry's questions lie together on disk, which a search reads in one go
    rows = AskedQuestion.objects.bulk_create(
        AskedQuestion(source_id=sources[slug], key=key, text=text, origin=AskedOrigin.BUNDLED)
        for slug, key, text in sorted(bundled_questions(leave_out))
        if (slug, key) in current
    )
    return analyse_asked(rows)
