"""The bundled data `make run` loads on every start."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from cards.models import TextVersion


@pytest.mark.django_db
def test_each_start_mends_errata_versions_left_without_their_ruling(client):
    """A card's erratum links to the ruling it comes from. A version entered before its ruling
    was imported (an admin's erratum, an older database) gets its link on the next start."""
    call_command("load_bundled_data", stdout=io.StringIO())
    versions = TextVersion.objects.exclude(kind=TextVersion.Kind.PRINTED)
    assert versions.count() > 40 and not versions.filter(source_entry=None).exists()
    holy_ground = versions.get(card__slug="holy-ground", kind="erratum")
    ruling_url = holy_ground.source_entry.get_absolute_url()
    versions.update(source_entry=None)

    call_command("load_bundled_data", stdout=io.StringIO())

    assert not versions.filter(source_entry=None).exists()
    assert f'href="{ruling_url}"' in client.get("/cards/holy-ground/").content.decode()
