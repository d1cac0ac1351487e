"""Entries link to the catalogue cards they name, on the real catalogue: whole names, case and
accents folded, longest name first, recomputed when a card is added or renamed."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cards.models import Card
from cards.services import save_card
from rulings.models import Entry
from rulings.services import entry_saved, import_all, link_cards, link_haystack, named_in, store_link_text
from tests.rulings.conftest import CRF, MLE

pytestmark = pytest.mark.django_db


@pytest.fixture
def linked(db):
    import_all()
    call_command("import_cards", str(settings.BASE_DIR / "cards/data/catalogue.json"))


def slugs(entry: Entry) -> set[str]:
    return set(entry.cards.values_list("slug", flat=True))


def test_erratum_links_the_card_it_names(linked):
    entry = Entry.objects.get(source__slug=MLE, kind="erratum", card_name="Mysterious Technique")
    assert "mysterious-technique" in slugs(entry)
    assert entry in Card.objects.get(slug="mysterious-technique").entries.all()


def test_unaccented_name_in_the_text_links_the_accented_card(linked):
    # "...cards drawn for events like The Nazgul are Abroad" (no accent in the document)
    entry = Entry.objects.get(source__slug=CRF, text__contains="The Nazgul are")
    assert "Nazgûl" not in entry.text
    assert "the-nazgul-are-abroad" in slugs(entry)
    # and the accented spelling, under the term Mûmak, links it too
    accented = Entry.objects.get(source__slug=CRF, text__startswith="The Nazgûl are Abroad")
    assert "the-nazgul-are-abroad" in slugs(accented)


def test_links_are_whole_names_longest_first(linked):
    # The Twist Of The Blade errata name "Twist Of The Blade", not the Edge card "Twist".
    blade = Entry.objects.filter(source__slug=MLE, kind="erratum", card_name="Twist Of The Blade")
    assert blade.count() == 2
    for entry in blade:
        assert {"twist-of-the-blade-unblockable", "twist-of-the-blade-undodgeable"} & slugs(entry)
        assert "twist" not in slugs(entry)
        assert "thrust" in slugs(entry)  # "any Thrust attack"
    # ...while the Katar Punch erratum ("for each Twist played") does name Twist.
    punch = Entry.objects.get(source__slug=MLE, kind="erratum", card_name="Punch")
    assert "twist" in slugs(punch)


def test_named_in_masks_shorter_names_inside_longer_ones():
    haystack = " play twist of the blade then a twist and run downhill "
    names = ["Twist", "Twist Of The Blade", "Run Down", "Run", "Blade"]
    assert named_in(haystack, names) == {"Twist Of The Blade", "Twist", "Run"}
    assert named_in(" run down the hill ", ["Run", "Run Down"]) == {"Run Down"}
    assert named_in(" nazgul ", ["Nazgûl"]) == {"Nazgûl"}


def test_a_new_card_is_linked_and_a_shorter_name_does_not_steal_it(linked):
    entry = Entry.objects.get(source__slug=MLE, kind="erratum", card_name="Run Down")
    run = save_card(Card(game="highlander", name="Run", slug="run-test", type="Edge"))
    assert "run-test" not in slugs(entry)  # "Run Down" is not "Run"
    # A new card whose whole name an entry uses gets its links at once (cards.services.save_card).
    prone = save_card(Card(game="highlander", name="Knocked Prone", slug="knocked-prone", type="Event"))
    linked_now = set(prone.entries.values_list("pk", flat=True))
    expected = set(Entry.objects.filter(link_text__contains=" knocked prone ").values_list("pk", flat=True))
    assert expected and linked_now == expected
    assert not run.entries.filter(pk=entry.pk).exists()


def test_renaming_a_card_recomputes_its_links(linked):
    card = Card.objects.get(slug="mysterious-technique")
    erratum = Entry.objects.get(source__slug=MLE, kind="erratum", card_name="Mysterious Technique")
    assert card.entries.filter(pk=erratum.pk).exists()
    card.name = "Holy Ground Technique"
    save_card(card, reason="rename")
    assert not card.entries.filter(pk=erratum.pk).exists()
    holy = Entry.objects.get(source__slug=MLE, kind="erratum", card_name="Holy Ground")
    assert not card.entries.filter(pk=holy.pk).exists()  # "Holy Ground" alone is not the new name
    card.name = "Mysterious Technique"
    save_card(card, reason="rename")
    assert card.entries.filter(pk=erratum.pk).exists()
    # a card of another game never links
    other = save_card(Card(game="meccg", name="Mysterious Technique", slug="mt-meccg"))
    assert not other.entries.exists()


def test_a_card_added_later_finds_the_entries_as_editors_last_left_them(linked, django_user_model):
    """The card linker finds the entries naming a new card by their stored folded words, which
    every writer of an entry's words refreshes (rulings.services.store_link_text): an entry added
    in the knowledge base naming a card not yet in the catalogue is listed once the card is added;
    an entry an editor changed to name it no longer is not, nor is one whose change was undone."""
    from rulings import editing
    from rulings.models import Source
    from rulings.services import entry_saved

    editor = django_user_model.objects.create_user("ines", password="pw-ines-123", is_staff=True)
    source = Source.objects.get(slug=MLE)
    added = editing.add_ruling(
        source, text="A Zanzibar Gambit cannot be dodged.", user=editor, reason="asked at a tourney"
    )
    changed = Entry.objects.get(source=source, kind="erratum", card_name="Holy Ground")
    changed.text += " Unlike a Zanzibar Gambit, it can be blocked."
    changed.save()
    entry_saved(changed)  # what the admin's save calls
    changed.text = changed.text.replace(" Unlike a Zanzibar Gambit, it can be blocked.", "")
    changed.save()
    entry_saved(changed)  # an editor's undo
    kept = Entry.objects.get(source=source, kind="erratum", card_name="Run Down")
    kept.text += " A Zanzibar Gambit does not change this."
    kept.save()
    entry_saved(kept)

    card = save_card(Card(game="highlander", name="Zanzibar Gambit", slug="zanzibar-gambit", type="Event"))
    assert set(card.entries.values_list("pk", flat=True)) == {added.pk, kept.pk}


EDITED = ["Holy Ground", "Run Down", "Mysterious Technique", "Punch"]  # MLE errata, by card name
# new names for two catalogue cards (each its own, as names are unique within a game)
RENAMES = {"twist": ["Zanzibar Gambit", "Knocked Prone"], "thrust": ["Zanzibar Gambit Blade", "Nazgûl Ward"]}
NAMED = ["Twist", "Holy Ground", *RENAMES["twist"], *RENAMES["thrust"]]  # what the edits add to entries
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("entry"), st.integers(0, len(EDITED) - 1), st.sampled_from(NAMED)),
        st.sampled_from(["twist", "thrust"]).flatmap(
            lambda slug: st.tuples(st.just("card"), st.just(slug), st.sampled_from(RENAMES[slug]))
        ),
    ),
    min_size=1,
    max_size=5,
)


def _links(entries: list[Entry]) -> dict[int, set[str]]:
    return {entry.pk: slugs(entry) for entry in entries}


@hypothesis_settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS, undo=st.booleans())
def test_any_edits_renames_and_undos_leave_the_links_a_rebuild_would_make(linked, steps, undo):
    """Invariant: an entry's stored folded words are its words now, and its card links are what a
    rebuild from scratch makes, whatever sequence of entry edits (as the admin saves them), card
    renames (which find the entries by those stored words) and undos came before."""
    entries = [
        Entry.objects.select_related("source").get(source__slug=MLE, kind="erratum", card_name=name)
        for name in EDITED
    ]
    texts = {entry.pk: entry.text for entry in entries}
    names = {card.slug: card.name for card in Card.objects.filter(slug__in=["twist", "thrust"])}
    for kind, target, name in steps:
        if kind == "entry":
            entry = entries[target]
            entry.text += f" A {name} changes nothing here."
            entry.save()
            entry_saved(entry)
        else:
            card = Card.objects.get(slug=target)
            card.name = name
            save_card(card, reason="rename")
    if undo:
        for entry in entries:
            entry.text = texts[entry.pk]
            entry.save()
            entry_saved(entry)
        for slug, name in names.items():
            card = Card.objects.get(slug=slug)
            card.name = name
            save_card(card, reason="undo the rename")
    for entry in entries:
        entry.refresh_from_db()
        assert entry.link_text == link_haystack(entry)
    every = list(Entry.objects.select_related("source").filter(source__game="highlander"))
    kept = _links(every)
    store_link_text(every)
    link_cards(every)
    assert _links(every) == kept
