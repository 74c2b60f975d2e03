"""E-mails recorded until delivered, and one unread "your turn" per match (issue 21).

`EmailDelivery` holds each e-mail until the mail server took it;
notices point to theirs. A person's stacked unread "your turn" notices of
one match are read but the newest, which later turns rewrite.
"""

from __future__ import annotations

from typing import Any

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def one_unread_turn_per_match(apps: Any, schema_editor: Any) -> None:
    Notification = apps.get_model("accounts", "Notification")
    newest: dict[tuple[int, int], int] = {}
    stale: list[int] = []
    unread = (
        Notification.objects.filter(
            kind="your_turn", read_at__isnull=True, match__isnull=False
        )
        .order_by("-created_at", "-id")
        .values_list("id", "user_id", "match_id")
    )
    for notice_id, user_id, match_id in unread.iterator():
        if newest.setdefault((user_id, match_id), notice_id) != notice_id:
            stale.append(notice_id)
    now = django.utils.timezone.now()
    for start in range(0, len(stale), 500):
        Notification.objects.filter(id__in=stale[start : start + 500]).update(
            read_at=now
        )


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0006_remove_email_flags'),
    ]

    operations = [
        migrations.AlterField(
            model_name='notification',
            name='email_state',
            field=models.CharField(blank=True, choices=[('', 'no e-mail'), ('pending', 'pending'), ('sent', 'in an e-mail'), ('skipped', 'not needed'), ('digest', 'for the digest')], default='', max_length=16, verbose_name='e-mail'),
        ),
        migrations.CreateModel(
            name='EmailDelivery',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('digest', models.BooleanField(default=False, verbose_name='daily digest')),
                ('state', models.CharField(choices=[('queued', 'to be sent'), ('delivered', 'delivered'), ('failed', 'failed'), ('dropped', 'nothing to send')], default='queued', max_length=16, verbose_name='state')),
                ('attempts', models.PositiveSmallIntegerField(default=0, verbose_name='attempts')),
                ('next_attempt_at', models.DateTimeField(verbose_name='next attempt at')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                ('delivered_at', models.DateTimeField(blank=True, null=True, verbose_name='delivered at')),
                ('last_error', models.CharField(blank=True, max_length=200, verbose_name='last error')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='email_deliveries', to=settings.AUTH_USER_MODEL, verbose_name='person')),
            ],
            options={
                'verbose_name': 'e-mail',
                'verbose_name_plural': 'e-mails',
            },
        ),
        migrations.AddField(
            model_name='notification',
            name='email_delivery',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='notifications', to='accounts.emaildelivery', verbose_name='e-mail'),
        ),
        migrations.AddIndex(
            model_name='emaildelivery',
            index=models.Index(condition=models.Q(('state', 'queued')), fields=['next_attempt_at'], name='email_delivery_due_idx'),
        ),
        migrations.AddIndex(
            model_name='emaildelivery',
            index=models.Index(fields=['created_at'], name='email_delivery_created_idx'),
        ),
        migrations.RunPython(one_unread_turn_per_match, migrations.RunPython.noop),
    ]
