from django.db import migrations, models


def drop_repeated_starter_decks(apps, schema_editor):
    """Ready-made decks saved twice by concurrent first requests: keep the first of each name.
    Duels keep their own copy of a deck, so nothing refers to the extra rows."""
    SavedDeck = apps.get_model("games", "SavedDeck")
    seen = set()
    for deck in SavedDeck.objects.filter(owner__isnull=True).order_by("pk"):
        if deck.name in seen:
            deck.delete()
        else:
            seen.add(deck.name)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_duel_event_count"),
    ]

    operations = [
        migrations.RunPython(drop_repeated_starter_decks, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="saveddeck",
            constraint=models.UniqueConstraint(
                condition=models.Q(("owner__isnull", True)), fields=("name",), name="starter_deck_name_unique"
            ),
        ),
    ]
