"""The absolute links an e-mail carries (settings.SITE_URL).

A button to each board (`board_url`), the e-mail settings on the profile
(`settings_url`) and the one-click unsubscribe link of a kind of e-mail
(`stop_url`, its token from `tokens`). An e-mail is read outside the
site, so every link is absolute.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from accounts.models import User
from games.notifications.tokens import unsubscribe_token


def settings_url() -> str:
    """Return the absolute URL of the e-mail settings on the profile page."""
    return absolute_url(reverse("accounts:profile")) + "#email"


def stop_url(user: User, kind: str) -> str:
    token = unsubscribe_token(user.pk, kind)
    return absolute_url(reverse("unsubscribe", kwargs={"token": token}))


def board_url(match_id: int) -> str:
    return absolute_url(reverse("games:match_detail", kwargs={"match_id": match_id}))


def absolute_url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path
