"""Dice Stars scenario builders: states, sheets and dice set by hand.

Tests force the dice instead of rolling them (BG "Scenario Tests"): the
`scenario` fixture builds a `State` (a `structs.replace` of a new
match) and `sheet_of` a `Sheet`; `die`, `column` and `row` are plain helpers
to import. Die ids (dice.py): 0-1 black, 2-4 pink,
5-8 light blue ("blue"), 9-13 yellow; `die("blue", 4, 1)` is the second
blue die showing a 4.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.rules.dice_stars import ROBOTS, RULES
from games.rules.dice_stars.dice import ALL_DICE, COLOURS, DIE_COLOURS
from games.rules.dice_stars.sheet import VALUES, Cell, Sheet, X, row_of
from games.rules.dice_stars.state import STEP_TAKE, Die, State
from games.rules.rng import Rng
from games.rules.structs import replace

# The API tests' fixtures (test_api.py here), from tests/api/.
from tests.api.conftest import api_for  # noqa: F401

# The board tests' matches (test_board*.py), from board_helpers.py.
from tests.games.dice_stars.board_helpers import duo, solo  # noqa: F401


def game_states(
    seats: int, seed: int, robot: str = "medium", *, final: bool = False
) -> Iterator[State]:
    """Yield every state of one seeded game that `robot`s play on every seat.

    The lowest seat to move moves, with `Rng(seed, step)`; `final`: the
    finished state too.
    """
    state = RULES.new_state(
        seats=seats, options=RULES.validate_options({}, seats), seed=seed
    )
    step = 0
    while to_move := RULES.to_move(state):
        yield state
        seat = min(to_move)
        move = ROBOTS[robot].choose(
            RULES.view(state, seat), RULES.legal_moves(state, seat), Rng(seed, step)
        )
        state, _ = RULES.apply(state, seat, move)
        step += 1
    if final:
        yield state


def die(colour: str, face: int, n: int = 0) -> Die:
    """Return die number `n` (0-based) of `colour` showing `face` (0 = star)."""
    return Die(DIE_COLOURS.index(colour) + n, face)


def make_sheet(
    *,
    full: bool = False,
    free: tuple[tuple[int, int], ...] = (),
    cells: dict[tuple[int, int], Cell] | None = None,
    stars: dict[int, int] | None = None,
    comet: int | None = None,
) -> Sheet:
    """Return a sheet: blank, or every cell X if `full`, then `free` cleared.

    Cells are named (row value 2..6, index): index 0-3 are the white cells of
    the columns black, pink, blue, yellow; 4 and up the green cells. `cells`
    writes marks, `stars` maps a row value to its marked star cells.
    """
    sheet = Sheet.empty()
    rows: list[list[Cell]] = [[X if full else None for _ in row] for row in sheet.rows]
    for value, index in free:
        rows[row_of(value)][index] = None
    for (value, index), cell in (cells or {}).items():
        rows[row_of(value)][index] = cell
    marked = tuple((stars or {}).get(value, 0) for value in VALUES)
    return Sheet(rows=tuple(tuple(row) for row in rows), stars=marked, comet=comet)


def make_state(
    *,
    seats: int = 2,
    current: int | None = 0,
    start: int = 0,
    step: str = STEP_TAKE,
    reserve: tuple[Die, ...] = (),
    discard: tuple[int, ...] = (),
    bag: tuple[int, ...] | None = None,
    sheets: tuple[Sheet, ...] | None = None,
    solo_grid: int = 30,
    **fields: Any,
) -> State:
    """Return a Dice Stars state built by hand; seat 0 to move by default.

    The bag holds every die in neither the reserve nor the discard, unless
    `bag` is given. Other State fields can be passed as keywords.
    """
    state = RULES.new_state(seats=seats, options={"solo_grid": solo_grid}, seed=1)
    reserve = tuple(sorted(reserve, key=lambda d: d.die))
    used = {d.die for d in reserve} | set(discard)
    if bag is None:
        bag = tuple(d for d in ALL_DICE if d not in used)
    return replace(
        state,
        current=current,
        start=start,
        step=step,
        reserve=reserve,
        discard=tuple(sorted(discard)),
        bag=tuple(sorted(bag)),
        sheets=(Sheet.empty(),) * seats if sheets is None else sheets,
        **fields,
    )


def column(sheet: Sheet, colour: str) -> list[Cell]:
    """Return the white cells of `colour`'s column, top (row 2) to bottom (row 6)."""
    index = COLOURS.index(colour)
    return [row[index] for row in sheet.rows]


def row(sheet: Sheet, value: int) -> list[Cell]:
    """Return the cells of `value`'s row, white then green, left to right."""
    return list(sheet.rows[row_of(value)])


@pytest.fixture
def dice_stars():
    """The Dice Stars rules object."""
    return RULES


@pytest.fixture
def scenario():
    """The `make_state` builder: `scenario(reserve=(die("pink", 2),), ...)`."""
    return make_state


@pytest.fixture
def sheet_of():
    """The `make_sheet` builder: `sheet_of(full=True, free=((6, 3),))`."""
    return make_sheet
