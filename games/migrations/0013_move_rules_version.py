"""Every move row records the rules version it was applied under (issue 22).

Rows from before carry their match's `rules_version`: the version the
match was last played under, the best there is to know of them.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def versions_from_matches(apps: Any, schema_editor: Any) -> None:
    """Give each existing move its match's rules version."""
    Match = apps.get_model("games", "Match")
    Move = apps.get_model("games", "Move")
    version = Match.objects.filter(id=OuterRef("match_id")).values("rules_version")
    Move.objects.update(rules_version=Subquery(version[:1]))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_notification_from_accounts"),
    ]

    operations = [
        migrations.AddField(
            model_name="move",
            name="rules_version",
            field=models.CharField(
                default="", max_length=16, verbose_name="rules version"
            ),
            preserve_default=False,
        ),
        # Backwards: the column goes away with the field, nothing to undo.
        migrations.RunPython(versions_from_matches, migrations.RunPython.noop),
    ]
