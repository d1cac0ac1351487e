"""Editors keep the knowledge base in the admin: add a ruling to a source, mark an entry superseded
by another from a date (the "in force on" search follows), and see, diff and revert its history,
each change with who and why."""

from __future__ import annotations

import pytest

from rulings.models import Entry, Source, Status
from rulings.services import import_source

pytestmark = pytest.mark.django_db

MLE = "highlander-mle-rule-supplement-2007"
RULING = "A Holy Ground played on a sunny day is still a Holy Ground: the weather does not matter."


@pytest.fixture
def editor_client(client, django_user_model):
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("rhea", password="pw-rhea-123", is_staff=True)
    user.groups.add(Group.objects.get(name="Errata editors"))
    client.force_login(user)
    return client


@pytest.fixture
def mle(db):
    import_source(MLE)
    return Source.objects.get(slug=MLE)


def _add_ruling(client, source, reason="Judges asked about the weather", **extra):
    data = {
        "source": source.pk,
        "kind": "ruling",
        "key": "",
        "status": "current",
        "title": "Holy Ground in the sun",
        "text": RULING,
        "change_reason": reason,
        **extra,
    }
    return client.post("/admin/rulings/entry/add/", data)


def _in_force(client, query, as_of) -> str:
    return client.get("/rulings/", {"q": query, "as_of": as_of}).content.decode()


def _found(client, query) -> set[int]:
    """The entries search answers with: what an editor changed must be searchable at once."""
    return {result["id"] for result in client.get("/api/rulings/search/", {"q": query}).json()["results"]}


def test_editor_adds_a_ruling_to_a_source(editor_client, mle):
    assert _add_ruling(editor_client, mle, reason="").status_code == 200  # no reason: refused
    assert not Entry.objects.filter(text=RULING).exists()
    response = _add_ruling(editor_client, mle)
    assert response.status_code == 302, response.content.decode()[:3000]
    entry = Entry.objects.get(text=RULING)
    assert entry.source == mle and entry.key.startswith("editor/") and entry.status == Status.CURRENT
    record = entry.history.first()
    assert (record.history_user.username, record.history_change_reason) == (
        "rhea",
        "Judges asked about the weather",
    )
    page = editor_client.get(entry.get_absolute_url()).content.decode()
    assert "the weather does not matter" in page
    assert entry.pk in _found(editor_client, "does the weather matter")  # indexed when saved


def test_superseding_changes_what_is_in_force_on_a_date(editor_client, mle):
    _add_ruling(editor_client, mle)
    new = Entry.objects.get(text=RULING)
    old = Entry.objects.get(source=mle, kind="erratum", card_name="Holy Ground")
    assert old.get_absolute_url() in _in_force(editor_client, "Holy Ground", "2009-06-01")

    url = f"/admin/rulings/entry/{old.pk}/supersede/"
    assert "Superseded by" in editor_client.get(url).content.decode()
    refused = editor_client.post(url, {"superseded_by": old.pk, "on": "2010-01-01", "change_reason": "x"})
    assert refused.status_code == 200 and "cannot supersede itself" in refused.content.decode()
    response = editor_client.post(
        url, {"superseded_by": new.pk, "on": "2010-01-01", "change_reason": "the 2010 ruling replaces it"}
    )
    assert response.status_code == 302
    old.refresh_from_db()
    new.refresh_from_db()
    assert (old.status, old.superseded_by, str(old.valid_to)) == ("superseded", new, "2010-01-01")
    assert str(new.valid_from) == "2010-01-01"
    assert "the 2010 ruling replaces it" in old.history.first().history_change_reason

    before = _in_force(editor_client, "Holy Ground", "2009-06-01")
    after = _in_force(editor_client, "Holy Ground", "2011-06-01")
    assert old.get_absolute_url() in before and new.get_absolute_url() not in before
    assert new.get_absolute_url() in after and old.get_absolute_url() not in after


def test_entry_history_shows_why_and_the_diff_and_reverts(editor_client, mle):
    entry = Entry.objects.get(source=mle, kind="erratum", card_name="Holy Ground")
    original = entry.text
    form = {
        "source": mle.pk,
        "kind": entry.kind,
        "key": entry.key,
        "status": entry.status,
        "valid_from": entry.valid_from or "",
        "section": entry.section,
        "title": entry.title,
        "card_name": entry.card_name,
        "text": original + " Typo fixed in the Zanzibar printing.",
        "change_reason": "typo in the source",
    }
    assert editor_client.post(f"/admin/rulings/entry/{entry.pk}/change/", form).status_code == 302
    assert entry.pk in _found(editor_client, "zanzibar")
    page = editor_client.get(f"/admin/rulings/entry/{entry.pk}/history/").content.decode()
    assert "Text change" in page and "typo in the source" in page and "<ins>" in page and "rhea" in page
    first = entry.history.order_by("history_date").first()
    response = editor_client.post(
        f"/admin/rulings/entry/{entry.pk}/history/{first.history_id}/",
        {**form, "text": original, "change_reason": "the fix was wrong"},
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.text == original and entry.history.first().history_change_reason == "the fix was wrong"
    assert entry.pk not in _found(editor_client, "zanzibar")  # a revert reindexes the entry too
