"""Errata editors change versions in the real admin, by every path it offers; after each, the card
shows its newest live version's text (Python and the database's own check agree) and the history
says who, when and why. Other users cannot edit."""

import pytest

from cards.models import Card, TextVersion
from tests.cards.errata_support import assert_consistent, card_form, version_fields

pytestmark = pytest.mark.django_db

NEW_TEXT = (
    "Both Players shuffle their discard pile back into their Endurance. Then remove this card from the game."
)
MLE = "highlander-mle-rule-supplement-2007"


def _add_version(client, card, reason="Errata from the 2024 FAQ", **changes):
    data = {
        "card": card.pk,
        "position": 0,
        "kind": "erratum",
        "text": NEW_TEXT,
        "date": "2024-02-03",
        "note": "Reworded the last line",
        "source": "",
        "source_entry": "",
        "heading": "",
        "change_reason": reason,
    }
    return client.post("/admin/cards/textversion/add/", {**data, **changes})


def _holy_ground():
    return Card.objects.get(slug="holy-ground")


def test_editor_adds_a_version_and_it_becomes_current(editor_client, editor, catalogue):
    card = _holy_ground()
    response = _add_version(editor_client, card)
    assert response.status_code == 302, response.content[:2000]
    card.refresh_from_db()
    assert card.text == NEW_TEXT
    version = card.versions.last()
    assert version.created_by == editor
    record = version.history.first()
    assert (record.history_user, record.history_change_reason) == (editor, "Errata from the 2024 FAQ")
    assert card.history.first().history_change_reason == "Errata from the 2024 FAQ"
    assert_consistent(card)


def test_a_change_without_a_reason_is_refused_and_changes_nothing(editor_client, catalogue):
    card = _holy_ground()
    before = (card.text, card.versions.count(), card.history.count())
    response = _add_version(editor_client, card, reason="  ")
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    card.refresh_from_db()
    assert (card.text, card.versions.count(), card.history.count()) == before


def test_an_unknown_source_is_refused_with_a_message(editor_client, catalogue):
    card = _holy_ground()
    response = _add_version(editor_client, card, source="higlander-mle-typo")
    page = response.content.decode()
    assert response.status_code == 200
    assert "higlander-mle-typo is not one of the available choices" in page
    assert not TextVersion.all_objects.filter(source="higlander-mle-typo").exists()
    assert _holy_ground().text == card.text
    # the form offers the real sources by title
    form = editor_client.get("/admin/cards/textversion/add/").content.decode()
    assert f'<option value="{MLE}">' in form and "Missing Link" in form


