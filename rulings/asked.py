"""The questions judges asked, each with the entry that answered it (``AskedQuestion``): loading
the bundled ones and reading each one's words as search reads them. Search compares a new question
with the questions its first results answered (rulings.search_rerank.asked_likeness): a judge's
words that the entry never uses ("can i still play on" for "You may continue to play") were a
judge's words before.

The bundled questions are those of the search evaluation (rulings/data/search_eval.toml) that the
ranking may learn from: its tuning half and its probe rounds, never its held-out half. An editor
adds more in the admin. A question's words are derived data: read at the import (after the
lexicon's recount, whose counts weigh them) and at an editor's save, by the functions here.

A judge who found the answer says so on the entry's page (``report_answer``); an editor accepts
the reports worth learning from (``accept_reports``), which makes each an asked question."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from rulings.eval_questions import load_questions
from rulings.models import AnswerReport, AskedOrigin, AskedQuestion, Entry, ReportStatus, Source, Status


class QuestionRefused(ValueError):
    """A question search cannot learn from (an editor's, or a judge's report); the message says why."""


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
def load_bundled_questions(
    leave_out: frozenset[str] = frozenset(), known: dict[str, list] | None = None
) -> int:
    """Replace the bundled asked questions by the evaluation's (an editor's stay), those whose
    entry is in the database, with their words read (`known`: the words of texts read before, the
    vocabulary and lexicon unchanged since, as when the evaluation loads them for each block it
    leaves out). Idempotent; run after the sources' import."""
    AskedQuestion.objects.filter(origin=AskedOrigin.BUNDLED).delete()
    sources = dict(Source.objects.values_list("slug", "pk"))
    current = set(Entry.objects.filter(status=Status.CURRENT).values_list("source__slug", "key"))
    known = {} if known is None else known
    rows = []
    # in entry order: an entry's questions lie together on disk, which a search reads in one go
    for slug, key, text in sorted(bundled_questions(leave_out)):
        if (slug, key) in current:
            if text not in known:
                known[text] = words_of(text)
            rows.append(
                AskedQuestion(
                    source_id=sources[slug], key=key, text=text, origin=AskedOrigin.BUNDLED, words=known[text]
                )
            )
    return len(AskedQuestion.objects.bulk_create(rows, batch_size=1000))


def asked_text(raw: str) -> str:
    """The question as an asked question or a report keeps it (as search reads a query), or
    QuestionRefused saying why."""
    from rulings.search_query import SearchError, clean_query

    try:
        text = clean_query(raw)
    except SearchError as exc:
        raise QuestionRefused(str(exc)) from exc
    if not text:
        raise QuestionRefused("the question is empty")
    if not words_of(text):  # alike to no question: it would never lift its answer
        raise QuestionRefused("the question has no words search reads")
    return text


def report_answer(entry: Entry, raw: str) -> AnswerReport:
    """Record that `entry` answered the question `raw`, for an editor to read: a new report, or
    one more for the same question and entry. Only an entry in force is reported."""
    if entry.status != Status.CURRENT:
        raise QuestionRefused("the entry is no longer in force: report the one that replaced it")
    text = asked_text(raw)
    try:
        with transaction.atomic():
            return AnswerReport.objects.create(entry=entry, text=text)
    except IntegrityError:  # reported before (or at this moment by another request): count it
        AnswerReport.objects.filter(entry=entry, text=text).update(
            times=F("times") + 1, last_reported=timezone.now()
        )
        return AnswerReport.objects.get(entry=entry, text=text)


@transaction.atomic
def accept_reports(reports: Iterable[AnswerReport]) -> tuple[int, int]:
    """Make each pending report an asked question of its entry's source and key (so of the entry
    in force now, if an edition replaced the one reported), its words read; mark it accepted.
    Returns (accepted, left pending because the key has no entry in force any more)."""
    accepted, kept, added = [], 0, []
    for report in reports:
        if report.status != ReportStatus.PENDING:
            continue
        entry = report.entry
        in_force = Entry.objects.filter(source_id=entry.source_id, key=entry.key, status=Status.CURRENT)
        if not in_force.exists():
            kept += 1
            continue
        question, created = AskedQuestion.objects.get_or_create(
            source_id=entry.source_id,
            key=entry.key,
            text=report.text,
            defaults={"origin": AskedOrigin.JUDGE},
        )
        if created:
            added.append(question)
        report.status = ReportStatus.ACCEPTED
        accepted.append(report)
    AnswerReport.objects.bulk_update(accepted, ["status"])
    analyse_asked(added)
    return len(accepted), kept


@transaction.atomic
def reject_reports(reports: Iterable[AnswerReport]) -> int:
    """Mark the reports rejected: search does not learn from them (an accepted one's asked question
    goes), and the same report again stays rejected (it is counted, not shown as new)."""
    reports = list(reports)
    for report in reports:
        if report.status == ReportStatus.ACCEPTED:
            entry = report.entry
            AskedQuestion.objects.filter(
                source_id=entry.source_id, key=entry.key, text=report.text, origin=AskedOrigin.JUDGE
            ).delete()
    return AnswerReport.objects.filter(pk__in=[report.pk for report in reports]).update(
        status=ReportStatus.REJECTED
    )
