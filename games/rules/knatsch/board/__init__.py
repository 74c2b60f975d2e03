"""Knatsch's board helpers (templates/games/knatsch/board.html): pure, no Django.

The view (engine.py, module docstring) gives cards as data and results as
[count, face, kicker]. The board template lays the board out from one call
of `table` per render (table.py; its rows: card_rows.py, players.py,
rolls.py; the buttons and the keep form: moves.py). The small parts they
are built of (parts.py) name a card with the engine's own msgids (`name`,
`effect`, `arms`) and draw a result as small dice (`combo`, for the
template's `combo` partial). Templates call them through the platform's
`boards` library (games/rules/base/board.py).
"""

from __future__ import annotations

from games.rules.base.board import BoardHelpers
from games.rules.knatsch.rules_page import knatsch_cards

from .parts import arms_name, card_effect, card_name, combo
from .table import table

BOARD = BoardHelpers(
    board={
        "name": card_name,
        "effect": card_effect,
        "arms": arms_name,
        "combo": combo,
        "table": table,
    },
    rules_page={"cards": knatsch_cards},
    stylesheets=("games/knatsch/board.css",),
    scripts=("games/knatsch/board.js",),
)
