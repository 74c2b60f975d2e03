"""The contract every game's rules implement (STYLE.md B4).

Pure Python: no Django, no I/O, no clock, no global randomness. The platform
talks to a game only through its `GameEntry` in `registry.GAMES` (entry.py).
Text that reaches players (move labels, event lines, `IllegalMove` messages)
travels as a `Message`: an English msgid marked with `gettext_noop` plus its
parameters, so the platform can translate it with Django's gettext.
"""

from __future__ import annotations

from .entry import Command, Conformance, GameEntry, Playthrough
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
from .rules import Jsonable, M, Robot, Rules, S, Scrambler

__all__ = [
    "JSON",
    "OPTION_KINDS",
    "PLAYER",
    "Command",
    "Conformance",
    "Event",
    "GameEntry",
    "GameInfo",
    "IllegalMove",
    "InvalidOptions",
    "Jsonable",
    "M",
    "Message",
    "OptionInfo",
    "Outcome",
    "Playthrough",
    "Robot",
    "Rules",
    "RulesError",
    "S",
    "Scrambler",
    "gettext_noop",
    "turns_started",
]
