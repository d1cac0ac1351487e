"""manage.py import_cards / export_cards."""

import json

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_file_with_errors_imports_nothing_and_reports_every_row(tmp_path, capsys):
    path = tmp_path / "cards.json"
    path.write_text(
        json.dumps(
            [
                {"game": "highlander", "name": "Good Card", "type": "Edge"},
                {"game": "chess", "name": "Pawn"},
                {"game": "highlander", "name": "Bad", "restriction": "two"},
            ],
            indent=1,
        )
    )
    with pytest.raises(CommandError):
        call_command("import_cards", str(path))
    err = capsys.readouterr().err
    assert f"{path}:7: game must be one of" in err
    assert f"{path}:11: restriction must be a whole number" in err
    assert "nothing imported" in err
    assert not Card.objects.exists()


def test_upsert_by_game_name_variant(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("game,name,variant,type,restriction,text\nhighlander,Test Card,,Edge,2,Old text.\n")
    call_command("import_cards", str(path))
    card = Card.objects.get(name="Test Card")
    assert (card.slug, card.restriction, card.text) == ("test-card", 2, "Old text.")
    path.write_text("game,name,variant,type,restriction\nhighlander,Test Card,,Edge,3\n")
    call_command("import_cards", str(path))
    card.refresh_from_db()
    assert Card.objects.count() == 1 and card.restriction == 3 and card.text == "Old text."
    latest = card.history.first()
    assert (latest.restriction, latest.prev_record.restriction) == (3, 2)
    assert card.history.count() == 3  # created, its text set from the printed version, the update


def test_slug_clash_with_another_card_is_reported(tmp_path, capsys):
    Card.objects.create(game="highlander", name="Twilight", slug="twilight")
    path = tmp_path / "c.json"
    path.write_text('[{"game": "meccg", "name": "Other", "slug": "twilight"}]')
    with pytest.raises(CommandError):
        call_command("import_cards", str(path))
    assert "already used by" in capsys.readouterr().err


def test_same_name_in_another_game_gets_a_game_suffix(tmp_path):
    Card.objects.create(game="highlander", name="Twilight", slug="twilight")
    path = tmp_path / "c.json"
    path.write_text('[{"game": "meccg", "name": "Twilight"}]')
    call_command("import_cards", str(path))
    assert Card.objects.get(game="meccg").slug == "twilight-meccg"


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_then_import_round_trips(catalogue, tmp_path, fmt):
    out = tmp_path / f"cards.{fmt}"
    call_command("export_cards", "-o", str(out))
    before = {c.slug: (c.text, c.restriction, c.attributes, c.versions.count()) for c in Card.objects.all()}
    Card.objects.all().delete()
    call_command("import_cards", str(out))
    after = {c.slug: (c.text, c.restriction, c.attributes, c.versions.count()) for c in Card.objects.all()}
    assert after == before
