"""Entries over time: a newer edition supersedes changed entries and withdraws removed ones
(never deleting), the search answers for a date, and staff edits in the admin are kept with
who and when."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from rulings.importers import load_manifest
from rulings.models import Entry, Status
from rulings.search import Filters, search
from rulings.services import import_all, import_source
from tests.rulings.conftest import CRF

pytestmark = pytest.mark.django_db

NEW_EDITION = dt.date(1998, 3, 1)
OLD = "Agents are *not* creatures.\n"
NEW = "Agents are never creatures, whatever cards they play.\n"
LAST_AGENT_RULING = "@ Cards played on an agent remain face up when the agent turns face\ndown.\n"


@pytest.fixture
def newer_edition(db, tmp_path):
    """The bundled CRF, then a later edition: one ruling reworded, the last Agent ruling gone."""
    import_all()
    manifest = next(entry for entry in load_manifest() if entry.slug == CRF)
    text = manifest.path.read_text(encoding="utf-8")
    assert OLD in text and LAST_AGENT_RULING in text
    path = tmp_path / manifest.file
    path.write_text(text.replace(OLD, NEW).replace(LAST_AGENT_RULING, ""), encoding="utf-8")
    before = {
        "old": Entry.objects.get(source__slug=CRF, text="Agents are *not* creatures."),
        "gone": Entry.objects.get(source__slug=CRF, text__startswith="Cards played on an agent remain"),
        "ally": Entry.objects.get(source__slug=CRF, text="Allies never make corruption checks."),
        "count": Entry.objects.filter(source__slug=CRF).count(),
    }
    report = import_source(path, edition_date=NEW_EDITION)
    return before, report


def test_newer_edition_supersedes_changed_and_withdraws_removed(newer_edition):
    before, report = newer_edition
    assert (report.superseded, report.withdrawn) == (1, 1)
    old = Entry.objects.get(pk=before["old"].pk)
    assert old.status == Status.SUPERSEDED and old.valid_to == NEW_EDITION
    new = old.superseded_by
    assert new is not None and new.status == Status.CURRENT and new.key == old.key
    assert new.text == NEW.strip() and new.valid_from == NEW_EDITION
    gone = Entry.objects.get(pk=before["gone"].pk)
    assert gone.status == Status.WITHDRAWN and gone.valid_to == NEW_EDITION
    ally = Entry.objects.get(pk=before["ally"].pk)  # unchanged: same row, same id
    assert ally.status == Status.CURRENT and ally.valid_to is None
    assert Entry.objects.filter(source__slug=CRF).count() == before["count"] + 1  # nothing deleted


def test_superseded_permalink_still_works_and_points_to_the_new_wording(newer_edition, client):
    before, _ = newer_edition
    old = Entry.objects.get(pk=before["old"].pk)
    page = client.get(old.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert "Superseded" in html
    assert f'href="{old.superseded_by.get_absolute_url()}"' in html
    assert client.get(before["gone"].get_absolute_url()).status_code == 200


def test_search_as_of_a_date_answers_with_what_was_in_force(newer_edition):
    before, _ = newer_edition
    _, now = search("agent creature", Filters(game="meccg", source=CRF))
    texts_now = [entry.text for entry in now]
    assert NEW.strip() in texts_now and "Agents are *not* creatures." not in texts_now
    _, then = search("agent creature", Filters(game="meccg", source=CRF, as_of=dt.date(1997, 9, 1)))
    texts_then = [entry.text for entry in then]
    assert "Agents are *not* creatures." in texts_then and NEW.strip() not in texts_then
    _, removed_then = search(
        "cards on an agent remain face up", Filters(source=CRF, as_of=dt.date(1997, 9, 1))
    )
    assert before["gone"].pk in [entry.pk for entry in removed_then]
    _, removed_now = search("cards on an agent remain face up", Filters(source=CRF))
    assert before["gone"].pk not in [entry.pk for entry in removed_now]
    # the API takes the date too, and refuses a malformed one with a 400
    from django.test import Client

    client = Client()
    body = client.get("/api/rulings/search/", {"q": "agent creature", "as_of": "1997-09-01"}).json()
    assert before["old"].pk in [result["id"] for result in body["results"]]
    assert client.get("/api/rulings/search/", {"q": "agent", "as_of": "yesterday"}).status_code == 400


def test_reimporting_the_same_edition_changes_nothing(newer_edition, tmp_path):
    _, _ = newer_edition
    ids = set(Entry.objects.filter(source__slug=CRF).values_list("pk", flat=True))
    report = import_source(tmp_path / "meccg-crf6-rulings-by-term.txt", edition_date=NEW_EDITION)
    assert (report.created, report.updated, report.superseded, report.withdrawn) == (0, 0, 0, 0)
    assert set(Entry.objects.filter(source__slug=CRF).values_list("pk", flat=True)) == ids


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("judge", password="pw", is_staff=True, is_superuser=True)


def test_a_staff_edit_in_the_admin_is_kept_with_who_and_when(db, client, staff):
    import_all()
    entry = Entry.objects.get(source__slug=CRF, text="Allies never make corruption checks.")
    client.force_login(staff)
    url = f"/admin/rulings/entry/{entry.pk}/change/"
    form = client.get(url)
    assert form.status_code == 200
    data = {
        field: value
        for field, value in form.context["adminform"].form.initial.items()
        if value is not None and not isinstance(value, list)
    }
    data.update(
        text="Allies never make corruption checks (clarified).",
        cards=[card.pk for card in entry.cards.all()],
        terms=[term.pk for term in entry.terms.all()],
        flags="[]",
        cross_refs="[]",
        valid_from=entry.valid_from.isoformat() if entry.valid_from else "",
        change_reason="clarified wording",  # every admin change says why
    )
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    entry.refresh_from_db()
    assert entry.text == "Allies never make corruption checks (clarified)."
    latest = entry.history.latest()
    assert latest.history_type == "~" and latest.history_user == staff
    assert latest.history_change_reason == "clarified wording"
    assert latest.history_date is not None and latest.text == entry.text
    assert entry.history.count() == 2  # created by the import, changed by the judge
    # the edited wording is searchable at once
    _, results = search("corruption checks clarified", Filters(game="meccg"))
    assert results and results[0].pk == entry.pk


def test_a_non_staff_user_cannot_reach_the_admin(db, client):
    import_all()
    entry = Entry.objects.filter(source__slug=CRF).first()
    user = get_user_model().objects.create_user("player", password="pw")
    client.force_login(user)
    url = f"/admin/rulings/entry/{entry.pk}/change/"
    response = client.get(url)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert client.post(url, {"text": "hacked"}).status_code == 302
    entry.refresh_from_db()
    assert entry.text != "hacked"
