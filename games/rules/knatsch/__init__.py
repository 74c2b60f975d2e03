"""Knatsch: the rules engine and robots (see engine.py for the view shape)."""

from __future__ import annotations

from .bots import ROBOTS
from .engine import RULES, KnatschRules
from .state import (
    Attack,
    Decline,
    Move,
    Pass,
    PutUnder,
    Revenge,
    RollForKing,
    RollForStack,
    State,
    Stop,
    Throw,
)

__all__ = [
    "ROBOTS",
    "RULES",
    "Attack",
    "Decline",
    "KnatschRules",
    "Move",
    "Pass",
    "PutUnder",
    "Revenge",
    "RollForKing",
    "RollForStack",
    "State",
    "Stop",
    "Throw",
]
