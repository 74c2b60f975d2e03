"""Race's board helpers (templates/games/race/board.html): pure, no Django.

See games/rules/base/board.py for how templates call them.
"""

from __future__ import annotations

from games.rules.base.board import BoardHelpers
from games.rules.base.messages import Message

from . import texts
from .cards import CARDS


def card_text(card: object) -> Message | str:
    """Return what the Race card `card` (an id) does, as a Message; "" if unknown."""
    if not isinstance(card, str) or card not in CARDS:
        return ""
    return texts.card_message(texts.TEXT, card)


BOARD = BoardHelpers(
    board={"card_text": card_text},
    stylesheets=("games/race/board.css",),
    scripts=("games/race/board.js",),
)
