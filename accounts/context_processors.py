"""Template context for every page: the bell's unread count."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.http import HttpRequest

from accounts.notifications.services import unread_count


def notifications(request: HttpRequest) -> dict[str, Any]:
    """Add `bell_count`: how many notices the logged-in person has not read.

    A callable, so only pages that show the bell (the base layout does, for
    people logged in) pay its one indexed query, once, and at render time:
    a page that marks notices read before it renders shows the count after.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    user_id = user.pk

    @cache
    def bell_count() -> int:
        return unread_count(user_id=user_id)

    return {"bell_count": bell_count}
