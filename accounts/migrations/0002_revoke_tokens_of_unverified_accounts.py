"""Revoke the API tokens that accounts without a verified e-mail address hold.

`POST /api/token/` used to hand tokens to such accounts while the log-in
page refused them; the endpoint now applies the page's checks. The tokens
it handed out before are deleted here (with ACCOUNT_EMAIL_VERIFICATION
"mandatory", the default); their players get a new one once verified.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import migrations


def revoke(apps: Any, schema_editor: Any) -> None:
    if getattr(settings, "ACCOUNT_EMAIL_VERIFICATION", "mandatory") != "mandatory":
        return
    token_model = apps.get_model("authtoken", "Token")
    email_model = apps.get_model("account", "EmailAddress")
    verified = email_model.objects.filter(verified=True).values("user_id")
    token_model.objects.exclude(user_id__in=verified).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("account", "0009_emailaddress_unique_primary_email"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [migrations.RunPython(revoke, migrations.RunPython.noop)]
