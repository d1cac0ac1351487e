"""Highlander's glossary, derived from its rule documents' headings and definitions: terms exist,
entries link to them, and the term pages list those entries."""

from __future__ import annotations

import pytest

from rulings.importers import load_manifest, parse_file
from rulings.importers.glossary import plural, singular
from rulings.models import Entry, Term
from rulings.services import import_all

CORE = "highlander-core-rules"
MLE = "highlander-mle-rule-supplement-2007"

EXPECTED = {
    # headed sections of the core rules
    "Power Blow", "Power Block", "Exertion", "Hidden Attack", "Guard", "Edge Card", "Special Card",
    "Pre-Game Card", "Restriction Number", "Exhaustion", "Sweep Phase", "Weapon of Choice", "Persona",
    # concepts the core rules define in their text
    "Endurance", "Ability", "Master Card",
    # headed sections of the MLE supplement
    "Combat Trick", "Unexpected Card", "Faction Persona", "Vehicle", "Place",
}  # fmt: skip


def _parsed(slug: str):
    manifest = next(entry for entry in load_manifest() if entry.slug == slug)
    return parse_file(manifest.path, manifest.format)


def test_singular_and_plural():
    assert singular("Power Blocks") == "Power Block"
    assert singular("Weapons of Choice") == "Weapon of Choice"
    assert singular("Allies") == "Ally"
    assert singular("Martial Arts") == "Martial Arts"
    assert plural("Ally") == "Allies"
    assert plural("Weapon of Choice") == "Weapons of Choice"


def test_the_glossary_comes_from_the_documents():
    core, mle = _parsed(CORE), _parsed(MLE)
    names = {term.name for term in core.terms} | {term.name for term in mle.terms}
    assert not EXPECTED - names, sorted(EXPECTED - names)
    # headings that are no concept stay out: a card's title line, procedures, comparisons, chapters
    for not_a_term in (
        "Title",
        "Text",
        "Searching for an Attack",
        "Damage vs. Loss of Ability",
        "Card Anatomy",
    ):
        assert not_a_term not in names
    assert len({term.slug for term in core.terms}) == len(core.terms)
    power_blocks = next(entry for entry in core.entries if entry.title == "Power Blocks")
    assert "power-block" in power_blocks.terms


@pytest.mark.django_db
def test_entries_link_the_terms_and_term_pages_list_them(client):
    import_all()
    term = Term.objects.get(game="highlander", slug="power-block")
    assert term.name == "Power Block"
    power_blocks = Entry.objects.get(source__slug=CORE, title="Power Blocks", status="current")
    assert power_blocks.terms.filter(pk=term.pk).exists()
    page = client.get(term.get_absolute_url())
    assert page.status_code == 200
    assert f'href="{power_blocks.get_absolute_url()}"'.encode() in page.content
    # the permalink links the term back
    entry_page = client.get(power_blocks.get_absolute_url()).content.decode()
    assert f'href="{term.get_absolute_url()}"' in entry_page
    # a term the supplement defines links the core rules' entries using it, and the other way round
    combat_trick = Term.objects.get(game="highlander", slug="combat-trick")
    assert combat_trick.entries.filter(source__slug=MLE, title="Combat Trick Rules").exists()
    endurance = Term.objects.get(game="highlander", slug="endurance")
    assert endurance.entries.filter(source__slug=MLE).exists()
    assert endurance.entries.filter(source__slug=CORE, title="Minimum Endurance Size").exists()
    # plural mentions count: "Exertions" is the Exertion term
    exertion = Term.objects.get(game="highlander", slug="exertion")
    assert exertion.entries.filter(source__slug=CORE, title="Exertions").exists()
    # MECCG keeps its own 49 terms; nothing crosses games
    assert Term.objects.filter(game="meccg").count() == 49
    assert not power_blocks.terms.exclude(game="highlander").exists()
    # re-importing keeps the links and creates no term twice
    before = Term.objects.filter(game="highlander").count()
    links = set(power_blocks.terms.values_list("pk", flat=True))
    import_all()
    assert Term.objects.filter(game="highlander").count() == before
    assert set(power_blocks.terms.values_list("pk", flat=True)) == links
