"""Errata editors add, diff and revert versions in the admin; other users cannot."""

import pytest

from cards.models import Card, TextVersion

pytestmark = pytest.mark.django_db

NEW_TEXT = (
    "Both Players shuffle their discard pile back into their Endurance. Then remove this card from the game."
)


def _add_version(client, card):
    return client.post(
        "/admin/cards/textversion/add/",
        {
            "card": card.pk,
            "position": 0,
            "kind": "erratum",
            "text": NEW_TEXT,
            "date": "2024-02-03",
            "note": "Reworded the last line",
            "source": "",
            "heading": "",
        },
    )


def test_editor_adds_a_version_and_it_becomes_current(editor_client, editor, catalogue):
    card = Card.objects.get(slug="holy-ground")
    response = _add_version(editor_client, card)
    assert response.status_code == 302, response.content[:2000]
    card.refresh_from_db()
    assert card.text == NEW_TEXT
    version = card.versions.last()
    assert version.created_by == editor
    assert version.history.first().history_user == editor


def test_editor_sees_the_diff(editor_client, catalogue):
    card = Card.objects.get(slug="holy-ground")
    _add_version(editor_client, card)
    version = card.versions.last()
    page = editor_client.get(f"/admin/cards/textversion/{version.pk}/change/").content.decode()
    assert "<del>Whenever this card enters your discard pile, it is removed</del>" in page or "<del>" in page
    assert "<ins>" in page
    first = card.versions.first()
    compare = editor_client.get(f"/admin/cards/card/{card.pk}/compare/", {"a": first.pk, "b": version.pk})
    assert compare.status_code == 200 and "<ins>" in compare.content.decode()
    card_page = editor_client.get(f"/admin/cards/card/{card.pk}/change/").content.decode()
    assert "Errata timeline" in card_page and "<ins>" in card_page


def test_editor_sees_history_and_reverts(editor_client, editor, catalogue):
    version = TextVersion.objects.get(card__slug="holy-ground", kind="erratum")
    original = version.text
    response = editor_client.post(
        f"/admin/cards/textversion/{version.pk}/change/",
        {
            "card": version.card_id,
            "position": version.position,
            "kind": "erratum",
            "text": "Vandalised.",
            "date": "2007-01-16",
            "note": version.note,
            "source": version.source,
            "heading": version.heading,
        },
    )
    assert response.status_code == 302
    assert Card.objects.get(slug="holy-ground").text == "Vandalised."
    history = editor_client.get(f"/admin/cards/textversion/{version.pk}/history/")
    page = history.content.decode()
    assert history.status_code == 200 and "erin" in page and "<del>" in page
    old_record = version.history.order_by("history_date").first()
    form = editor_client.get(f"/admin/cards/textversion/{version.pk}/history/{old_record.history_id}/")
    assert form.status_code == 200 and "Revert" in form.content.decode()
    reverted = editor_client.post(
        f"/admin/cards/textversion/{version.pk}/history/{old_record.history_id}/",
        {
            "card": version.card_id,
            "position": version.position,
            "kind": "erratum",
            "text": old_record.text,
            "date": "2007-01-16",
            "note": version.note,
            "source": version.source,
            "heading": version.heading,
        },
    )
    assert reverted.status_code == 302
    assert Card.objects.get(slug="holy-ground").text == original
    assert version.history.count() == 3
    card_history = editor_client.get(f"/admin/cards/card/{version.card_id}/history/")
    assert card_history.status_code == 200


def test_plain_staff_user_cannot_edit(client, django_user_model, catalogue):
    user = django_user_model.objects.create_user("plain", password="pw", is_staff=True)
    client.force_login(user)
    card = Card.objects.get(slug="holy-ground")
    assert _add_version(client, card).status_code == 403
    assert client.get(f"/admin/cards/card/{card.pk}/change/").status_code == 403
    assert card.versions.count() == 2


def test_non_staff_user_and_anonymous_cannot_edit(client, django_user_model, catalogue):
    card = Card.objects.get(slug="holy-ground")
    response = _add_version(client, card)
    assert response.status_code == 302 and "/login/" in response["Location"]
    user = django_user_model.objects.create_user("player", password="pw")
    client.force_login(user)
    response = _add_version(client, card)
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert card.versions.count() == 2
