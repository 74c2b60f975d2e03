"""Dice Stars' board helpers and static files (pure, no Django).

See games/rules/base/board.py for how templates call helpers. The board
(templates/games/dice-stars/board.html) is pushed to every watching socket
after each move, so its loops get their joins from here: the sheet's from
board_sheet.py, the options list's and the colour words' below.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, TypeVar

from games.rules.base import JSON
from games.rules.base.board import BoardHelpers, OfferedMove

from .board_sheet import move_for, sheet_table, signed
from .dice import COLOURS

Word = TypeVar("Word")


class TakeOption(TypedDict):
    """One take of the options list (take step).

    `take`: the view's take; `key`: its shortcut key, the last digit of its
    place in the list ("1" to "9", then "0"); `move`: its legal move, None
    if not offered; `points`: its points signed ("+4").
    """

    take: JSON
    key: str
    move: OfferedMove | None
    points: str


class StarOption(TypedDict):
    """One star button of the options list (stars step).

    `star_row`: the view's star row; `key`: its shortcut key, its place
    among the star rows (1-5); `move`: its "place_star" move; `now`,
    `full`: the row's points signed ("+4").
    """

    star_row: JSON
    key: int
    move: OfferedMove
    now: str
    full: str


def colour_words(*words: Word) -> dict[str, Word]:
    """Return the words of the four colours by colour, given in column order.

    The template translates a colour's name (or short name, or initial)
    once per render and looks it up for each die, pip and column head.
    """
    return dict(zip(COLOURS, words, strict=True))


def take_options(
    takes: Sequence[JSON], moves: Sequence[OfferedMove]
) -> list[TakeOption]:
    """Return the view's `takes` for the options list, each with its legal move.

    `moves` are the viewer's legal moves; a take that does not fit has no
    move (the list says why instead).
    """
    return [
        TakeOption(
            take=take,
            key=str(n)[-1],
            move=move_for(take["move"], moves) if take["legal"] else None,
            points=signed(take["points"]),
        )
        for n, take in enumerate(takes, start=1)
    ]


def star_options(
    star_rows: Sequence[JSON], moves: Sequence[OfferedMove]
) -> list[StarOption]:
    """Return the view's `star_rows` that the viewer may mark, with their moves.

    `moves` are the viewer's legal moves: a row is offered by its
    "place_star" move (Dice Stars rules, E).
    """
    return [
        StarOption(
            star_row=star_row,
            key=n,
            move=move,
            now=signed(star_row["now"]),
            full=signed(star_row["full"]),
        )
        for n, star_row in enumerate(star_rows, start=1)
        for move in moves
        if move.data.get("kind") == "place_star"
        and move.data.get("value") == star_row["value"]
    ]


BOARD = BoardHelpers(
    board={
        "colour_words": colour_words,
        "sheet_table": sheet_table,
        "take_options": take_options,
        "star_options": star_options,
    },
    stylesheets=("games/dice-stars/board.css",),
)
