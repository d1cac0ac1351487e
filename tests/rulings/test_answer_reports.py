"""A judge says which entry answered their question (rulings.asked.report_answer); an editor
accepts the report and search learns from it (accept_reports), or rejects it (reject_reports).

The invariant, kept by those three functions alone: a report is accepted exactly while an asked
question of its entry's source and key, with its text, stands for it (its own, origin "judge",
unless an editor had added the same words); a pending or rejected report changes no search."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.asked import (
    QuestionRefused,
    accept_reports,
    load_bundled_questions,
    reject_reports,
    report_answer,
)
from rulings.editing import supersede
from rulings.models import AnswerReport, AskedOrigin, AskedQuestion, Entry, ReportStatus, Status
from rulings.search import find
from tests.rulings.conftest import CRF, assert_read_only_in_the_admin, result_keys

pytestmark = pytest.mark.django_db

# As in test_search_asked: probe round 195's question, whose answer, CRF Gold Ring Item ruling 1
# ("When a gold ring item is tested, the ring is discarded and its marshalling points are lost"),
# is not first on the ruling's own words.
QUESTION = "what happens to the gold ring after testing it"
GOLD_RING = (CRF, "gold-ring-item/ruling-1")


def _gold_ring() -> Entry:
    return Entry.objects.get(source__slug=CRF, key=GOLD_RING[1], status=Status.CURRENT)


def _judge_questions() -> set[tuple[str, str]]:
    return set(AskedQuestion.objects.filter(origin=AskedOrigin.JUDGE).values_list("key", "text"))


def _page_text(response) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_a_judges_report_teaches_search_once_an_editor_accepts_it(corpus, client, admin_client):
    assert result_keys(find(QUESTION).entries)[0] != GOLD_RING
    entry = _gold_ring()
    # the judge finds it among the results; its link carries the question to the entry's page
    results = client.get("/rulings/", {"q": QUESTION}).content.decode()
    link = f"/rulings/entries/{entry.pk}/?asked=what+happens+to+the+gold+ring+after+testing+it"
    assert f'href="{link}"' in results
    page = client.get(link)
    assert f"Did this answer “{QUESTION}”?" in _page_text(page)
    reported = client.post(f"/rulings/entries/{entry.pk}/answered/", {"question": QUESTION}, follow=True)
    assert "Thank you: an editor will read your report." in _page_text(reported)
    assert "Did this answer" not in _page_text(reported)  # asked once, then not again
    # waiting for an editor, it changes nothing: a report alone must not move an entry first
    assert result_keys(find(QUESTION).entries)[0] != GOLD_RING
    report = AnswerReport.objects.get()
    assert (report.entry_id, report.text, report.status) == (entry.pk, QUESTION, ReportStatus.PENDING)
    listed = admin_client.get("/admin/rulings/answerreport/")
    assert QUESTION in _page_text(listed) and "gold-ring-item/ruling-1" in _page_text(listed)

    admin_client.post("/admin/rulings/answerreport/", {"action": "accept", "_selected_action": [report.pk]})
    assert _judge_questions() == {(GOLD_RING[1], QUESTION)}
    assert result_keys(find(QUESTION).entries)[0] == GOLD_RING

    admin_client.post("/admin/rulings/answerreport/", {"action": "reject", "_selected_action": [report.pk]})
    assert _judge_questions() == set()  # an accepted report rejected later stops teaching search
    assert result_keys(find(QUESTION).entries)[0] != GOLD_RING


def test_an_accepted_reports_question_is_changed_only_through_its_report(corpus, admin_client):
    """The invariant's one place: the asked questions' admin cannot edit or delete a judge's
    question (its report would say accepted with nothing standing for it), and every import
    (every start of the site) keeps it."""
    report = report_answer(_gold_ring(), QUESTION)
    accept_reports([report])
    question = AskedQuestion.objects.get(origin=AskedOrigin.JUDGE)
    assert_read_only_in_the_admin(admin_client, question)
    load_bundled_questions()
    assert _judge_questions() == {(GOLD_RING[1], QUESTION)}


def test_the_same_report_again_is_counted_not_duplicated(corpus):
    entry = _gold_ring()
    for typed in (QUESTION, f"  {QUESTION.replace(' ', '   ')} "):  # read alike: one question
        report_answer(entry, typed)
    assert list(AnswerReport.objects.values_list("text", "times")) == [(QUESTION, 2)]
    reject_reports(AnswerReport.objects.all())
    report_answer(entry, QUESTION)
    report = AnswerReport.objects.get()
    assert (report.times, report.status) == (3, ReportStatus.REJECTED)  # not shown as new again


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("", "the question is empty"),
        ("   ", "the question is empty"),
        ("the of and", "the question has no words search reads"),
        ("ring " * 120, "the query is too long (599 characters; at most 500)"),
    ],
)
def test_a_report_search_cannot_learn_from_is_refused_with_the_reason(corpus, client, question, reason):
    entry = _gold_ring()
    response = client.post(f"/rulings/entries/{entry.pk}/answered/", {"question": question})
    assert response.status_code == 400
    assert f"Not recorded: {reason}." in _page_text(response)
    assert not AnswerReport.objects.exists()


def test_hostile_reports_get_a_4xx_and_change_nothing(corpus, client):
    entry = _gold_ring()
    url = f"/rulings/entries/{entry.pk}/answered/"
    control = client.post(url, {"question": "gold ring\x07 tested"})
    assert control.status_code == 400 and "control character (U+0007)" in control.content.decode()
    assert client.get(url, {"question": QUESTION}).status_code == 405  # a link cannot report
    assert client.post("/rulings/entries/999999999/answered/", {"question": QUESTION}).status_code == 404
    forged = Client(enforce_csrf_checks=True).post(url, {"question": QUESTION})
    assert forged.status_code == 403  # another site's page cannot report for a judge
    assert not AnswerReport.objects.exists()


def test_an_entry_no_longer_in_force_is_not_reported_nor_learnt(corpus, client, admin_client):
    entry = _gold_ring()
    waiting = report_answer(entry, QUESTION)
    other = Entry.objects.filter(source=entry.source, status=Status.CURRENT).exclude(pk=entry.pk).first()
    supersede(entry, by=other, on=dt.date(2026, 12, 1), reason="test: an edition replaced it")
    assert "Did this answer" not in _page_text(
        client.get(f"/rulings/entries/{entry.pk}/", {"asked": QUESTION})
    )
    response = client.post(f"/rulings/entries/{entry.pk}/answered/", {"question": QUESTION})
    assert response.status_code == 400
    assert "Not recorded: the entry is no longer in force" in _page_text(response)
    accepted = admin_client.post(
        "/admin/rulings/answerreport/", {"action": "accept", "_selected_action": [waiting.pk]}, follow=True
    )
    assert "1 left waiting: their entry has no version in force." in _page_text(accepted)
    assert AnswerReport.objects.get().status == ReportStatus.PENDING and _judge_questions() == set()


def test_a_question_search_cannot_read_is_not_offered_for_a_report(corpus, client):
    entry = _gold_ring()
    for asked in ("the of and", "x" * 501, ""):
        assert "Did this answer" not in _page_text(
            client.get(f"/rulings/entries/{entry.pk}/", {"asked": asked})
        )


def test_the_permalink_is_the_entrys_own_address_whatever_was_asked(corpus, client):
    entry = _gold_ring()
    page = _page_text(client.get(f"/rulings/entries/{entry.pk}/", {"asked": QUESTION}))
    assert re.search(r"Permalink:\s+(\S+)", page)[1] == f"http://testserver/rulings/entries/{entry.pk}/"


def test_reports_are_throttled(corpus, client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "answer_reports": "2/hour",
        },
    }
    client.defaults["REMOTE_ADDR"] = "192.0.2.78"
    url = f"/rulings/entries/{_gold_ring().pk}/answered/"
    statuses = [client.post(url, {"question": f"{QUESTION} {n}"}).status_code for n in range(3)]
    assert statuses == [302, 302, 429]
    assert AnswerReport.objects.count() == 2


QUESTIONS = ["gold ring tested discarded", "when is a ring test made", "what does a tested ring lose"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(st.sampled_from(["report", "accept", "reject"]), st.sampled_from(QUESTIONS)), max_size=12
    )
)
def test_accepted_reports_and_judge_questions_stay_one_to_one(corpus, steps):
    """Random reports, acceptances and rejections, in any order (an accepted report rejected, a
    rejected one reported again): the judge's asked questions are exactly the accepted reports."""
    AnswerReport.objects.all().delete()
    AskedQuestion.objects.filter(origin=AskedOrigin.JUDGE).delete()
    entry = _gold_ring()
    for step, question in steps:
        if step == "report":
            report_answer(entry, question)
        else:
            chosen = AnswerReport.objects.filter(text=question).select_related("entry")
            accept_reports(chosen) if step == "accept" else reject_reports(chosen)
        accepted = set(
            AnswerReport.objects.filter(status=ReportStatus.ACCEPTED).values_list("entry__key", "text")
        )
        assert accepted == _judge_questions()
    with pytest.raises(QuestionRefused):
        report_answer(entry, "")
