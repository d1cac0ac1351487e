from pathlib import Path

import pytest

CATALOGUE = Path(__file__).resolve().parents[2] / "cards" / "data" / "catalogue.json"


@pytest.fixture
def catalogue(db):
    """The curated catalogue, imported as `make run` does."""
    from cards.schema import read_rows
    from cards.services import import_rows

    return import_rows(read_rows(CATALOGUE.read_text(encoding="utf-8"), "json"))


@pytest.fixture
def editor(db, django_user_model):
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("erin", password="pw-erin-123", is_staff=True)
    user.groups.add(Group.objects.get(name="Errata editors"))
    return user


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client
