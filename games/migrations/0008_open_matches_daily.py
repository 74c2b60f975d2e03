"""Open matches made before time controls existed get the default, Daily.

An open match of several seats that is untimed and public would otherwise
leave the lobby and refuse every stranger (games.services.seats, untimed
matches are for robots or private matches). Running and finished matches
keep running untimed: their seats are taken. A solo match stays untimed.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations
from django.db.models import Count

# games.clocks.PRESETS["daily"], as it was when this migration was written.
DAILY = {"preset": "daily", "bank": 86400, "increment": 86400, "cap": 259200}


def open_matches_daily(apps: Any, schema_editor: Any) -> None:
    Match = apps.get_model("games", "Match")
    ids = (
        Match.objects.filter(status="open", time_control__isnull=True, private=False)
        .annotate(seat_count=Count("seats"))
        .filter(seat_count__gt=1)
        .values_list("id", flat=True)
    )
    Match.objects.filter(id__in=list(ids)).update(time_control=DAILY)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_timeouts_and_table_events")]

    operations = [
        migrations.RunPython(open_matches_daily, migrations.RunPython.noop),
    ]
