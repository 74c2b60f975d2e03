"""Issue 22: Notification moves from accounts to games, by state only.

Notices are about play; games.models.Notification (games 0012) takes the
same table (accounts_notification), so the database does not change.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0007_email_deliveries'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='Notification')],
            database_operations=[],
        ),
    ]
