"""Dice Stars: the score sheet, where dice are written, and its scoring.

Geometry (Dice Stars rules; the score sheet on the rules page): five value
rows 2..6, each with four white cells (one per colour column: black, pink,
light blue, yellow) followed by its green bonus cells (row 2: 4, row 3: 3,
row 4: 2, row 5: 1, row 6: 0), and v star cells for row v. One comet cell.

A cell holds None (free), `X` or the sum written in the last cell of a take.
Star cells of a row are interchangeable for scoring, so a row stores how many
of them are marked (they are drawn from the left).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Final, Literal, TypeAlias

from msgspec import Meta

from games.rules.structs import Record, replace

from .dice import COLOURS, DIE_COLOURS

X: Final = "x"
MAX_CELL = len(DIE_COLOURS) * 6  # no take can sum to more than every die showing 6
# A written number: the sum of a take (stars count 0).
Number: TypeAlias = Annotated[int, Meta(ge=0, le=MAX_CELL)]
Cell: TypeAlias = Number | Literal["x"] | None
Position: TypeAlias = tuple[int, int]  # (row index 0..4, cell index in that row)

VALUES = (2, 3, 4, 5, 6)
WHITE = len(COLOURS)  # white cells per row, one per colour column
GREEN = (4, 3, 2, 1, 0)  # green bonus cells per row, in VALUES order
ROW_CELLS = tuple(WHITE + green for green in GREEN)  # cells per row, in VALUES order
STAR_CELLS = VALUES  # row v has v star cells


def row_of(value: int) -> int:
    """Return the row index (0..4) of value 2..6; raise ValueError otherwise."""
    return VALUES.index(value)


class Sheet(Record, frozen=True):
    """One player's score sheet.

    `rows[r]` has WHITE + GREEN[r] cells: the white cells in column order,
    then the green ones. `stars[r]` counts the marked star cells of row r;
    `comet` is the penalty written into the comet cell, or None.

    JSON: `{"rows": [[cell, ...] x5], "stars": [int x5], "comet": int | None}`,
    a cell being None, "x" or an int 0..MAX_CELL (declared types). Row
    lengths and star counts per row are checked in `__post_init__`.
    """

    rows: tuple[tuple[Cell, ...], ...]
    stars: tuple[Annotated[int, Meta(ge=0)], ...]
    comet: Number | None = None

    def __post_init__(self) -> None:
        # The engine indexes rows by value and cells by column, and scores
        # star counts against STAR_CELLS: a stored sheet of another shape
        # would fail there, so it is refused here (ValueError -> IllegalMove).
        if len(self.rows) != len(VALUES) or len(self.stars) != len(VALUES):
            raise ValueError("not five rows and five star counts")
        for row, size, marked, room in zip(
            self.rows, ROW_CELLS, self.stars, STAR_CELLS, strict=True
        ):
            if len(row) != size:
                raise ValueError("a row of the wrong length")
            if not 0 <= marked <= room:
                raise ValueError("more marked star cells than the row has")

    @classmethod
    def empty(cls) -> Sheet:
        """Return a blank sheet."""
        return cls(
            rows=tuple((None,) * size for size in ROW_CELLS),
            stars=(0,) * len(VALUES),
        )

    # -- where dice go -----------------------------------------------------

    def column_cells(self, colour: str, count: int) -> tuple[Position, ...] | None:
        """Return the `count` free cells a colour take fills, or None if they do not fit.

        Colour column from the top, skipping marked cells (Dice Stars rules,
        "Wie man den Wertungszettel ausfüllt" 1).
        """
        column = COLOURS.index(colour)
        free = [(r, column) for r in range(len(VALUES)) if self.rows[r][column] is None]
        return tuple(free[:count]) if len(free) >= count else None

    def column_free(self, colour: str) -> int:
        """Return the number of free cells in `colour`'s column."""
        column = COLOURS.index(colour)
        return sum(1 for row in self.rows if row[column] is None)

    def row_cells(self, value: int, count: int) -> tuple[Position, ...] | None:
        """Return the `count` free cells a value take fills, or None if they do not fit.

        The value's row from the left, white then green cells, skipping marked
        cells (Dice Stars rules, "Wie man den Wertungszettel ausfüllt" 2 and
        "Wie man Bonusfelder benutzt").
        """
        r = row_of(value)
        free = [(r, i) for i, cell in enumerate(self.rows[r]) if cell is None]
        return tuple(free[:count]) if len(free) >= count else None

    def row_free(self, value: int) -> int:
        """Return the number of free cells (white and green) in `value`'s row."""
        return sum(1 for cell in self.rows[row_of(value)] if cell is None)

    def star_free(self, value: int | None = None) -> int:
        """Return the free star cells of `value`'s row, or of the whole sheet."""
        rows = range(len(VALUES)) if value is None else (row_of(value),)
        return sum(STAR_CELLS[r] - self.stars[r] for r in rows)

    def white_free(self) -> int:
        """Return the number of free white cells (0 triggers the end)."""
        return sum(1 for row in self.rows for cell in row[:WHITE] if cell is None)

    # -- writing -----------------------------------------------------------

    def write(self, cells: tuple[Position, ...], total: int) -> Sheet:
        """Return the sheet with X in `cells` and `total` in the last of them."""
        rows = [list(row) for row in self.rows]
        for n, (r, i) in enumerate(cells):
            rows[r][i] = total if n == len(cells) - 1 else X
        return replace(self, rows=tuple(tuple(row) for row in rows))

    def mark_star(self, value: int) -> Sheet:
        """Return the sheet with one more star cell marked in `value`'s row."""
        r = row_of(value)
        stars = list(self.stars)
        stars[r] += 1
        return replace(self, stars=tuple(stars))

    def with_comet(self, penalty: int) -> Sheet:
        """Return the sheet with `penalty` written into the comet cell."""
        return replace(self, comet=penalty)

    # -- scoring -----------------------------------------------------------

    def row_sum(self, r: int) -> int:
        """Return the intermediate score of row r: the sum of its numbers."""
        return sum(cell for cell in self.rows[r] if isinstance(cell, int))

    def multiplier(self, r: int) -> int:
        """Return row r's multiplier: 2 if all star cells are marked, 1 if none, else 0.

        Dice Stars rules, "Effekt der gelben Multiplikatorfelder" and E.
        """
        if self.stars[r] == 0:
            return 1
        return 2 if self.stars[r] == STAR_CELLS[r] else 0

    def row_score(self, r: int) -> int:
        """Return row r's final score (intermediate score times multiplier)."""
        return self.row_sum(r) * self.multiplier(r)

    def total(self) -> int:
        """Return the sheet's total: row scores minus the comet (Dice Stars rules, E)."""
        return sum(self.row_score(r) for r in range(len(VALUES))) - (self.comet or 0)

    def best_star_total(self, stars: int) -> int | None:
        """Return the best total after marking `stars` more star cells, or None if they do not fit."""
        return _best_star_total(self.rows, self.stars, self.comet, stars)


@lru_cache(maxsize=8192)
def _best_star_total(
    rows: tuple[tuple[Cell, ...], ...],
    stars: tuple[int, ...],
    comet: int | None,
    extra: int,
) -> int | None:
    # Rows score independently, so try every split of `extra` stars over the rows.
    best: dict[int, int] = {0: 0}  # stars placed so far -> best score of the rows seen
    for r in range(len(VALUES)):
        row_sum = sum(cell for cell in rows[r] if isinstance(cell, int))
        room = STAR_CELLS[r] - stars[r]
        step: dict[int, int] = {}
        for used, score in best.items():
            for k in range(min(room, extra - used) + 1):
                marked = stars[r] + k
                mult = 1 if marked == 0 else 2 if marked == STAR_CELLS[r] else 0
                value = score + row_sum * mult
                if step.get(used + k, -1) < value:
                    step[used + k] = value
        best = step
    if extra not in best:
        return None
    return best[extra] - (comet or 0)
