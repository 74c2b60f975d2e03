"""Pure rules engines: one package per game, no Django imports (STYLE.md B4)."""

from __future__ import annotations

from .base import (
    JSON,
    Event,
    GameInfo,
    IllegalMove,
    InvalidOptions,
    Message,
    OptionInfo,
    Outcome,
    Robot,
    Rules,
    gettext_noop,
    turns_started,
)
from .rng import Rng

__all__ = [
    "JSON",
    "Event",
    "GameInfo",
    "IllegalMove",
    "InvalidOptions",
    "Message",
    "OptionInfo",
    "Outcome",
    "Robot",
    "Rng",
    "Rules",
    "gettext_noop",
    "turns_started",
]
