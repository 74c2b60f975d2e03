"""A person's "no" to the offer to finish automatically, kept on the seat."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_seat_columns_checked"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="autoplay_declined_at",
            field=models.DateTimeField(
                blank=True,
                null=True,
                verbose_name="declined to finish automatically at",
            ),
        ),
    ]
