"""Dice Stars' board helpers and static files (pure, no Django).

See games/rules/base/board.py for how templates call helpers.
"""

from __future__ import annotations

from typing import Any

from games.rules.base.board import BoardHelpers

from .dice import COLOURS


def first_take(takes: list[dict[str, Any]]) -> str | None:
    """Return the key of the first legal take in the sheet's order; None if none.

    `takes` is the view's "takes" list (seat_view.py). The sheet shows the
    colour takes in its column heads (black, pink, light blue, yellow), the
    stars' take in the stars' head, then the value takes row by row (2-6):
    the board marks that first button `data-first-decision`, where focus
    goes when the person's turn reaches the take (issue 25).
    """

    def place(take: dict[str, Any]) -> tuple[int, int]:
        if take["kind"] == "colour":
            return (0, COLOURS.index(take["colour"]))
        if take["kind"] == "value":
            return (2, int(take["value"]))
        return (1, 0)

    legal = [take for take in takes if take["legal"]]
    return min(legal, key=place)["key"] if legal else None


BOARD = BoardHelpers(
    board={"first_take": first_take},
    stylesheets=("games/dice-stars/board.css",),
)
