"""The errata invariant under random sequences of changes, and the database's own check of it.

A card's text is its newest live version's, whatever happened before: adds, edits, soft deletes,
restores, imports and reverts of the card to any earlier moment; and a revert to a moment gives
back exactly what a reader saw then."""

from __future__ import annotations

import itertools
import json

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cards import errata
from cards.models import Card, TextVersion
from cards.schema import read_rows
from cards.services import import_rows, save_card
from tests.cards.errata_support import assert_consistent

pytestmark = pytest.mark.django_db

WORDS = st.lists(
    st.sampled_from(["Power", "Blow", "discard", "Holy", "Ground", "exert", "the", "a"]), max_size=6
)
TEXTS = WORDS.map(" ".join)
KINDS = st.sampled_from(["erratum", "clarification"])
_cards = itertools.count()


class CardErrata(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        n = next(_cards)
        self.card = save_card(
            Card(game="highlander", name=f"Prop Card {n}", slug=f"prop-card-{n}", type="Event")
        )
        errata.add_version(self.card, kind="printed", text="Printed text.", reason="printing")
        self.snapshots = [(timezone.now(), errata.state_of(self.card))]
        self.notes = itertools.count()

    def _live(self):
        return list(self.card.versions.order_by("position", "id"))

    def _deleted(self):
        return list(TextVersion.all_objects.filter(card=self.card, deleted_at__isnull=False).order_by("id"))

    def _snapshot(self):
        self.snapshots.append((timezone.now(), errata.state_of(self.card)))

    @rule(kind=KINDS, text=TEXTS)
    def add(self, kind, text):
        errata.add_version(self.card, kind=kind, text=text, note=f"n{next(self.notes)}", reason="add")
        self._snapshot()

    @precondition(lambda self: self._live())
    @rule(data=st.data(), text=TEXTS)
    def edit(self, data, text):
        version = data.draw(st.sampled_from(self._live()))
        version.text = text
        errata.save_version(version, reason="edit")
        self._snapshot()

    @precondition(lambda self: self._live())
    @rule(data=st.data())
    def delete(self, data):
        errata.delete_version(data.draw(st.sampled_from(self._live())), reason="delete")
        self._snapshot()

    @precondition(lambda self: self._deleted())
    @rule(data=st.data())
    def restore(self, data):
        errata.restore_version(data.draw(st.sampled_from(self._deleted())), reason="restore")
        self._snapshot()

    @rule(text=TEXTS, kind=KINDS)
    def import_a_new_version(self, text, kind):
        card = self.card
        row = {
            "game": "highlander",
            "name": card.name,
            "slug": card.slug,
            "type": "Event",
            "versions": [
                {"kind": "printed", "text": "Printed text."},
                {"kind": kind, "text": text, "note": f"imported {next(self.notes)}"},
            ],
        }
        import_rows(read_rows(json.dumps([row]), "json"), reason="import")
        self._snapshot()

    @rule(data=st.data())
    def revert(self, data):
        when, state = data.draw(st.sampled_from(self.snapshots))
        errata.revert_card(self.card, when, reason="revert")
        assert errata.state_of(self.card) == state  # exactly what a reader saw then
        self._snapshot()

    @invariant()
    def text_is_the_newest_live_version(self):
        live = self._live()
        self.card.refresh_from_db()
        assert self.card.text == (live[-1].text if live else "")
        assert self.card.has_errata == any(v.kind == "erratum" for v in live)
        assert_consistent(self.card)


def test_random_errata_sequences_keep_the_invariant_and_revert_exactly(db):
    run_state_machine_as_test(
        CardErrata,
        settings=settings(
            max_examples=25,
            stateful_step_count=12,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        ),
    )


def test_the_database_refuses_a_card_that_contradicts_its_versions(db):
    card = save_card(Card(game="highlander", name="Raw Card", slug="raw-card"))
    errata.add_version(card, kind="printed", text="Printed.", reason="printing")
    assert_consistent(card)
    # an ORM path that forgets cards.errata: the deferred check fails at commit time
    with pytest.raises(IntegrityError, match="contradicts its errata"), transaction.atomic():
        TextVersion.objects.create(card=card, kind="erratum", text="Sneaked in.")
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    with (
        pytest.raises(IntegrityError, match="contradicts its errata"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE cards_card SET text = 'Edited behind its back.' WHERE id = %s", [card.pk])
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
    card.refresh_from_db()
    assert card.text == "Printed." and card.versions.count() == 1


def test_an_import_with_an_unknown_source_is_refused_and_imports_nothing(db):
    from cards.services import ImportError_

    rows = read_rows(
        '[{"game": "highlander", "name": "Typo Card", "versions": '
        '[{"kind": "erratum", "text": "x", "source": "higlander-mle-typo"}]}]',
        "json",
    )
    with pytest.raises(ImportError_, match="unknown source 'higlander-mle-typo'"):
        import_rows(rows)
    assert not Card.objects.filter(name="Typo Card").exists()


def test_the_import_command_keeps_the_rule_and_says_why_in_the_history(db, tmp_path):
    from django.core.management import call_command

    path = tmp_path / "errata.csv"
    path.write_text(
        "game,name,versions\n"
        'highlander,CSV Card,"[{""kind"": ""printed"", ""text"": ""Old.""}, '
        '{""kind"": ""erratum"", ""text"": ""New."", ""source"": ""highlander-mle-rule-supplement-2007""}]"\n',
        encoding="utf-8",
    )
    call_command("import_cards", str(path))
    card = Card.objects.get(name="CSV Card")
    assert (card.text, card.has_errata) == ("New.", True)
    assert card.history.first().history_change_reason == "import_cards errata.csv"
    assert card.versions.last().history.first().history_change_reason == "import_cards errata.csv"
    assert_consistent(card)
