"""Knatsch: the rules engine and robots (see engine.py for the view shape)."""

from __future__ import annotations

from .bots import ROBOTS
from .engine import RULES, KnatschRules
from .moves import (
    Attack,
    Decline,
    Move,
    Pass,
    PutUnder,
    Revenge,
    RollForKing,
    RollForStack,
    Stop,
    Throw,
)
from .state import State

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
