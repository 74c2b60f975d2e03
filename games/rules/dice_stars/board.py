"""Dice Stars' board helpers: none yet, only its stylesheet (pure, no Django).

See games/rules/base/board.py for how templates call helpers.
"""

from __future__ import annotations

from games.rules.base.board import BoardHelpers

BOARD = BoardHelpers(stylesheets=("games/dice-stars/board.css",))
