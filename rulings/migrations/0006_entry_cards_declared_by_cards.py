"""The entry-card link moves to the catalogue (Card.entries, cards 0007): state only, the table
rulings_entry_cards stays as it is."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("rulings", "0005_judge_vocabulary_and_views")]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.RemoveField("entry", "cards")]),
    ]
