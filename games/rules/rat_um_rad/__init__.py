"""Rat um Rad: the rules engine and robots (see engine.py for the view shape)."""

from __future__ import annotations

from .bots import ROBOTS
from .engine import RULES, RatUmRadRules
from .maps import MAPS, Map, load_maps
from .state import (
    Build,
    DrawDestinations,
    Keep,
    Move,
    Pass,
    State,
    TakeDeck,
    TakeDisplay,
)

__all__ = [
    "MAPS",
    "ROBOTS",
    "RULES",
    "Build",
    "DrawDestinations",
    "Keep",
    "Map",
    "Move",
    "Pass",
    "RatUmRadRules",
    "State",
    "TakeDeck",
    "TakeDisplay",
    "load_maps",
]
