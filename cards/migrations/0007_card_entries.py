"""Card.entries takes over the entry-card link rulings declared (rulings 0006): state only, same
table and columns (card_id, entry_id)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0006_editors_edit_rulings"),
        ("rulings", "0006_entry_cards_declared_by_cards"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name="card",
                    name="entries",
                    field=models.ManyToManyField(
                        blank=True,
                        db_table="rulings_entry_cards",
                        editable=False,
                        related_name="cards",
                        to="rulings.entry",
                    ),
                )
            ]
        ),
    ]
