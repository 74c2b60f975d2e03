"""The games Spielpost offers: one literal dict, read top to bottom (STYLE.md B2).

One `GameEntry` (games/rules/base/entry.py) per game, keyed by its slug. The
platform reads `GAMES` only through the accessors below, at call time, never
a copy made at import: a test registers a game with
`monkeypatch.setitem(registry.GAMES, slug, entry)` and every door (lobby,
board, rules page, API and its schema, program socket, conformance and
privacy checks) sees it. [HC `TRANSPORTS`]
"""

from __future__ import annotations

from typing import Any

from . import dice_stars, knatsch, race, rat_um_rad
from .base import Conformance, GameEntry, Playthrough, Robot, Rules
from .dice_stars import board as dice_stars_board
from .dice_stars.state import MALFORMED_MOVES as DICE_STARS_MALFORMED
from .knatsch import board as knatsch_board
from .knatsch.moves import MALFORMED_MOVES as KNATSCH_MALFORMED
from .race import board as race_board
from .race.state import MALFORMED_MOVES as RACE_MALFORMED
from .rat_um_rad import board as rat_um_rad_board
from .rat_um_rad import protocol as rat_um_rad_protocol
from .rat_um_rad.state import MALFORMED_MOVES as RAT_UM_RAD_MALFORMED

# check_every: the conformance suite checks every n-th step in full (see
# Conformance), each game's offset by its number so that every step position
# is checked across games. Knatsch's random games run to hundreds of throws
# and Rat um Rad's route robot plans on every call; CI plays 2000 games per
# engine. CPU per 20 games (2026-11-27), checking as before -> as below:
# Race 3.6 -> 2.1 s, Dice Stars 4.1 -> 3.2 s, Knatsch 8.7 -> 5.6 s, Rat um
# Rad 4.4 -> 3.1 s.
GAMES: dict[str, GameEntry] = {
    "race": GameEntry(
        rules=race.RULES,
        robots=race.ROBOTS,
        # Keyed seeds (issue 23): sha256("<slug> playthrough <n>"), picked so
        # that each playthrough has every event and move kind the former
        # int seed's had.
        playthrough=Playthrough(
            seats=3,
            options={"win_bet": True, "superpowers": True},
            seed="8108a820505186178010f32b3712b5bcd5c9c211e24f82bf9740c521a76ff1ee",
            robot="easy",
        ),
        conformance=Conformance(check_every=2, malformed_moves=RACE_MALFORMED),
        board=race_board.BOARD,
        default="medium",
        # Race rules, Decided game: a seat finished automatically plays "a
        # random card" each turn: the easy robot, the rules' own.
        autoplay="easy",
    ),
    "dice-stars": GameEntry(
        rules=dice_stars.RULES,
        robots=dice_stars.ROBOTS,
        # Both reserve choices, stars, a comet and a final round.
        playthrough=Playthrough(
            seats=2,
            options={"solo_grid": 30},
            seed="529adc45b1dd24f5b46aa4f86370d59b0e9cb34cd49fd9b6d9b56efdc63d0dc1",
            robot="easy",
        ),
        conformance=Conformance(check_every=4, malformed_moves=DICE_STARS_MALFORMED),
        board=dice_stars_board.BOARD,
        default="medium",
    ),
    "knatsch": GameEntry(
        rules=knatsch.RULES,
        robots=knatsch.ROBOTS,
        # A put-under, an extra attempt, a failed defence, a tournament and
        # the King overthrown.
        playthrough=Playthrough(
            seats=3,
            options={},
            seed="9cd6dd94d656a0b1a181d0dac937fd1519ef1c8279721df30a0f8a6af298b00f",
        ),
        conformance=Conformance(check_every=12, malformed_moves=KNATSCH_MALFORMED),
        board=knatsch_board.BOARD,
        default="medium",
    ),
    "rat-um-rad": GameEntry(
        rules=rat_um_rad.RULES,
        robots=rat_um_rad.ROBOTS,
        # A display reset, destination cards drawn, failed destinations,
        # the longest trail bonus and a final round.
        playthrough=Playthrough(
            seats=3,
            options={"map": "basel"},
            seed="7c14cb7b8e9298d0a81fc7ccf887df6e9657cecba24f3e6cfbe4ff804c81bcad",
        ),
        commands=rat_um_rad_protocol.COMMANDS,
        state_name=rat_um_rad_protocol.state_name,
        conformance=Conformance(check_every=8, malformed_moves=RAT_UM_RAD_MALFORMED),
        board=rat_um_rad_board.BOARD,
        default="medium",
    ),
}


def game_entry(slug: str) -> GameEntry:
    """Return the entry of game `slug`; raise KeyError for an unknown game."""
    return GAMES[slug]


def game_slugs() -> list[str]:
    """Return the slugs of every registered game, in the registry's order."""
    return list(GAMES)


def rules_for(slug: str) -> Rules[Any, Any]:
    """Return the rules for `slug`; raise KeyError for an unknown game."""
    return GAMES[slug].rules


def robots_for(slug: str) -> dict[str, Robot[Any]]:
    """Return game `slug`'s robots by name, in the lobby's order; KeyError if unknown."""
    return dict(GAMES[slug].robots)


def autoplay_robot(slug: str) -> Robot[Any]:
    """Return the robot that finishes game `slug` automatically; KeyError if unknown."""
    return GAMES[slug].autoplay_robot


def default_robot(slug: str) -> Robot[Any]:
    """Return the default robot of game `slug`; raise KeyError for an unknown game."""
    return GAMES[slug].default_robot
