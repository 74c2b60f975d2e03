"""What the platform knows of a game before a match exists: `GameInfo`, `OptionInfo`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One setup option a match creator may choose (a variant, a setting).

    `kind` is "bool", "int" (between `min_value` and `max_value`) or
    "choice" (one of `choices`: (value, label msgid) pairs, e.g. a map id);
    `label` and `help` are msgids.
    """

    key: str
    label: str
    kind: str = "bool"
    default: bool | int | str = False
    help: str = ""
    min_value: int | None = None
    max_value: int | None = None
    choices: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"unknown option kind {self.kind!r}")
        if self.kind == "choice" and self.default not in dict(self.choices):
            raise ValueError(f"option {self.key}: the default is not a choice")


OPTION_KINDS = ("bool", "int", "choice")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the platform needs to know about a game before a match exists.

    `version` names the shape of the game's stored state: it changes when a
    new engine would misread states stored by the old one (see
    `Rules.upgrade_state`). `max_moves` bounds the moves of any match; a
    game whose length has no fixed bound (dice may repeat) sets it to None
    and bounds the turns instead with `max_turns` (a turn starts when a seat
    becomes to move, see `turns_started`), which its rules page documents.
    """

    slug: str
    name: str
    min_seats: int
    max_seats: int
    hidden_information: bool
    chance: bool
    max_moves: int | None
    options: tuple[OptionInfo, ...] = ()
    tagline: str = ""
    version: str = "1"
    max_turns: int | None = None

    def __post_init__(self) -> None:
        if self.max_moves is None and self.max_turns is None:
            raise ValueError(f"{self.slug}: bound the moves or the turns")
