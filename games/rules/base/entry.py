"""What the platform knows of one game: its `GameEntry` in the registry (STYLE.md B2).

Pure Python: no Django. `games/rules/registry.py` holds one entry per game in a
literal dict, read top to bottom; nothing registers itself at import time and
nothing is found by `importlib` [HC `TRANSPORTS`]. Adding a game is its folders
plus one entry (README, "Adding a game").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .board import BoardHelpers
from .messages import JSON
from .rules import Robot, Rules

# A protocol command of the program socket (/ws/play/): called with the seat's
# view, its legal moves (move JSON) and the command's data; returns move JSON
# or raises a RulesError (e.g. games/rules/rat_um_rad/protocol.py).
Command = Callable[[JSON, Any, Any], JSON]
# A game's protocol state of a match: (platform status, a view or the stored
# state JSON, None while open) -> the state's name (e.g. "PREPARATION").
StateName = Callable[[str, Any], str]


@dataclass(frozen=True, slots=True)
class Playthrough:
    """The parameters of a game's golden playthrough (games/rules/playthrough.py).

    `seats` and `options` as `Rules.new_state` takes them (options before
    `validate_options`), `seed` the match's seed (an int for the legacy
    scheme, a 64-digit hex key for the keyed one: games/rules/rng.py); `robot`
    the name of the robot in every seat (None: the game's default,
    `GameEntry.default_robot`).
    """

    seats: int
    options: JSON = field(default_factory=dict)
    seed: int | str = 1
    robot: str | None = None


@dataclass(frozen=True, slots=True)
class Conformance:
    """How the conformance suite (tests/rules/test_conformance.py) plays a game.

    `check_every`: every n-th step gets the full state check (serialisation,
    every seat's legal moves, every view and privacy) and the robots choose
    there; 1 = every step. A game with long random matches or a slow robot
    sets more, so that thousands of CI games stay within minutes.
    `malformed_moves`: move JSON, close to this game's own moves, that
    `Rules.move_from_json` must refuse with IllegalMove (every registered
    game must refuse every game's list, plus the suite's generic junk).
    """

    check_every: int = 1
    malformed_moves: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game the site offers.

    - `rules`: the engine (`Rules`); its `info.slug` is the entry's key.
    - `robots`: name -> `Robot`, in the lobby's order (the four games:
      "easy", "medium", "hard", issue 26).
    - `default`: the name of the robot that plays when nobody names one (a
      robot seat added without a name, a stand-in after a timeout,
      resigned or lost seat); None: the first of `robots`.
    - `autoplay`: the name of the robot that finishes a match for a person
      who accepted the rules' offer to finish automatically; None: the
      default.
    - `playthrough`: the golden playthrough's parameters.
    - `commands`: the program socket's game commands, name -> `Command`,
      from the game's protocol module (`{}`: the generic commands only).
    - `state_name`: the protocol's `state` of a match (None: the platform's
      status names).
    - `conformance`: how the conformance suite plays the game.
    - `board`: the board and rules-page helpers and the static files the
      pages load (the game's `board.py`; none by default).
    """

    rules: Rules[Any, Any]
    robots: Mapping[str, Robot[Any]]
    playthrough: Playthrough
    commands: Mapping[str, Command] = field(default_factory=dict)
    state_name: StateName | None = None
    conformance: Conformance = field(default_factory=Conformance)
    board: BoardHelpers = field(default_factory=BoardHelpers)
    default: str | None = None
    autoplay: str | None = None

    def __post_init__(self) -> None:
        if not self.robots:
            raise ValueError(f"{self.rules.info.slug}: a game needs a robot")
        for name in (self.default, self.autoplay, self.playthrough.robot):
            if name is not None and name not in self.robots:
                raise ValueError(f"{self.rules.info.slug}: no robot named {name!r}")

    @property
    def slug(self) -> str:
        """The game's slug (`rules.info.slug`), stored in `Match.game_slug`."""
        return self.rules.info.slug

    @property
    def default_robot(self) -> Robot[Any]:
        """The robot named `default`, or the first of `robots`."""
        if self.default is not None:
            return self.robots[self.default]
        return next(iter(self.robots.values()))

    @property
    def autoplay_robot(self) -> Robot[Any]:
        """The robot named `autoplay`, or the default robot."""
        if self.autoplay is not None:
            return self.robots[self.autoplay]
        return self.default_robot
