"""Dice Stars: a score sheet as the board draws it (pure, no Django).

`sheet_table` turns one sheet of the view (`DiceStarsSheet` as JSON) and,
for the sheet the viewer chooses on, the view's takes and star rows and the
legal moves into what each head, row and cell of the board's table shows:
the take buttons in their colour column, value row and stars head, the
takes that would fill each cell (data-takes) with their previews, the star
cells and the star buttons, and the comet. The board template
(templates/games/dice-stars/board.html, partial `sheet`) only prints it:
joining takes to cells there took nested loops over every take for every
cell, most of the board's render time.

The results are dicts (TypedDicts), not dataclasses: a template looks a
name up by subscript first, so a dict is its cheapest record. Numbers the
board prints come as text, str(n): the same text the template would print
for the int (the site does not group thousands), without the number
localisation that costs as much as the rest of printing it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from games.rules.base import JSON
from games.rules.base.board import OfferedMove

from .dice import COLOURS
from .sheet import X

# Cells of the widest row (row 2: 4 white, 4 green): shorter rows are padded
# with blank cells to it, so the stars' column lines up.
ROW_WIDTH = 8
CROSS = "✕"  # a preview: the take crosses the cell (its last cell gets the sum)
_GREEN_CSS = "ds-green"
_WHITE_CSS = {colour: f"ds-white ds-col-{colour}" for colour in COLOURS}
_NO_PREVIEWS: tuple[Preview, ...] = ()


class TakeButton(TypedDict):
    """One take's button on the sheet (partial `take-button`).

    `take`: the view's take (`DiceStarsTake` as JSON); `move`: its legal
    move, None if the viewer is not offered it; `points`: the take's
    points signed ("+4", "-3"); `first`: focus goes there when the take
    comes up (data-first-decision, `first_take`).
    """

    take: JSON
    move: OfferedMove | None
    points: str
    first: bool


class Preview(TypedDict):
    """What a legal take would write into a cell: `text` (a cross or the sum) for `key`."""

    key: str
    text: str


class SheetCell(TypedDict):
    """One cell of a sheet row.

    `css`: its classes after "ds-cell" ("ds-white ds-col-pink ds-marked");
    `at`: "<row value>-<index>" (data-cell); `crossed`: the view's mark is
    "x"; `number`: the number written there, "" if none; `takes`: the legal
    takes that would fill it, each key followed by a space (data-takes);
    `previews`: what they would write, in the order of the takes.
    """

    css: str
    at: str
    crossed: bool
    number: str
    takes: str
    previews: Sequence[Preview]


class StarPlace(TypedDict):
    """A star button of a row in the stars step: `star_row` (the view's) and its `move`.

    `now`, `full`: the row's `now` and `full` points signed ("+4");
    `first`: the first star row's (data-first-decision).
    """

    star_row: JSON
    move: OfferedMove
    now: str
    full: str
    first: bool


class SheetRow(TypedDict):
    """One value row of the sheet.

    `value`, `star_cells` (its star cells), `star_marks` (marked ones),
    `sum`, `multiplier`, `score`: the view's row, as text; `sum_zero`,
    `score_zero`: they are 0; `takes`: the value take's button; `cells`: its
    cells; `blanks`: one item per empty cell padding the row to the sheet's
    width; `marked`, `free`: one item per marked and per free star cell;
    `star_take`: free star cells light up for the stars' take; `places`:
    the row's star buttons (stars step).
    """

    value: str
    takes: list[TakeButton]
    cells: list[SheetCell]
    blanks: range
    star_cells: str
    star_marks: str
    marked: range
    free: range
    star_take: bool
    places: list[StarPlace]
    sum: str
    sum_zero: bool
    multiplier: str
    score: str
    score_zero: bool


class SheetColumn(TypedDict):
    """A colour column's head: its `colour` and its colour take's button (`takes`)."""

    colour: str
    takes: list[TakeButton]


class SheetTable(TypedDict):
    """A whole sheet as the board draws it (`sheet_table`).

    `columns`: the white columns' heads, left to right; `stars_takes`: the
    stars' take button for the stars head; `rows`: rows 2 to 6; `total`:
    the sheet's total, as text; `comet`: the number in its comet cell, ""
    if none; `comet_keys`: the legal takes that would go into the comet,
    each key followed by a space (data-takes); `comet_takes`: those takes
    (the view's, for their previews).
    """

    columns: list[SheetColumn]
    stars_takes: list[TakeButton]
    rows: list[SheetRow]
    total: str
    comet: str
    comet_keys: str
    comet_takes: list[JSON]


def first_take(takes: Sequence[JSON]) -> str | None:
    """Return the key of the first legal take in the sheet's order; None if none.

    `takes` is the view's "takes" list (seat_view.py). The sheet shows the
    colour takes in its column heads (black, pink, light blue, yellow), the
    stars' take in the stars' head, then the value takes row by row (2-6):
    the board marks that first button `data-first-decision`, where focus
    goes when the person's turn reaches the take (issue 25).
    """

    def place(take: JSON) -> tuple[int, int]:
        if take["kind"] == "colour":
            return (0, COLOURS.index(take["colour"]))
        if take["kind"] == "value":
            return (2, int(take["value"]))
        return (1, 0)

    legal = [take for take in takes if take["legal"]]
    return min(legal, key=place)["key"] if legal else None


def move_for(
    data: Mapping[str, Any], moves: Sequence[OfferedMove]
) -> OfferedMove | None:
    """Return the move of `moves` whose JSON is `data`; None if none is.

    Legal moves differ in their JSON (the engine's contract), so there is
    at most one.
    """
    return next((move for move in moves if move.data == data), None)


def signed(points: int) -> str:
    """Return `points` with its sign, as the board shows a change: "+4", "+0", "-3"."""
    return f"{points:+d}"


def sheet_table(
    sheet: JSON, view: JSON, moves: Sequence[OfferedMove], play: bool
) -> SheetTable:
    """Return `sheet` (the view's `DiceStarsSheet`) as the board draws it.

    `view` is the whole view (`DiceStarsView`), `moves` the viewer's legal
    moves, `play`: the viewer chooses on this sheet now. Without `play`
    the sheet shows no take buttons, data-takes or previews.
    """
    step = view["step"]
    takes: list[JSON] = view["takes"] if play and step == "take" else []
    first_key = first_take(takes)
    buttons = [
        TakeButton(
            take=take,
            move=move_for(take["move"], moves) if take["legal"] else None,
            points=signed(take["points"]),
            first=take["key"] == first_key,
        )
        for take in takes
    ]
    fills = _fills(view["takes"]) if play else {}
    star_take = any(take["kind"] == "stars" and take["legal"] for take in takes)
    comet = play and view["comet_turn"]
    comet_takes = [take for take in view["takes"] if take["legal"]] if comet else []
    rows = sheet["rows"]
    return SheetTable(
        columns=[
            SheetColumn(
                colour=cell["colour"],
                takes=[
                    b
                    for b in buttons
                    if b["take"]["kind"] == "colour"
                    and b["take"]["colour"] == cell["colour"]
                ],
            )
            for cell in rows[0]["cells"]
            if not cell["green"]
        ],
        stars_takes=[b for b in buttons if b["take"]["kind"] == "stars"],
        rows=[
            _row(
                row, buttons, fills, star_take, _places(row["value"], view, moves, play)
            )
            for row in rows
        ],
        total=str(sheet["total"]),
        comet="" if sheet["comet"] is None else str(sheet["comet"]),
        comet_keys="".join(f"{take['key']} " for take in comet_takes),
        comet_takes=comet_takes,
    )


# Helpers


def _fills(takes: Sequence[JSON]) -> dict[tuple[int, int], list[Preview]]:
    """Return, by (row value, cell index), what the legal `takes` would write there.

    In the order of the takes; a take crosses its cells and writes its sum
    into the last one (Dice Stars rules, C).
    """
    fills: dict[tuple[int, int], list[Preview]] = {}
    for take in takes:
        if not take["legal"]:
            continue
        cells = take["cells"]
        last = len(cells) - 1
        for n, (value, index) in enumerate(cells):
            text = str(take["sum"]) if n == last else CROSS
            fills.setdefault((value, index), []).append(
                Preview(key=take["key"], text=text)
            )
    return fills


def _row(
    row: JSON,
    buttons: list[TakeButton],
    fills: dict[tuple[int, int], list[Preview]],
    star_take: bool,
    places: list[StarPlace],
) -> SheetRow:
    """Return one row of the view's sheet as the board draws it (`sheet_table`)."""
    value = row["value"]
    cells: list[SheetCell] = []
    # Literals, not SheetCell(...) calls: up to 30 cells a sheet, 4 sheets a
    # render, and a literal is the cheapest dict.
    for index, cell in enumerate(row["cells"]):
        mark = cell["mark"]
        css = _GREEN_CSS if cell["green"] else _WHITE_CSS[cell["colour"]]
        previews = fills.get((value, index), _NO_PREVIEWS)
        cells.append(
            {
                "css": css if mark is None else f"{css} ds-marked",
                "at": f"{value}-{index}",
                "crossed": mark == X,
                "number": "" if mark is None or mark == X else str(mark),
                "takes": "".join([f"{p['key']} " for p in previews]),
                "previews": previews,
            }
        )
    stars = row["stars"]
    return SheetRow(
        value=str(value),
        takes=[
            b
            for b in buttons
            if b["take"]["kind"] == "value" and b["take"]["value"] == value
        ],
        cells=cells,
        blanks=range(ROW_WIDTH - len(cells)),
        star_cells=str(stars["cells"]),
        star_marks=str(stars["marked"]),
        marked=range(stars["marked"]),
        free=range(stars["cells"] - stars["marked"]),
        star_take=star_take,
        places=places,
        sum=str(row["sum"]),
        sum_zero=not row["sum"],
        multiplier=str(row["multiplier"]),
        score=str(row["score"]),
        score_zero=not row["score"],
    )


def _places(
    value: int, view: JSON, moves: Sequence[OfferedMove], play: bool
) -> list[StarPlace]:
    """Return the star buttons of row `value`: its star row's "place_star" moves.

    None unless the viewer plays this sheet in the stars step (Dice Stars
    rules, E).
    """
    if not play or view["step"] != "stars":
        return []
    star_rows = view["star_rows"]
    return [
        StarPlace(
            star_row=star_row,
            move=move,
            now=signed(star_row["now"]),
            full=signed(star_row["full"]),
            first=star_row["value"] == star_rows[0]["value"],
        )
        for star_row in star_rows
        if star_row["value"] == value
        for move in moves
        if move.data.get("kind") == "place_star" and move.data.get("value") == value
    ]
