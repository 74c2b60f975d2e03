"""The two old e-mail flags become the kinds switched off (`User.email_off`).

`email_on_turn` False switches off "your turn"; `email_reminders` False
switches off "your time is running out". Nothing sent them yet, but a
person who said no keeps their no.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


def flags_to_kinds(apps: Any, schema_editor: Any) -> None:
    User = apps.get_model("accounts", "User")
    for user in User.objects.filter(email_on_turn=False) | User.objects.filter(
        email_reminders=False
    ):
        off = []
        if not user.email_on_turn:
            off.append("your_turn")
        if not user.email_reminders:
            off.append("time_low")
        user.email_off = off
        user.save(update_fields=["email_off"])


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_notifications")]

    operations = [migrations.RunPython(flags_to_kinds, migrations.RunPython.noop)]
