"""The contract every game's rules implement (STYLE.md B4).

Pure Python: no Django, no I/O, no clock, no global randomness. The platform
talks to a game only through a `Rules` instance from `registry.RULES_BY_SLUG`.
Text that reaches players (move labels, event lines, `IllegalMove` messages)
travels as a `Message`: an English msgid marked with `gettext_noop` plus its
parameters, so the platform can translate it with Django's gettext.
"""

from __future__ import annotations

from .info import OPTION_KINDS, GameInfo, OptionInfo
from .messages import (
    JSON,
    PLAYER,
    IllegalMove,
    InvalidOptions,
    Message,
    RulesError,
    gettext_noop,
)
from .records import Event, Outcome, turns_started
from .rules import Jsonable, M, Robot, Rules, S

__all__ = [
    "JSON",
    "OPTION_KINDS",
    "PLAYER",
    "Event",
    "GameInfo",
    "IllegalMove",
    "InvalidOptions",
    "Jsonable",
    "M",
    "Message",
    "OptionInfo",
    "Outcome",
    "Robot",
    "Rules",
    "RulesError",
    "S",
    "gettext_noop",
    "turns_started",
]
