"""Private matches get an invitation secret; every existing one is given one."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import migrations, models


def private_matches_get_secrets(apps: Any, schema_editor: Any) -> None:
    """Give every private match without a secret its own (`token_urlsafe(16)`).

    Their players keep access (they are seated); the creator finds the new
    link on the board while seats are open.
    """
    match_model = apps.get_model("games", "Match")
    for match in match_model.objects.filter(private=True, invite_secret="").only("id"):
        match.invite_secret = secrets.token_urlsafe(16)
        match.save(update_fields=["invite_secret"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_clock_warnings"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="invite_secret",
            field=models.CharField(
                blank=True,
                default="",
                editable=False,
                max_length=32,
                verbose_name="invitation secret",
            ),
        ),
        migrations.RunPython(private_matches_get_secrets, migrations.RunPython.noop),
    ]
