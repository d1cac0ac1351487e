"""The curated catalogue (cards/data/catalogue.json) holds the cards the sources name, validly."""

import json

import pytest

from cards.schema import check_rows, make_slug, read_rows
from tests.catalogue_support import CATALOGUE


@pytest.fixture(scope="module")
def rows():
    return json.loads(CATALOGUE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def by_slug(rows):
    return {r["slug"]: r for r in rows}


def test_catalogue_is_valid_in_the_import_format():
    checked = check_rows(read_rows(CATALOGUE.read_text(encoding="utf-8"), "json"))
    assert [(r.line, r.errors) for r in checked if r.errors] == []


def test_slugs_follow_the_shared_contract(rows):
    taken = set()
    for row in rows:
        assert row["slug"] == make_slug(row["game"], row["name"], row["variant"], taken), row["name"]
        taken.add(row["slug"])


def test_counts_per_game(rows):
    counts = {g: sum(r["game"] == g for r in rows) for g in ("highlander", "meccg", "inwo")}
    assert counts["highlander"] >= 140 and counts["meccg"] >= 40 and counts["inwo"] >= 6


def test_nine_basic_attacks_cover_each_cell_once(rows):
    basics = [r for r in rows if r["type"] == "Attack" and r["attributes"].get("basic")]
    assert sorted(r["name"] for r in basics) == sorted(
        [
            "Upper Left Attack",
            "Upper Center Attack",
            "Upper Right Attack",
            "Middle Left Attack",
            "Thrust",
            "Middle Right Attack",
            "Lower Left Attack",
            "Lower Center Attack",
            "Lower Right Attack",
        ]
    )
    cells = set()
    for r in basics:
        flat = r["attributes"]["grid"].replace("/", "")
        assert flat.count("X") == 1
        cells.add(flat.index("X"))
    assert cells == set(range(9))


def test_six_basic_blocks(by_slug):
    assert by_slug["upper-left-block"]["attributes"]["grid"] == "XX-/XX-/---"
    assert by_slug["lower-center-block"]["attributes"]["grid"] == "---/---/XXX"
    assert by_slug["darius"]["type"] == "Persona" and by_slug["darius-in-game"]["name"] == "Darius"
    for weapon in ("sword-of-babylon", "naginata", "katar", "katana"):
        assert by_slug[weapon]["type"] == "Weapon of Choice"
    blocks = [r for r in by_slug.values() if r["type"] == "Block" and r["attributes"].get("basic")]
    assert len(blocks) == 6


def test_mysterious_technique(by_slug):
    card = by_slug["mysterious-technique"]
    assert (card["type"], card["subtitle"], card["subtitle_kind"], card["restriction"]) == (
        "Attack",
        "Andre Korda",
        "persona",
        3,
    )
    assert card["attributes"]["signature"] is True
    assert [v["kind"] for v in card["versions"]] == ["printed", "erratum"]
    erratum = card["versions"][-1]
    assert erratum["source"] == "highlander-mle-rule-supplement-2007"
    assert erratum["date"] == "2007-01-16"
    assert erratum["note"] == "added – Restriction and Signature"
    assert card["text"].startswith("You may play this card face down along with two other attacks.")
    assert card["text"].endswith(
        "discard the other two attacks and any cards played in conjunction with them."
    )


def test_run_down_grid_and_reconstructed_printed_text(by_slug):
    card = by_slug["run-down"]
    assert card["attributes"]["grid"] == "---/XXX/XXX"
    assert (card["type"], card["restriction"]) == ("Special Attack", 2)
    printed, erratum = card["versions"]
    assert erratum["text"] == printed["text"] + " This is considered a Vehicle attack."
    assert erratum["note"] == "Last line of text added"


def test_same_title_cards_are_told_apart(by_slug):
    assert by_slug["sideswipe-left"]["attributes"]["grid"] == "X--/X--/X--"
    assert by_slug["sideswipe-right"]["attributes"]["grid"] == "--X/--X/--X"
    assert "unblockable" in by_slug["twist-of-the-blade-unblockable"]["text"]
    assert "undodgeable" in by_slug["twist-of-the-blade-undodgeable"]["text"]
    assert by_slug["sideswipe-left"]["name"] == by_slug["sideswipe-right"]["name"] == "Sideswipe"


def test_expert_thrust_printed_mentions_the_removed_phrase(by_slug):
    printed, erratum = by_slug["expert-thrust"]["versions"]
    assert "may not be a power blow" in printed["text"]
    assert "power blow" not in erratum["text"].lower()


@pytest.mark.parametrize(
    "slug",
    [
        "head-shot",
        "holy-ground",
        "acrobat",
        "the-circle",
        "unplanned-situation",
        "ahriman",
        "thief-s-plan",
        "combination",
        "master-s-chronicles",
        "high-kick",
        "scare",
        "posse-member-manny",
        "faith",
        "pleasure-of-the-hunt",
        "kit-o-brady",
        "nick-wolfe",
        "juan-sanchez-villa-lobos-ramirez",
        "off-balance",
        "expert-thrust",
        "hans-kershner",
        "superior-tactics",
        "foresee-the-unexpected",
        "spin-of-the-spear",
        "lightning-fast",
        "final-slice",
        "duck-darius",
        "seduce",
        "mysterious-face",
        "teachers-field",
        "explosion",
        "don-t-follow-the-rules",
        "abandoned-field",
        "nail-studded-bat",
        "swing-for-fences",
        "cracker-bob",
        "master-swordsman",
        "weapon-master",
        "master-s-advance",
    ],
)
def test_highlander_cards_the_sources_name(by_slug, slug):
    assert by_slug[slug]["game"] == "highlander"


@pytest.mark.parametrize(
    "slug,game,type_",
    [
        ("cunning-foes", "meccg", "Hazard event"),
        ("long-winter", "meccg", "Hazard event"),
        ("come-at-need", "meccg", "Resource permanent-event"),
        ("mumak", "meccg", "Hazard creature"),
        ("the-nazgul-are-abroad", "meccg", "Hazard event"),
        ("mount-gram", "meccg", "Site"),
        ("nobel-peace-prize", "inwo", ""),
        ("jake-day", "inwo", "Group"),
    ],
)
def test_meccg_and_inwo_cards(by_slug, slug, game, type_):
    assert (by_slug[slug]["game"], by_slug[slug]["type"]) == (game, type_)


def test_names_keep_their_accents(by_slug):
    assert by_slug["mumak"]["name"] == "Mûmak"
    assert by_slug["the-nazgul-are-abroad"]["name"] == "The Nazgûl are Abroad"
    assert by_slug["carn-dum"]["name"] == "Carn Dûm"


def test_every_erratum_and_clarification_is_dated_and_sourced(rows):
    for row in rows:
        for version in row["versions"]:
            if version["kind"] != "printed":
                assert version["date"] and version["source"], row["name"]
        if row["versions"]:
            assert row["text"] == row["versions"][-1]["text"], row["name"]
