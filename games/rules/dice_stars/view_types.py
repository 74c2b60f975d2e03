"""Dice Stars: the declared type of a seat's view (`DiceStarsRules.view`, built in seat_view.py).

`DiceStarsView` and its parts describe the JSON exactly. Nothing is hidden
(every sheet, the reserve, the discard and the bag's contents are open), so
every seat and spectators see the same game; only `seat` differs. Sources:
Dice Stars rules, B (draw), C (takes), E (stars and scoring), F (solo).
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from msgspec import Meta

from games.rules.base.view_types import (
    Count,
    MessageView,
    OutcomeView,
    SeatIndex,
    View,
)

from .dice import Colour
from .sheet import Cell
from .state import (
    MAX_DRAW,
    MAX_SEATS,
    DieId,
    EndReason,
    EndTrigger,
    Step,
    TakeColour,
    TakeStars,
    TakeValue,
    Value,
)

# A die's face: 2..6, or 0 for a star (a star counts 0 in sums).
Face: TypeAlias = Annotated[int, Meta(ge=0, le=6)]
# A sheet cell as [row value 2..6, cell index in that row].
CellPosition: TypeAlias = tuple[Value, Count]


class DiceStarsColourCounts(View, frozen=True):
    """Dice per colour (the sheet's column colours; Dice Stars rules, Komponenten)."""

    black: Count
    pink: Count
    blue: Count
    yellow: Count


class DiceStarsPool(View, frozen=True):
    """The bag or the discard: `count` dice, by colour, open to everybody."""

    count: Count
    colours: DiceStarsColourCounts


class DiceStarsDie(View, frozen=True):
    """One rolled die: `die` id, `colour`, `face` (0 = star), `star` (face is a star).

    `new`: rolled this turn (the board highlights it).
    """

    die: DieId
    colour: Colour
    face: Face
    star: bool
    new: bool


class DiceStarsSolo(View, frozen=True):
    """The virtual opponent of a solo game (Dice Stars rules, F).

    `size`: cells of its grid (an option: Spielpost's rulings, Solo);
    `marked`: cells marked; `points_per_cell`: its score per marked cell;
    `opponent_score`: `marked` times `points_per_cell`.
    """

    size: Count
    marked: Count
    points_per_cell: Count
    opponent_score: Count


class DiceStarsDraw(View, frozen=True):
    """The draw step (Dice Stars rules, B): `counts` the numbers of dice that may be drawn.

    `forced`: only one number is allowed.
    """

    counts: tuple[Annotated[int, Meta(ge=1, le=MAX_DRAW)], ...]
    forced: bool


class DiceStarsRebag(View, frozen=True):
    """The rebag step: dice in the `discard` (always returned) and in the `reserve` (by choice)."""

    discard: Count
    reserve: Count


class _DiceStarsTake(View, frozen=True, tag_field="kind"):
    """One way the reserve offers to take dice (Dice Stars rules, C), in the take step.

    `dice`: the dice taken; `count`, `sum`: how many and their sum (stars
    count 0); `fits`: they all fit on the sheet; `legal`: the current seat
    may take them now; `comet`: they would go into the comet (no take fits);
    `cells`: the cells they fill, the last gets the sum (empty for stars);
    `free`: free cells there; `reason`: why they do not fit, else None;
    `points`: the change of the player's total (the best placement for
    stars; minus the sum into the comet).
    """

    dice: tuple[DiceStarsDie, ...]
    count: Annotated[int, Meta(ge=1)]
    sum: Count
    fits: bool
    legal: bool
    comet: bool
    cells: tuple[CellPosition, ...]
    free: Count
    reason: MessageView | None
    points: int


class DiceStarsColourTake(_DiceStarsTake, frozen=True, tag="colour"):
    """Take every die of `colour`: `key` "colour-<colour>", `value` None."""

    key: Literal["colour-black", "colour-pink", "colour-blue", "colour-yellow"]
    colour: Colour
    value: None
    move: TakeColour


class DiceStarsValueTake(_DiceStarsTake, frozen=True, tag="value"):
    """Take every die showing `value`: `key` "value-<value>", `colour` None."""

    key: Literal["value-2", "value-3", "value-4", "value-5", "value-6"]
    colour: None
    value: Value
    move: TakeValue


class DiceStarsStarsTake(_DiceStarsTake, frozen=True, tag="stars"):
    """Take every die showing a star: `key` "stars", `colour` and `value` None."""

    key: Literal["stars"]
    colour: None
    value: None
    move: TakeStars


DiceStarsTake: TypeAlias = DiceStarsColourTake | DiceStarsValueTake | DiceStarsStarsTake


class DiceStarsStarRow(View, frozen=True):
    """A row with a free star cell, in the stars step (Dice Stars rules, E).

    `value`: the row; `free`: its free star cells; `cells`: its star cells.
    Changes of the player's total: `points` if this cell and the other stars
    left are placed as well as they can be (None: they cannot all be
    placed); `now` if only this cell changes; `full` once all the row's star
    cells are marked, at its present sum (a full row scores double).
    """

    value: Value
    free: Count
    cells: Count
    points: int | None
    now: int
    full: int


class DiceStarsCell(View, frozen=True):
    """One cell of a sheet row: `mark` None (free), "x" or the sum written.

    White cells (`green` false) have their column's `colour`; green bonus
    cells have `colour` None.
    """

    mark: Cell
    green: bool
    colour: Colour | None


class DiceStarsRowStars(View, frozen=True):
    """A row's star cells: `cells` in all, `marked` of them."""

    cells: Count
    marked: Count


class DiceStarsRow(View, frozen=True):
    """One value row of a sheet (Dice Stars rules, E).

    `sum`: the row's intermediate score; `multiplier`: 2 if all star cells
    are marked, 1 if none, else 0; `score`: `sum` times `multiplier`.
    """

    value: Value
    cells: tuple[DiceStarsCell, ...]
    stars: DiceStarsRowStars
    sum: Count
    multiplier: Literal[0, 1, 2]
    score: Count


class DiceStarsSheet(View, frozen=True):
    """One seat's score sheet, open to everybody.

    `total`: row scores minus the comet; `comet`: the penalty in the comet
    cell, or None; `white_free`: free white cells (0 triggers the end).
    """

    seat: SeatIndex
    total: int
    comet: Count | None
    white_free: Count
    rows: tuple[DiceStarsRow, DiceStarsRow, DiceStarsRow, DiceStarsRow, DiceStarsRow]


class DiceStarsEndTrigger(View, frozen=True):
    """Who triggered the end and why (Dice Stars rules, D): the round is played out."""

    seat: SeatIndex
    reason: EndTrigger


class DiceStarsOutcome(OutcomeView[EndReason], frozen=True):
    """How the match ended, in the view of everybody once over.

    `scores`: the sheet totals; most points ranks first, equal totals share
    a rank (Dice Stars rules, E). Solo: `ranks` is [1] if the player beat
    the virtual opponent, else [2] (Dice Stars rules, F). `reason`: why the
    game ended.
    """


class DiceStarsView(View, frozen=True):
    """The whole open game as one seat (or a spectator, `seat` None) sees it.

    `step`: the current seat's step; `current`: whose turn (None once
    over); `start`: the first seat; `to_move`: [current] or []; `turns`:
    finished turns per seat; `solo`: the virtual opponent, None with
    several seats; `bag`, `discard`: dice there; `reserve`: the rolled dice;
    `draw`, `rebag`: None outside those steps; `rebag_next`: the next player
    starts by returning the discard; `takes`: [] outside the take step;
    `comet_turn`: no take fits; `stars_left`: star cells still to mark;
    `star_rows`: [] outside the stars step; `sheets`: one per seat;
    `end_trigger`: None until triggered; `outcome`: None until over.
    """

    step: Step
    seat: SeatIndex | None
    seats: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    current: SeatIndex | None
    start: SeatIndex
    to_move: tuple[SeatIndex, ...]
    turns: tuple[Count, ...]
    solo: DiceStarsSolo | None
    bag: DiceStarsPool
    discard: DiceStarsPool
    reserve: tuple[DiceStarsDie, ...]
    draw: DiceStarsDraw | None
    rebag: DiceStarsRebag | None
    rebag_next: bool
    takes: tuple[DiceStarsTake, ...]
    comet_turn: bool
    stars_left: Count
    star_rows: tuple[DiceStarsStarRow, ...]
    sheets: tuple[DiceStarsSheet, ...]
    end_trigger: DiceStarsEndTrigger | None
    outcome: DiceStarsOutcome | None
