"""Errata editors also keep the knowledge base: they pick a version's source entry (autocomplete
needs view), add rulings and sources, and mark entries superseded."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Errata editors"
CODENAMES = [
    "view_source",
    "add_source",
    "change_source",
    "view_entry",
    "add_entry",
    "change_entry",
    "view_term",
    "view_historicalentry",
]


def grant(apps, schema_editor):
    app_config = apps.get_app_config("rulings")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(*Permission.objects.filter(content_type__app_label="rulings", codename__in=CODENAMES))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for group in Group.objects.filter(name=GROUP):
        group.permissions.remove(*Permission.objects.filter(content_type__app_label="rulings", codename__in=CODENAMES))


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0005_card_text_follows_versions"),
        ("rulings", "0004_gin_without_pending_list"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
