"""Create the demo accounts that `make run` prints (idempotent)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from allauth.account.models import EmailAddress
from django.conf import settings
from django.core.management.base import BaseCommand

from accounts.models import User

DEMO_PASSWORD = "spielpost-demo"
DEMO_PLAYERS = [
    ("alice", "Alice", "en"),
    ("bob", "Bob", "en"),
    ("carol", "Carol", "de"),
]


class Command(BaseCommand):
    help = "Create demo players (alice, bob, carol) and an admin, with verified e-mail."

    def handle(self, *args: Any, **options: Any) -> None:
        for username, display_name, language in DEMO_PLAYERS:
            self._user(username, display_name=display_name, language=language)
        self._user(
            "admin",
            display_name="Admin",
            language="en",
            is_staff=True,
            is_superuser=True,
        )
        # Procfile.dev serves on SPIELPOST_PORT (`make run`).
        url = f"http://127.0.0.1:{os.environ.get('SPIELPOST_PORT', '8000')}"
        lines = [
            "",
            f"Spielpost is starting on {url}",
            f"Demo players: alice, bob, carol (password: {DEMO_PASSWORD})",
            f"Admin: admin (password: {DEMO_PASSWORD}) at {url}/admin/",
            f"E-mails (sign-up links too) are files in {_mail_folder()}/: the console names each.",
            "",
        ]
        self.stdout.write(self.style.SUCCESS("\n".join(lines)))

    def _user(self, username: str, **fields: Any) -> User:
        user, created = User.objects.get_or_create(
            username=username,
            defaults={"email": f"{username}@example.com", **fields},
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        EmailAddress.objects.update_or_create(
            user=user,
            email=user.email,
            defaults={"verified": True, "primary": True},
        )
        return user


def _mail_folder() -> str:
    """Return EMAIL_FILE_PATH, relative to the project folder when inside it."""
    folder = Path(settings.EMAIL_FILE_PATH).resolve()
    try:
        return str(folder.relative_to(settings.BASE_DIR))
    except ValueError:
        return str(folder)
