"""Template context shared by every page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games import selectors


def games(request: HttpRequest) -> dict[str, Any]:
    """Add `spielpost_games`: the GameInfo of every game, for navigation."""
    return {"spielpost_games": selectors.games()}
