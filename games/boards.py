"""Each game's board helpers and static files, by slug: `board_for`.

A game declares them in its folder (`games/rules/<slug>/board.py`:
`BOARD = BoardHelpers(...)`, see games/rules/base/board.py) and its registry
entry carries them (`GameEntry.board`). Read at call time, so a game
registered by a test is seen too.
"""

from __future__ import annotations

from games.rules import registry
from games.rules.base.board import BoardHelpers

NO_BOARD_HELPERS = BoardHelpers()


def board_for(slug: str) -> BoardHelpers:
    """Return the board helpers and static files of game `slug`.

    A game that is not registered gets no helpers and no files.
    """
    entry = registry.GAMES.get(slug)
    return NO_BOARD_HELPERS if entry is None else entry.board
