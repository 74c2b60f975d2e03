"""A match its players cancelled by consent gets a status of its own (issue 21).

"cancelled", apart from a moderator's abort ("aborted"). Matches cancelled
before are found by their log's "cancelled by consent" event.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models


def cancelled_from_events(apps: Any, schema_editor: Any) -> None:
    """Mark as cancelled the aborted matches whose log says "cancelled by consent"."""
    Match = apps.get_model("games", "Match")
    MatchEvent = apps.get_model("games", "MatchEvent")
    cancelled = MatchEvent.objects.filter(kind="cancelled").values("match_id")
    Match.objects.filter(status="aborted", id__in=cancelled).update(status="cancelled")


def aborted_again(apps: Any, schema_editor: Any) -> None:
    """Undo: a cancelled match is aborted again, as before issue 21."""
    Match = apps.get_model("games", "Match")
    Match.objects.filter(status="cancelled").update(status="aborted")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_match_invite_secret"),
    ]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="status",
            field=models.CharField(
                choices=[
                    ("open", "Waiting for players"),
                    ("active", "Running"),
                    ("finished", "Finished"),
                    ("cancelled", "Cancelled"),
                    ("aborted", "Aborted"),
                ],
                default="open",
                max_length=16,
                verbose_name="status",
            ),
        ),
        migrations.RunPython(cancelled_from_events, aborted_again),
    ]