def test_editor_adds_an_erratum_in_the_card_inline(editor_client, editor, catalogue):
    card = _holy_ground()
    data = card_form(
        card,
        "New erratum from the inline",
        extra={"kind": "erratum", "text": NEW_TEXT, "date": "2024-03-01", "source": MLE},
    )
    response = editor_client.post(f"/admin/cards/card/{card.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    card.refresh_from_db()
    assert card.text == NEW_TEXT and card.versions.last().source == MLE
    assert card.versions.last().history.first().history_change_reason == "New erratum from the inline"
    assert card.history.first().history_user == editor
    assert_consistent(card)


def test_the_issue_journey_card_revert_reverts_the_errata_timeline(editor_client, editor, catalogue, client):
    """Add an erratum, then History → Revert the card to the record before it: the text AND the
    timeline go back; the erratum is kept as a deleted version, restorable."""
    card = _holy_ground()
    original = card.text
    before = card.history.first()
    data = card_form(card, "Erratum to undo", extra={"kind": "erratum", "text": NEW_TEXT, "source": MLE})
    assert editor_client.post(f"/admin/cards/card/{card.pk}/change/", data).status_code == 302
    assert _holy_ground().text == NEW_TEXT
    erratum = card.versions.last()

    form = editor_client.get(f"/admin/cards/card/{card.pk}/history/{before.history_id}/")
    assert form.status_code == 200 and "Revert" in form.content.decode()
    revert = card_form(card, "Erratum was a mistake")
    response = editor_client.post(f"/admin/cards/card/{card.pk}/history/{before.history_id}/", revert)
    assert response.status_code == 302, response.content.decode()[:3000]

    card.refresh_from_db()
    assert card.text == original
    assert not card.versions.filter(pk=erratum.pk).exists()
    kept = TextVersion.all_objects.get(pk=erratum.pk)
    assert kept.deleted_by == editor and "Erratum was a mistake" in kept.deleted_reason
    assert_consistent(card)
    # neither the page nor the API shows the reverted erratum any more
    assert NEW_TEXT not in client.get(f"/cards/{card.slug}/").content.decode()
    api = client.get(f"/api/cards/{card.slug}/").json()
    assert api["text"] == original and NEW_TEXT not in [v["text"] for v in api["versions"]]
    # the card's history says who and why; the timeline shows the deleted version with a restore link
    history = editor_client.get(f"/admin/cards/card/{card.pk}/history/").content.decode()
    assert "Erratum was a mistake" in history and "Text change" in history and "erin" in history
    change = editor_client.get(f"/admin/cards/card/{card.pk}/change/").content.decode()
    assert f"/admin/cards/textversion/{erratum.pk}/restore/" in change


def test_inline_delete_is_a_soft_delete_with_who_and_why(editor_client, editor, catalogue):
    card = _holy_ground()
    erratum = card.versions.get(kind="erratum")
    printed = card.versions.get(kind="printed")
    data = card_form(card, "Erratum withdrawn by the 2008 FAQ", delete={erratum.pk})
    response = editor_client.post(f"/admin/cards/card/{card.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    card.refresh_from_db()
    assert card.text == printed.text and not card.has_errata
    kept = TextVersion.all_objects.get(pk=erratum.pk)
    assert (kept.deleted_by, kept.deleted_reason) == (editor, "Erratum withdrawn by the 2008 FAQ")
    assert kept.history.first().history_change_reason == "deleted: Erratum withdrawn by the 2008 FAQ"
    assert_consistent(card)
    # the version's own history shows the deletion with who and why
    page = editor_client.get(f"/admin/cards/textversion/{erratum.pk}/history/").content.decode()
    assert "deleted (Erratum withdrawn by the 2008 FAQ)" in page and "erin" in page


def test_delete_and_restore_one_version_ask_why(editor_client, editor, catalogue):
    card = _holy_ground()
    erratum = card.versions.get(kind="erratum")
    url = f"/admin/cards/textversion/{erratum.pk}/soft-delete/"
    assert "Reason" in editor_client.get(url).content.decode()
    assert editor_client.post(url, {"change_reason": ""}).status_code == 200  # refused: no reason
    assert card.versions.filter(pk=erratum.pk).exists()
    assert editor_client.post(url, {"change_reason": "duplicate"}).status_code == 302
    assert not card.versions.filter(pk=erratum.pk).exists()
    assert_consistent(card)
    response = editor_client.post(
        f"/admin/cards/textversion/{erratum.pk}/restore/", {"change_reason": "not a dup"}
    )
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.text == erratum.text and card.has_errata
    assert erratum.history.first().history_change_reason == "restored: not a dup"
    assert_consistent(card)


def test_bulk_actions_delete_and_restore_with_a_reason(editor_client, catalogue):
    versions = list(TextVersion.objects.filter(kind="erratum")[:3])
    ids = [v.pk for v in versions]
    action = {"action": "delete_selected_versions", "_selected_action": ids, "change_reason": ""}
    editor_client.post("/admin/cards/textversion/", action)
    assert TextVersion.objects.filter(pk__in=ids).count() == 3  # no reason: nothing deleted
    action["change_reason"] = "bulk withdrawal"
    assert editor_client.post("/admin/cards/textversion/", action).status_code == 302
    assert TextVersion.objects.filter(pk__in=ids).count() == 0
    assert TextVersion.all_objects.filter(pk__in=ids, deleted_reason="bulk withdrawal").count() == 3
    assert_consistent()
    listing = editor_client.get("/admin/cards/textversion/", {"state": "deleted"}).content.decode()
    assert listing.count("bulk withdrawal") == 3
    action.update(action="restore_selected_versions", change_reason="bulk undo")
    assert editor_client.post("/admin/cards/textversion/", action).status_code == 302
    assert TextVersion.objects.filter(pk__in=ids).count() == 3
    assert_consistent()


def test_editor_edits_a_version_sees_history_and_reverts(editor_client, editor, catalogue):
    version = TextVersion.objects.get(card__slug="holy-ground", kind="erratum")
    original = version.text
    data = {"card": version.card_id, "position": version.position, **version_fields(version)}
    response = editor_client.post(
        f"/admin/cards/textversion/{version.pk}/change/",
        {**data, "text": "Vandalised.", "change_reason": "test edit"},
    )
    assert response.status_code == 302
    assert _holy_ground().text == "Vandalised."
    assert_consistent()
    history = editor_client.get(f"/admin/cards/textversion/{version.pk}/history/")
    page = history.content.decode()
    assert history.status_code == 200 and "erin" in page and "<del>" in page
    assert "Text change" in page and "text_change" not in page and "test edit" in page
    old_record = version.history.order_by("history_date").first()
    form = editor_client.get(f"/admin/cards/textversion/{version.pk}/history/{old_record.history_id}/")
    assert form.status_code == 200 and "Revert" in form.content.decode()
    reverted = editor_client.post(
        f"/admin/cards/textversion/{version.pk}/history/{old_record.history_id}/",
        {**data, "text": old_record.text, "change_reason": "revert the vandalism"},
    )
    assert reverted.status_code == 302
    assert _holy_ground().text == original
    assert version.history.count() == 3
    assert version.history.first().history_change_reason == "revert the vandalism"
    assert_consistent()
    card_history = editor_client.get(f"/admin/cards/card/{version.card_id}/history/").content.decode()
    assert "revert the vandalism" in card_history
    assert '<td class="history-reason">None</td>' not in card_history


def test_history_has_readable_columns_and_no_none_reason(editor_client, catalogue):
    card = _holy_ground()
    page = editor_client.get(f"/admin/cards/card/{card.pk}/history/").content.decode()
    assert '<th scope="col">Text change</th>' in page and '<th scope="col">Why</th>' in page
    assert "text_change" not in page and ">None<" not in page


def test_source_entry_is_a_searchable_autocomplete_with_telling_labels(editor_client, catalogue):
    from rulings.services import import_all

    import_all()
    form = editor_client.get("/admin/cards/textversion/add/").content.decode()
    assert "admin-autocomplete" in form and 'name="source_entry"' in form
    response = editor_client.get(
        "/admin/autocomplete/",
        {
            "app_label": "cards",
            "model_name": "textversion",
            "field_name": "source_entry",
            "term": "holy ground",
        },
    )
    assert response.status_code == 200
    labels = [r["text"] for r in response.json()["results"]]
    assert labels and len(labels) == len(set(labels))
    assert any("Holy Ground" in label and "Missing Link" in label for label in labels)


def test_editing_a_card_type_recomputes_is_special(editor_client, catalogue):
    card = Card.objects.get(slug="final-slice")
    data = card_form(card, "type was wrong")
    data["type"] = "Event"
    assert editor_client.post(f"/admin/cards/card/{card.pk}/change/", data).status_code == 302
    card.refresh_from_db()
    assert card.is_special and card.history.first().history_change_reason == "type was wrong"
    assert_consistent(card)


def test_plain_staff_user_cannot_edit(client, django_user_model, catalogue):
    user = django_user_model.objects.create_user("plain", password="pw", is_staff=True)
    client.force_login(user)
    card = _holy_ground()
    assert _add_version(client, card).status_code == 403
    assert client.get(f"/admin/cards/card/{card.pk}/change/").status_code == 403
    erratum = card.versions.get(kind="erratum")
    assert (
        client.post(f"/admin/cards/textversion/{erratum.pk}/soft-delete/", {"change_reason": "x"}).status_code
        == 403
    )
    assert card.versions.count() == 2


def test_non_staff_user_and_anonymous_cannot_edit(client, django_user_model, catalogue):
    card = _holy_ground()
    response = _add_version(client, card)
    assert response.status_code == 302 and "/login/" in response["Location"]
    user = django_user_model.objects.create_user("player", password="pw")
    client.force_login(user)
    response = _add_version(client, card)
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert card.versions.count() == 2
