"""The catalogue as loaded into the database: cards, versions, current text, history."""

import pytest

from cards.errata import delete_version, save_version
from cards.models import Card, TextVersion
from cards.services import add_version, sync_card

pytestmark = pytest.mark.django_db


def test_counts_per_game(catalogue):
    counts = {g: Card.objects.filter(game=g).count() for g in ("highlander", "meccg", "inwo")}
    assert counts["highlander"] >= 140 and counts["meccg"] >= 40 and counts["inwo"] >= 6
    assert len(catalogue.created) == Card.objects.count()


def test_mysterious_technique_has_its_erratum(catalogue):
    card = Card.objects.get(slug="mysterious-technique")
    assert card.has_errata and card.restriction == 3 and card.attributes["signature"] is True
    assert card.text.startswith("You may play this card face down along with two other attacks.")
    kinds = list(card.versions.values_list("kind", flat=True))
    assert kinds == ["printed", "erratum"]
    assert card.text == card.versions.last().text


def test_run_down_grid_and_nine_basic_attacks(catalogue):
    assert Card.objects.get(slug="run-down").grid == "---/XXX/XXX"
    basics = Card.objects.filter(type="Attack", attributes__basic=True)
    assert basics.count() == 9
    assert Card.objects.filter(type="Block", attributes__basic=True).count() == 6


def test_search_name_is_folded_and_special_is_derived(catalogue):
    assert Card.objects.get(slug="mumak").search_name == "mumak"
    assert Card.objects.get(slug="holy-ground").is_special  # an Unexpected Event
    assert Card.objects.get(slug="run-down").is_special  # a Special Attack
    assert not Card.objects.get(slug="thrust").is_special
    assert not Card.objects.get(slug="twist-of-the-blade-unblockable").is_special  # an Edge


def test_reimport_changes_nothing(catalogue):
    from tests.catalogue_support import import_catalogue

    history = Card.history.count()
    report = import_catalogue()
    assert (len(report.created), len(report.updated), report.versions_added) == (0, 0, 0)
    assert Card.history.count() == history


def test_adding_a_version_makes_it_current_and_sets_the_badge(catalogue, django_user_model):
    user = django_user_model.objects.create_user("ed")
    card = Card.objects.get(slug="final-slice")
    assert not card.has_errata
    version = add_version(
        card, kind="erratum", text="New text.", date="2024-05-01", note="rewritten", user=user
    )
    card.refresh_from_db()
    assert (card.text, card.has_errata) == ("New text.", True)
    assert version.created_by == user and version.position == 1
    assert card.history.first().history_user == user or card.history.first().history_user is None
    delete_version(version, user=user, reason="withdrawn")
    card.refresh_from_db()
    assert card.text == "and your next basic upper attack next turn is considered a Head Shot."
    assert not card.has_errata
    assert TextVersion.all_objects.get(pk=version.pk).deleted_reason == "withdrawn"  # kept


def test_bulk_update_keeps_history(catalogue):
    before = Card.history.count()
    changed = Card.objects.filter(slug__startswith="sideswipe").update(restriction=3)
    assert changed == 2
    assert Card.history.count() == before + 2
    record = Card.history.filter(slug="sideswipe-left").first()
    assert record.restriction == 3 and record.history_change_reason == "bulk update"
    assert record.prev_record.restriction == 2


def test_bulk_text_update_keeps_history_and_syncs_the_card(catalogue):
    version = TextVersion.objects.get(card__slug="holy-ground", kind="erratum")
    TextVersion.objects.filter(pk=version.pk).update(text="Changed in bulk.")
    assert Card.objects.get(slug="holy-ground").text == "Changed in bulk."
    assert version.history.count() == 2
    # and it can be reverted from the history
    save_version(version.history.last().instance, reason="undo the bulk change")
    assert Card.objects.get(slug="holy-ground").text.endswith("it is removed from the game.")


def test_sync_card_keeps_text_of_cards_without_versions(catalogue):
    card = Card.objects.get(slug="cunning-foes")
    assert sync_card(card).text == ""
