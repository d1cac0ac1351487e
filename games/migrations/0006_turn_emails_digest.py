from django.db import migrations, models


def keep_choice(apps, schema_editor):
    """Who had turn e-mails off keeps them off; everyone else gets one per duel per day."""
    Profile = apps.get_model("games", "Profile")
    Profile.objects.filter(email_on_turn=False).update(turn_emails="none")


def restore_choice(apps, schema_editor):
    Profile = apps.get_model("games", "Profile")
    Profile.objects.filter(turn_emails="none").update(email_on_turn=False)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_duel_extension_cap"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="turn_emails",
            field=models.CharField(
                choices=[
                    ("each", "When it is my move (at most one a day per duel)"),
                    ("daily", "One daily digest of the duels waiting for me"),
                    ("none", "None"),
                ],
                default="each",
                max_length=5,
                verbose_name="E-mails about my move",
            ),
        ),
        migrations.RunPython(keep_choice, restore_choice),
        migrations.RemoveField(model_name="profile", name="email_on_turn"),
        migrations.AddField(
            model_name="profile",
            name="digest_mailed_on",
            field=models.DateField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="turn_mailed_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
    ]
