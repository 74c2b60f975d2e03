"""Race: the rules engine and robots (see engine.py for the view shape)."""

from __future__ import annotations

from .bots import ROBOTS
from .engine import RULES, RaceRules
from .state import ChooseFavourites, Move, PlayCard, State, UsePower

__all__ = [
    "ROBOTS",
    "RULES",
    "ChooseFavourites",
    "Move",
    "PlayCard",
    "RaceRules",
    "State",
    "UsePower",
]
