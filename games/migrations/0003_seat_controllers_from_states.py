"""Who plays a seat moves onto the seat; seats to move get stored columns.

Robot seats get the robot controller. Race (rules version 1) kept "finish
automatically" as flags in its state: those seats get a stand-in playing
Race's default robot, "random" (the engine drops the flags when it upgrades
the state). Seats to move of running matches get their columns, from the
engines as they are at this migration.
"""

from django.db import migrations
from django.utils import timezone


def seats_forwards(apps, schema_editor):
    from games.rules import IllegalMove
    from games.rules.registry import rules_for

    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    Seat.objects.exclude(robot="").update(controller="robot")
    now = timezone.now()
    for match in Match.objects.filter(status="active").iterator():
        seats = Seat.objects.filter(match=match)
        if match.game_slug == "race" and match.rules_version == "1":
            flags = (match.state or {}).get("autoplay") or []
            on = [position for position, flag in enumerate(flags) if flag is True]
            seats.filter(position__in=on, user__isnull=False).update(
                controller="stand_in", robot="random"
            )
        try:
            rules = rules_for(match.game_slug)
        except KeyError:
            continue
        if match.state is None:
            continue
        try:
            data = match.state
            if match.rules_version != rules.info.version:
                data = rules.upgrade_state(data, match.rules_version)
            to_move = rules.to_move(rules.state_from_json(data))
        except IllegalMove:
            continue
        seats.filter(position__in=to_move).update(
            to_move_since=now, to_move_version=match.version
        )


def seats_backwards(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    # The old constraint allowed a user or a robot, not both.
    Seat.objects.filter(controller="stand_in").update(robot="")


class Migration(migrations.Migration):
    # Data only: PostgreSQL refuses schema changes in a transaction that
    # has pending row changes, so the indexes follow in 0004.

    dependencies = [
        ("games", "0002_seat_controller_and_turns"),
    ]

    operations = [
        migrations.RunPython(seats_forwards, seats_backwards),
    ]
