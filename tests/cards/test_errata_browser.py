"""In Chromium, the journey of issue #12: an editor adds an erratum to Holy Ground in the admin,
then History → Revert to the record before it. The text and the errata timeline go back together;
the erratum is kept as a deleted version and restored from the card's page, each step with a reason."""

from importlib import import_module

import pytest

NEW_TEXT = "Both players shuffle their discard pile into their Endurance."


def _editors_group():
    """The group as the migrations make it (an earlier transactional test's flush drops it)."""
    from django.contrib.auth.models import Group, Permission

    codenames = [
        *import_module("cards.migrations.0002_errata_editors_group").CODENAMES,
        *import_module("cards.migrations.0006_editors_edit_rulings").CODENAMES,
    ]
    group, _ = Group.objects.get_or_create(name="Errata editors")
    group.permissions.add(*Permission.objects.filter(codename__in=codenames))
    return group


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_admin_revert_journey_keeps_text_and_timeline_together(page, django_user_model):
    from cards.models import Card, TextVersion
    from tests.catalogue_support import import_catalogue

    import_catalogue()
    editor = django_user_model.objects.create_user("erin", password="pw-erin-123", is_staff=True)
    editor.groups.add(_editors_group())
    card = Card.objects.get(slug="holy-ground")
    original = card.text
    before = card.history.first()

    page.goto("/admin/login/")
    page.get_by_label("Username").fill("erin")
    page.get_by_label("Password").fill("pw-erin-123")
    page.get_by_role("button", name="Log in").click()

    # 1. add an erratum in the card's inline, with a reason
    page.goto(f"/admin/cards/card/{card.pk}/change/")
    page.locator("select[name=versions-2-kind]").select_option("erratum")
    page.locator("textarea[name=versions-2-text]").fill(NEW_TEXT)
    page.get_by_label("Reason for this change").fill("New erratum")
    page.get_by_role("button", name="Save", exact=True).click()
    page.locator(".messagelist").wait_for()
    card.refresh_from_db()
    assert card.text == NEW_TEXT

    # 2. History → the record before the erratum → Revert, with a reason
    page.goto(f"/admin/cards/card/{card.pk}/change/")
    page.get_by_role("link", name="History").click()
    header = page.locator("#change-history thead")
    assert "Text change" in header.text_content() and "TEXT_CHANGE" not in header.inner_text()
    assert "New erratum" in page.locator("#change-history").inner_text()
    page.locator(f"#change-history a[href$='/history/{before.history_id}/']").click()
    page.get_by_label("Reason for this change").fill("Erratum entered by mistake")
    page.get_by_role("button", name="Revert").click()
    assert "back as they were" in page.locator(".messagelist").inner_text()

    card.refresh_from_db()
    assert card.text == original
    erratum = TextVersion.all_objects.get(card=card, text=NEW_TEXT)
    assert erratum.deleted_at is not None

    # 3. the public page agrees: the reverted erratum is not in the timeline
    page.goto("/cards/holy-ground/")
    assert NEW_TEXT not in page.locator(".timeline").inner_text()

    # 4. the admin timeline shows it deleted, with why, and restores it (asking why)
    page.goto(f"/admin/cards/card/{card.pk}/change/")
    deleted = page.locator(".deleted-version")
    assert "Erratum entered by mistake" in deleted.inner_text() and "erin" in deleted.inner_text()
    deleted.get_by_role("link", name="restore").click()
    page.get_by_label("Reason").fill("It was right after all")
    page.get_by_role("button", name="Restore version").click()
    page.locator(".messagelist").wait_for()
    card.refresh_from_db()
    assert card.text == NEW_TEXT and card.has_errata
