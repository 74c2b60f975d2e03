"""Dice Stars: the rules engine and robots (see engine.py for the view shape)."""

from __future__ import annotations

from .bots import ROBOTS
from .engine import RULES, DiceStarsRules
from .state import (
    Draw,
    Move,
    PlaceStar,
    Rebag,
    State,
    TakeColour,
    TakeStars,
    TakeValue,
)

__all__ = [
    "ROBOTS",
    "RULES",
    "DiceStarsRules",
    "Draw",
    "Move",
    "PlaceStar",
    "Rebag",
    "State",
    "TakeColour",
    "TakeStars",
    "TakeValue",
]
