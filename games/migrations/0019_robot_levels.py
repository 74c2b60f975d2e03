"""Robots are named by level in every game: easy, medium, hard (issue 26).

A robot seat keeps its robot under the new name: each game's random robot
is "easy", its heuristic robot "medium" (Race "eager", Dice Stars "greedy",
Knatsch "strong", Rat um Rad "route"). Stand-ins too: Race's seats that
finish automatically keep the random robot (Race rules, decided game).
"""

from __future__ import annotations

from django.db import migrations

LEVELS = {
    "race": {"random": "easy", "eager": "medium"},
    "dice-stars": {"random": "easy", "greedy": "medium"},
    "knatsch": {"random": "easy", "strong": "medium"},
    "rat-um-rad": {"random": "easy", "route": "medium"},
}


def levels_forwards(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    for slug, names in LEVELS.items():
        seats = Seat.objects.filter(match__game_slug=slug)
        for old, new in names.items():
            seats.filter(robot=old).update(robot=new)


def levels_backwards(apps, schema_editor):
    # "hard" had no name before: its seats get the heuristic robot back.
    Seat = apps.get_model("games", "Seat")
    for slug, names in LEVELS.items():
        seats = Seat.objects.filter(match__game_slug=slug)
        seats.filter(robot="hard").update(robot="medium")
        for old, new in names.items():
            seats.filter(robot=new).update(robot=old)


class Migration(migrations.Migration):
    dependencies = [("games", "0018_invitations")]

    operations = [migrations.RunPython(levels_forwards, levels_backwards)]
