"""The "Errata editors" group: add and change (and view) cards and their text versions."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Errata editors"
CODENAMES = [
    "add_card", "change_card", "view_card",
    "add_textversion", "change_textversion", "view_textversion",
    "view_historicalcard", "view_historicaltextversion",
]


def create_group(apps, schema_editor):
    app_config = apps.get_app_config("cards")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(*Permission.objects.filter(content_type__app_label="cards", codename__in=CODENAMES))


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
