import pytest


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
