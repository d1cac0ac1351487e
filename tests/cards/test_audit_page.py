"""Staff see the latest changes across cards, versions and rulings on one page: who, what, when,
why and the word diff, filterable, each with a link to restore it."""

from __future__ import annotations

import pytest

from cards import errata
from cards.models import Card
from rulings import editing
from rulings.models import Source

pytestmark = pytest.mark.django_db


@pytest.fixture
def changes(catalogue, editor):
    card = Card.objects.get(slug="holy-ground")
    version = errata.add_version(
        card, kind="clarification", text="Clarified text.", user=editor, reason="FAQ 12"
    )
    errata.delete_version(version, user=editor, reason="FAQ 12 withdrawn")
    source = Source.objects.create(
        slug="judges-notes", game="highlander", title="Judges' notes", authority="us"
    )
    editing.add_ruling(
        source, text="Ties go to the defender.", title="Ties", user=editor, reason="asked at a tourney"
    )
    return card


def test_staff_see_who_what_when_why_and_diff(editor_client, changes):
    response = editor_client.get("/audit/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "FAQ 12 withdrawn" in page and "asked at a tourney" in page and "erin" in page
    assert "<ins>Clarified text.</ins>" in page or "<ins>Clarified" in page
    assert "Holy Ground: clarification" in page and "(deleted)" in page
    # every row links to its record in the admin, where it can be reverted
    restore = page.split('href="/admin/cards/textversion/')[1].split('"')[0]
    form = editor_client.get(f"/admin/cards/textversion/{restore}")
    assert form.status_code == 200 and "Revert" in form.content.decode()


def test_filters_by_kind_user_and_date(editor_client, changes):
    rulings_only = editor_client.get("/audit/", {"kind": "entry"}).content.decode()
    assert "asked at a tourney" in rulings_only and "FAQ 12" not in rulings_only
    by_erin = editor_client.get("/audit/", {"user": "erin"}).content.decode()
    assert "FAQ 12 withdrawn" in by_erin
    assert "No changes match" in editor_client.get("/audit/", {"until": "2000-01-01"}).content.decode()


def test_bad_filters_get_400_naming_the_problem(editor_client, changes):
    unknown = editor_client.get("/audit/", {"user": "mallory"})
    assert unknown.status_code == 400 and "no user named" in unknown.content.decode()
    bad_date = editor_client.get("/audit/", {"since": "yesterday'--"})
    assert bad_date.status_code == 400 and "Enter a valid date" in bad_date.content.decode()
    assert editor_client.get("/audit/", {"kind": "passwords"}).status_code == 400


def test_only_staff_editors_see_it(client, django_user_model, changes):
    assert client.get("/audit/").status_code == 302  # to the login page
    client.force_login(django_user_model.objects.create_user("player", password="pw"))
    assert client.get("/audit/").status_code == 302
    client.force_login(django_user_model.objects.create_user("plainstaff", password="pw", is_staff=True))
    assert client.get("/audit/").status_code == 403
