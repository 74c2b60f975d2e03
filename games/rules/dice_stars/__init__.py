"""Dice Stars: the rules engine and robots (see engine.py for the view shape)."""

from __future__ import annotations

from .bots import ROBOTS
from .engine import RULES, DiceStarsRules
from .state import Move, State

__all__ = ["ROBOTS", "RULES", "DiceStarsRules", "Move", "State"]
