"""The card file format: reading JSON/CSV with line numbers, validating rows, slugs."""

import json

import pytest

from cards.schema import FileFormatError, check_rows, fold, make_slug, read_rows, slugify


def test_slug_contract():
    assert slugify("Nazgûl") == "nazgul"
    assert slugify("Master's Advance") == "master-s-advance"
    assert slugify("  Posse Member - Manny ") == "posse-member-manny"
    assert make_slug("highlander", "Sideswipe", "left") == "sideswipe-left"
    assert make_slug("highlander", "Twist Of The Blade", "undodgeable") == "twist-of-the-blade-undodgeable"
    assert make_slug("meccg", "Twilight", taken={"twilight"}) == "twilight-meccg"
    assert make_slug("inwo", "Monopoly", taken=set()) == "monopoly"


def test_fold():
    assert fold("The Nazgûl are Abroad") == "the nazgul are abroad"
    assert fold("Carn Dûm") == "carn dum"


def test_json_rows_carry_their_line_numbers():
    text = '[\n {"game": "highlander", "name": "A"},\n\n {"game": "inwo",\n  "name": "B"}\n]\n'
    rows = read_rows(text, "json")
    assert [(r.line, r.data["name"]) for r in rows] == [(2, "A"), (4, "B")]


def test_json_not_a_list():
    with pytest.raises(FileFormatError):
        read_rows('{"game": "highlander"}', "json")
    with pytest.raises(FileFormatError) as info:
        read_rows('[\n {"game": "highlander",}\n]', "json")
    assert info.value.line == 2


def test_every_invalid_row_is_reported_with_its_reason():
    rows = [
        {"game": "highlander", "name": "Fine", "restriction": 2, "attributes": {"grid": "X--/X--/X--"}},
        {"game": "chess", "name": "Pawn"},
        {"game": "highlander", "name": ""},
        {"game": "highlander", "name": "Bad grid", "attributes": {"grid": "XX/X--"}},
        {"game": "highlander", "name": "Bad version", "versions": [{"kind": "rumour", "date": "2007-13-45"}]},
        {"game": "highlander", "name": "Fine"},
        {"game": "highlander", "name": "Neg", "restriction": -1, "colour": "red"},
    ]
    text = "[\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]"
    checked = check_rows(read_rows(text, "json"))
    errors = {r.line: " / ".join(r.errors) for r in checked if r.errors}
    assert sorted(errors) == [3, 4, 5, 6, 7, 8]
    assert "game must be one of" in errors[3]
    assert "name is required" in errors[4]
    assert "grid" in errors[5]
    assert "kind must be one of" in errors[6] and "date must be" in errors[6]
    assert "line 2" in errors[7]
    assert "restriction" in errors[8] and "unknown field(s): colour" in errors[8]


def test_csv_rows():
    text = (
        "game,name,variant,restriction,attributes,versions\n"
        'highlander,Sideswipe,left,2,"{""grid"": ""X--/X--/X--""}",\n'
        'highlander,"Multi\nline",,x,{oops,\n'
    )
    rows = check_rows(read_rows(text, "csv"))
    assert rows[0].data["attributes"] == {"grid": "X--/X--/X--"} and rows[0].data["restriction"] == 2
    assert rows[0].errors == []
    assert rows[1].line == 3
    assert any("attributes: not valid JSON" in e for e in rows[1].errors)
    assert any("restriction" in e for e in rows[1].errors)


def test_csv_unknown_column():
    with pytest.raises(FileFormatError):
        read_rows("game,name,colour\nhighlander,A,red\n", "csv")
