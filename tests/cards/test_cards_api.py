"""GET /api/cards/?q= and /api/cards/<slug>/."""

import pytest

from cards import kb

pytestmark = pytest.mark.django_db


def test_mysterious_technique_lists_printed_and_erratum_versions(client, catalogue):
    response = client.get("/api/cards/mysterious-technique/")
    assert response.status_code == 200
    data = response.json()
    assert data["name"] == "Mysterious Technique" and data["has_errata"] is True
    assert [v["kind"] for v in data["versions"]] == ["printed", "erratum"]
    erratum = data["versions"][1]
    assert erratum["date"] == "2007-01-16"
    assert erratum["note"] == "added – Restriction and Signature"
    assert erratum["source"] == "highlander-mle-rule-supplement-2007"
    assert "source_entry" in erratum
    if kb.available():  # the rulings app's entries, when they are imported
        assert erratum["source_entry"] is None or erratum["source_entry"]["kind"] == "erratum"
    assert data["text"] == erratum["text"]
    assert data["url"].endswith("/cards/mysterious-technique/")
    assert isinstance(data["rulings"], list)


def test_search_shape(client, catalogue):
    data = client.get("/api/cards/", {"q": "sideswipe"}).json()
    assert data["count"] == 2
    assert set(data["results"][0]) == {
        "slug",
        "name",
        "game",
        "type",
        "subtitle",
        "text",
        "has_errata",
        "url",
    }
    assert {r["slug"] for r in data["results"]} == {"sideswipe-left", "sideswipe-right"}


def test_typo_finds_the_card_with_did_you_mean(client, catalogue):
    data = client.get("/api/cards/", {"q": "mysterius tecnique"}).json()
    assert data["results"][0]["slug"] == "mysterious-technique"
    assert data["did_you_mean"] == "Mysterious Technique"


def test_broken_query_is_a_400_with_the_message(client, catalogue):
    response = client.get("/api/cards/", {"q": "t:attack (o:blow"})
    assert response.status_code == 400
    data = response.json()
    assert "never closed" in data["detail"]
    assert data["position"] == 9
    assert data["pointer"].splitlines()[1] == " " * 9 + "^"


def test_unknown_card_is_404(client, catalogue):
    assert client.get("/api/cards/no-such-card/").status_code == 404


def _mle_entry(card_name, kind="erratum", **extra):
    from rulings.models import Entry, Source
    from rulings.services import entry_saved

    source, _ = Source.objects.get_or_create(
        slug="highlander-mle-rule-supplement-2007",
        defaults={
            "game": "highlander",
            "title": "MLE rule supplement",
            "authority": "MLE team",
            "format": "mle",
        },
    )
    entry = Entry.objects.create(
        source=source,
        key=f"{kind}-{card_name}-{extra.get('card_variant', '')}",
        kind=kind,
        text=f"{card_name} text",
        card_name=card_name,
        **extra,
    )
    entry_saved(entry)  # as the admin's save: its search data and the words the card linker reads
    return entry


@pytest.mark.skipif(not kb.available(), reason="the rulings app is not installed")
def test_versions_link_their_source_entry_and_rulings_are_listed(client, db):
    from cards.models import Card
    from tests.catalogue_support import import_catalogue

    erratum = _mle_entry("Mysterious Technique")
    faq = _mle_entry("Mysterious Technique", kind="faq", question="Korda Mysterious Face?")
    left = _mle_entry("Sideswipe", card_variant="left")
    right = _mle_entry("Sideswipe", card_variant="right")
    import_catalogue()
    faq.cards.add(Card.objects.get(slug="mysterious-technique"))
    data = client.get("/api/cards/mysterious-technique/").json()
    printed, linked = data["versions"]
    assert printed["source_entry"] is None
    assert linked["source_entry"]["id"] == erratum.pk and linked["source_entry"]["kind"] == "erratum"
    assert {faq.pk, erratum.pk} <= {r["id"] for r in data["rulings"]}
    versions = {
        c.slug: c.versions.get(kind="erratum").source_entry_id
        for c in Card.objects.filter(slug__startswith="sideswipe")
    }
    assert versions == {"sideswipe-left": left.pk, "sideswipe-right": right.pk}
    page = client.get("/cards/mysterious-technique/").content.decode()
    assert f'href="/rulings/entries/{faq.pk}/"' in page or faq.get_absolute_url() in page
