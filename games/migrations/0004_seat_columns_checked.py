"""Indexes and checks of the seat columns (after their data in 0003)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_seat_controllers_from_states"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                condition=models.Q(
                    ("to_move_since__isnull", False),
                    models.Q(("controller", "person"), _negated=True),
                ),
                fields=["to_move_since"],
                name="seat_system_to_move_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                condition=models.Q(
                    ("controller", "person"), ("to_move_since__isnull", False)
                ),
                fields=["user"],
                name="seat_person_to_move_idx",
            ),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("controller", "person"), ("robot", "")),
                    models.Q(
                        ("controller", "robot"),
                        ("user__isnull", True),
                        models.Q(("robot", ""), _negated=True),
                    ),
                    models.Q(
                        ("controller", "stand_in"),
                        ("user__isnull", False),
                        models.Q(("robot", ""), _negated=True),
                    ),
                    _connector="OR",
                ),
                name="seat_controller_consistent",
            ),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(
                        ("to_move_since__isnull", True),
                        ("to_move_version__isnull", True),
                    ),
                    models.Q(
                        ("to_move_since__isnull", False),
                        ("to_move_version__isnull", False),
                    ),
                    _connector="OR",
                ),
                name="seat_to_move_consistent",
            ),
        ),
    ]
