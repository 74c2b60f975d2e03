from __future__ import annotations

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_email_preferences_from_flags")]

    operations = [
        migrations.RemoveField(model_name="user", name="email_on_turn"),
        migrations.RemoveField(model_name="user", name="email_reminders"),
    ]
