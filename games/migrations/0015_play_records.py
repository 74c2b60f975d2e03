"""Move.user and PlayRecord (issue 23, profile speed), filled from the existing rows.

Each move gets the person of the seat that made it; each person a count of
the finished matches played and won per game (a seat ranked first wins).
"""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def fill(apps: Any, schema_editor: Any) -> None:
    """Fill Move.user from the seats and PlayRecord from the finished matches."""
    move_model = apps.get_model("games", "Move")
    seat_model = apps.get_model("games", "Seat")
    record_model = apps.get_model("games", "PlayRecord")
    move_model.objects.update(
        user_id=Subquery(
            seat_model.objects.filter(
                match_id=OuterRef("match_id"), position=OuterRef("seat")
            ).values("user_id")[:1]
        )
    )
    counts: dict[tuple[int, str], tuple[int, int]] = {}
    seats = seat_model.objects.filter(
        user__isnull=False, match__status="finished"
    ).values_list("user_id", "match__game_slug", "position", "match__outcome")
    for user, slug, position, outcome in seats.iterator():
        ranks = (outcome or {}).get("ranks", [])
        played, won = counts.get((user, slug), (0, 0))
        won += len(ranks) > position and ranks[position] == 1
        counts[(user, slug)] = (played + 1, won)
    record_model.objects.bulk_create(
        (
            record_model(user_id=user, game_slug=slug, played=played, won=won)
            for (user, slug), (played, won) in counts.items()
        ),
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_records"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True,
                        primary_key=True,
                        serialize=False,
                        verbose_name="ID",
                    ),
                ),
                ("game_slug", models.CharField(max_length=32, verbose_name="game")),
                (
                    "played",
                    models.PositiveIntegerField(
                        default=0, verbose_name="matches played"
                    ),
                ),
                (
                    "won",
                    models.PositiveIntegerField(default=0, verbose_name="matches won"),
                ),
            ],
            options={
                "verbose_name": "play record",
                "verbose_name_plural": "play records",
            },
        ),
        migrations.AddField(
            model_name="move",
            name="user",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="player",
            ),
        ),
        migrations.AddIndex(
            model_name="move",
            index=models.Index(
                fields=["user", "created_at"], name="move_user_created_idx"
            ),
        ),
        migrations.AddField(
            model_name="playrecord",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="play_records",
                to=settings.AUTH_USER_MODEL,
                verbose_name="player",
            ),
        ),
        migrations.AddConstraint(
            model_name="playrecord",
            constraint=models.UniqueConstraint(
                fields=("user", "game_slug"), name="playrecord_unique_user_game"
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
