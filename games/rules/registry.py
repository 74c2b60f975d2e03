"""The games Spielpost offers: literal dicts, read top to bottom (STYLE.md B2)."""

from __future__ import annotations

from typing import Any

from . import dice_stars, knatsch, race, rat_um_rad
from .base import Robot, Rules

RULES_BY_SLUG: dict[str, Rules[Any, Any]] = {
    "race": race.RULES,
    "dice-stars": dice_stars.RULES,
    "knatsch": knatsch.RULES,
    "rat-um-rad": rat_um_rad.RULES,
}

# The first robot of each game is its default (also used for "finish
# automatically" and, later, timeouts).
ROBOTS_BY_SLUG: dict[str, dict[str, Robot[Any]]] = {
    "race": race.ROBOTS,
    "dice-stars": dice_stars.ROBOTS,
    "knatsch": knatsch.ROBOTS,
    "rat-um-rad": rat_um_rad.ROBOTS,
}


def rules_for(slug: str) -> Rules[Any, Any]:
    """Return the rules for `slug`; raise KeyError for an unknown game."""
    return RULES_BY_SLUG[slug]


def default_robot(slug: str) -> Robot[Any]:
    """Return the default robot of game `slug`."""
    return next(iter(ROBOTS_BY_SLUG[slug].values()))
