"""Template context shared by every page."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.http import HttpRequest

from games import selectors
from games.notifications.services import unread_count


def games(request: HttpRequest) -> dict[str, Any]:
    """Add `spielpost_games`: the GameInfo of every game, for navigation."""
    return {"spielpost_games": selectors.games()}


def turns(request: HttpRequest) -> dict[str, Any]:
    """Add `turn_count`: in how many matches it is the logged-in person's turn.

    A callable, so only pages that show it (the base layout does, for people
    logged in) pay its one query, once.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    user_id = user.pk

    @cache
    def turn_count() -> int:
        return selectors.turn_count_for_user(user_id=user_id)

    return {"turn_count": turn_count}


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
