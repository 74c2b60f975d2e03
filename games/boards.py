"""Each game's board helpers and static files, by slug: `board_for`.

A game declares them in its folder (`games/rules/<slug>/board.py`:
`BOARD = BoardHelpers(...)`, see games/rules/base/board.py); the registry
entry carries them (`GameEntry.board`). Until every entry has that field,
`BOARDS` below holds them; readers go through `board_for` only, at call
time, so a game registered by a test is seen too.
"""

from __future__ import annotations

from games.rules import registry
from games.rules.base.board import BoardHelpers
from games.rules.dice_stars import board as dice_stars_board
from games.rules.knatsch import board as knatsch_board
from games.rules.race import board as race_board
from games.rules.rat_um_rad import board as rat_um_rad_board

# Moves into the registry entries (GameEntry.board) when they have the field.
BOARDS: dict[str, BoardHelpers] = {
    "race": race_board.BOARD,
    "dice-stars": dice_stars_board.BOARD,
    "knatsch": knatsch_board.BOARD,
    "rat-um-rad": rat_um_rad_board.BOARD,
}

NO_BOARD_HELPERS = BoardHelpers()


def board_for(slug: str) -> BoardHelpers:
    """Return the board helpers and static files of game `slug`.

    The registry entry's `board` when it has one, else `BOARDS[slug]`; a
    game that declares none gets no helpers and no files.
    """
    entry = getattr(registry, "GAMES", {}).get(slug)
    board = getattr(entry, "board", None)
    if isinstance(board, BoardHelpers):
        return board
    return BOARDS.get(slug, NO_BOARD_HELPERS)
