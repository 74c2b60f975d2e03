"""Dice Stars: the hard robot's leaf evaluation, in points (hard.py, issue 26).

A position is worth the seat's sheet worth (`sheet_worth`: its total, its
half-marked star rows credited by their chance to be completed, its free
cells by what future takes may still write there) less the best other
seat's, plus or minus a share of the reserve (it goes to the next player);
in solo, less the virtual opponent's points. A finished game is worth its
result (+-`RESULT`) and the margin.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .sheet import STAR_CELLS, VALUES, WHITE, Sheet
from .state import STEP_OVER, Die, State
from .turn_end import opponent_score, solo_won

RESULT = 1000.0  # a finished game: far more than any difference in points


@dataclass(frozen=True, slots=True)
class Weights:
    """The leaf evaluation's weights, in points.

    `white` and `green`: the worth of a free white or green cell (what a
    future take may still write there); `star`: the chance that each star
    cell a row still lacks is marked before the end (a half-marked row
    scores 0, a full one double); `gift`: the share of the reserve's pips
    (with `best_gift`: of the best colour or value group in it) the next
    player gets out of it; `reply`: play the next seat's turn (the medium
    robot's take) before evaluating; `horizon` > 0: the free-cell and
    half-marked-row credits shrink linearly once the fewest free white cells
    of any sheet drop below it (the game is about to end). The last four
    matter with several seats only.
    """

    white: float = 3.0
    green: float = 1.5
    star: float = 0.7
    gift: float = 0.3
    best_gift: bool = False
    reply: bool = False
    horizon: float = 0.0


# Tuned on seeded 2-seat games against the medium robot, 150 games per
# setting (seats swapped): the reply with the best-group gift won 71% at 4
# rolls per draw count, against 60% with the pips gift alone and 51% with
# free cells worth twice as much; more rolls (12) did not help without the
# reply. SOLO keeps the first guess: 38.7% solo wins (n=150, 6 rolls).
# `star` 0.8, not 0.7 (2026-11-29, hard.py's docstring): at 0.7 a row still
# lacking two or more star cells was credited less than its plain sum, so
# the robot hardly started the rows that score double; hard + 3 medium
# robots, seeds 0-999, 59.8% instead of 38.8%.
MULTI = Weights(white=1.5, green=0.75, star=0.8, gift=0.5, best_gift=True, reply=True)
SOLO = Weights()


def evaluate(
    state: State,
    seat: int,
    weights: Weights,
    worth: Callable[[Sheet, int], float] | None = None,
) -> float:
    """Return the worth of `state` for `seat` once its turn is over, in points.

    Solo: the margin over the virtual opponent (5 per marked solo cell);
    several seats: the margin over the best other seat. A finished game
    adds +-`RESULT` for a win or loss (0 for a shared first place).
    `worth(sheet, left)`, if given, is `sheet_worth(sheet, weights, left)`.
    """
    if state.step == STEP_OVER:
        if state.solo:
            margin = state.sheets[0].total() - opponent_score(state)
            return margin + (RESULT if solo_won(state) else -RESULT)
        return final_worth(state.sheets, seat)
    value_of = worth or (lambda sheet, left: sheet_worth(sheet, weights, left))
    if state.solo:
        left = state.sheets[0].white_free()
        return value_of(state.sheets[0], left) - opponent_score(state)
    return position_worth(
        state.sheets, state.reserve, state.current == seat, seat, weights, value_of
    )


def final_worth(sheets: tuple[Sheet, ...], seat: int) -> float:
    """Return a finished game's worth for `seat` (several seats): margin +- `RESULT`."""
    totals = [sheet.total() for sheet in sheets]
    best_other = max(t for s, t in enumerate(totals) if s != seat)
    margin = totals[seat] - best_other
    if margin > 0:
        return margin + RESULT
    return margin + (0.0 if margin == 0 else -RESULT)


def position_worth(
    sheets: tuple[Sheet, ...],
    reserve: tuple[Die, ...],
    mine_next: bool,
    seat: int,
    weights: Weights,
    value_of: Callable[[Sheet, int], float],
) -> float:
    """Return a running game's worth for `seat` (several seats), in points.

    The margin of `seat`'s sheet worth over the best other's, plus or minus
    a share of the reserve (`mine_next`: `seat` moves next and gets it).
    """
    left = min(sheet.white_free() for sheet in sheets)
    mine = value_of(sheets[seat], left)
    others = max(value_of(sheet, left) for s, sheet in enumerate(sheets) if s != seat)
    pips = _best_group(reserve) if weights.best_gift else sum(d.face for d in reserve)
    # The reserve goes to the next player: a gift to an opponent, or back
    # to this seat after the other seat's reply with two seats.
    share = weights.gift if mine_next else -weights.gift
    return mine - others + share * pips


def _best_group(reserve: tuple[Die, ...]) -> int:
    """Return the most pips one take could get from `reserve` (a colour or a value)."""
    best = 0
    by_colour: dict[str, int] = {}
    by_value: dict[int, int] = {}
    for d in reserve:
        by_colour[d.colour] = by_colour.get(d.colour, 0) + d.face
        by_value[d.face] = by_value.get(d.face, 0) + d.face
    for total in (*by_colour.values(), *by_value.values()):
        best = max(best, total)
    return best


def sheet_worth(sheet: Sheet, weights: Weights, left: int = 20) -> float:
    """Return `sheet`'s total, half-marked star rows credited, plus its free cells.

    `left`: the fewest free white cells of any sheet (the game ends at 0);
    with `weights.horizon` > 0, the credits shrink as `left` drops below it.
    """
    near = min(1.0, left / weights.horizon) if weights.horizon > 0 else 1.0
    worth = -float(sheet.comet or 0)
    free_white = 0
    free_green = 0
    for r in range(len(VALUES)):
        row = sheet.rows[r]
        total = sum(cell for cell in row if isinstance(cell, int))
        marked = sheet.stars[r]
        if marked == 0:
            worth += total
        elif marked == STAR_CELLS[r]:
            worth += 2 * total
        else:
            worth += 2 * total * near * weights.star ** (STAR_CELLS[r] - marked)
        free_white += sum(1 for cell in row[:WHITE] if cell is None)
        free_green += sum(1 for cell in row[WHITE:] if cell is None)
    return worth + near * (weights.white * free_white + weights.green * free_green)
