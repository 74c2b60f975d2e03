"""Dice Stars: the move and state records and their JSON form.

Nothing is hidden: the reserve, the discard, every score sheet and the
bag's contents (the dice in neither) are open. Random: which dice leave the
bag and the face each shows, drawn from `State.rng` when a draw is announced,
and the starting seat.

Moves and states are declared records (games.rules.structs): their JSON
follows from the field types, and parsing refuses anything else. What a
type cannot say (a seat that exists, dice that are each in one place, a
step that matches the rest of the state) is checked in `__post_init__`, so a
malformed stored state is refused with IllegalMove when it is read, never
met later as an IndexError in the rules.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeAlias

from msgspec import Meta

from games.rules.rng import Rng
from games.rules.structs import MoveRecord, Record

from .dice import ALL_DICE, DIE_COLOURS, FACES, Colour
from .sheet import VALUES, Sheet

# Move kinds (the JSON "kind" of each move record), in the order of a turn.
REBAG: Final = "rebag"  # return the discard (and, by choice, the reserve) to the bag
DRAW: Final = "draw"  # announce how many dice to draw
COLOUR: Final = "colour"  # take every die of a colour
VALUE: Final = "value"  # take every die showing a value
STARS: Final = "stars"  # take every die showing a star
PLACE_STAR: Final = "place_star"  # mark one star cell in a row

# Steps of a turn (State.step).
STEP_REBAG: Final = "rebag"
STEP_DRAW: Final = "draw"
STEP_TAKE: Final = "take"
STEP_STARS: Final = "stars"
STEP_OVER: Final = "over"
Step: TypeAlias = Literal["rebag", "draw", "take", "stars", "over"]

# Why the end was triggered, and why a game is over.
END_SHEET: Final = "sheet_full"  # a player filled their last white cell
END_COMET: Final = "comet"  # a player had to fill the comet cell
END_SOLO_GRID: Final = "solo_grid_full"  # solo: the virtual opponent's grid is full
EndTrigger: TypeAlias = Literal["sheet_full", "comet"]
EndReason: TypeAlias = Literal["sheet_full", "comet", "solo_grid_full"]

MAX_SEATS = 4
MAX_DRAW = 3
# The solo grid's size is not published (Dice Stars rules, F): it is an
# option (Spielpost's rulings on the rules page, Solo).
SOLO_GRID_DEFAULT = 30
SOLO_GRID_MIN = 10
SOLO_GRID_MAX = 60

Natural: TypeAlias = Annotated[int, Meta(ge=0)]
DieId: TypeAlias = Annotated[int, Meta(ge=0, le=len(ALL_DICE) - 1)]
Value: TypeAlias = Annotated[int, Meta(ge=VALUES[0], le=VALUES[-1])]

# -- Moves ------------------------------------------------------------------


class Rebag(MoveRecord, frozen=True, tag=REBAG):
    """Return the discard to the bag, and the whole reserve if `with_reserve`.

    JSON: `{"kind": "rebag", "with_reserve": bool}`.
    """

    with_reserve: bool


class Draw(MoveRecord, frozen=True, tag=DRAW):
    """Announce how many dice to draw (then they are drawn and rolled).

    JSON: `{"kind": "draw", "count": 1..3}`.
    """

    count: Annotated[int, Meta(ge=1, le=MAX_DRAW)]


class TakeColour(MoveRecord, frozen=True, tag=COLOUR):
    """Take every die of `colour` from the reserve.

    JSON: `{"kind": "colour", "colour": "black" | "pink" | "blue" | "yellow"}`.
    """

    colour: Colour


class TakeValue(MoveRecord, frozen=True, tag=VALUE):
    """Take every die showing `value` from the reserve.

    JSON: `{"kind": "value", "value": 2..6}`.
    """

    value: Value


class TakeStars(MoveRecord, frozen=True, tag=STARS):
    """Take every die showing a star from the reserve.

    JSON: `{"kind": "stars"}`.
    """


class PlaceStar(MoveRecord, frozen=True, tag=PLACE_STAR):
    """Mark one star cell in the row of `value`.

    JSON: `{"kind": "place_star", "value": 2..6}`.
    """

    value: Value


Take: TypeAlias = TakeColour | TakeValue | TakeStars
Move: TypeAlias = Rebag | Draw | TakeColour | TakeValue | TakeStars | PlaceStar

# -- State ------------------------------------------------------------------


class Die(Record, frozen=True, array_like=True):
    """A rolled die in the reserve: its id (see dice.DIE_COLOURS) and face (0 = star).

    JSON: `[die, face]`. The face must be one the die's colour has.
    """

    die: DieId
    face: int

    def __post_init__(self) -> None:
        if not 0 <= self.die < len(DIE_COLOURS) or self.face not in FACES[self.colour]:
            raise ValueError("no die shows that face")

    @property
    def colour(self) -> Colour:
        return DIE_COLOURS[self.die]

    @property
    def is_star(self) -> bool:
        return self.face == 0


class State(Record, frozen=True):
    """A Dice Stars match.

    `bag` and `discard` hold die ids in ascending order; `reserve` holds
    rolled dice in die order; `rolled` the ids drawn this turn. `current` is
    the seat whose turn it is (None once over), `start` the first seat;
    `turns[seat]` counts finished turns. `rebag_next` is set during a turn
    after which the next player returns the discard to the bag (step
    "rebag" when they also choose about the reserve); `stars_left` counts star
    cells still to mark in the stars step. `end_trigger` is (seat, reason)
    once a player filled the comet or their last white cell; `end_reason`
    is set when the game is over. `solo_grid` is the solo grid's size and
    `solo_marked` its marked cells (solo only).

    JSON: these keys in this order; tuples are lists, a die is `[die, face]`,
    `end_trigger` is `[seat, reason]` or null, `rng` is `{"seed", "draws"}`.
    """

    seats: Annotated[int, Meta(ge=1, le=MAX_SEATS)]
    solo_grid: Annotated[int, Meta(ge=SOLO_GRID_MIN, le=SOLO_GRID_MAX)]
    rng: Rng
    step: Step
    current: Natural | None
    start: Natural
    bag: tuple[DieId, ...]
    reserve: tuple[Die, ...]
    discard: tuple[DieId, ...]
    rolled: tuple[DieId, ...]
    rebag_next: bool
    stars_left: Natural
    sheets: tuple[Sheet, ...]
    turns: tuple[Natural, ...]
    end_trigger: tuple[Natural, EndTrigger] | None
    end_reason: EndReason | None
    solo_marked: Natural

    def __post_init__(self) -> None:
        # Runs on every `replace` too, so each check is a few comparisons.
        # Every value the rules index or count on is covered: a state that
        # passes survives to_move, legal_moves, view, outcome and apply.
        _check_seats(self)
        _check_dice(self)
        _check_step(self)

    @property
    def solo(self) -> bool:
        return self.seats == 1


# Helpers

_ALL_DICE = list(ALL_DICE)


def _check_seats(state: State) -> None:
    """Raise ValueError unless every seat number and per-seat tuple fits `seats`."""
    seats = state.seats
    over = state.step == STEP_OVER
    if len(state.sheets) != seats or len(state.turns) != seats:
        raise ValueError("not one sheet and one turn count per seat")
    if not 0 <= state.start < seats:
        raise ValueError("no such starting seat")
    # Over exactly when nobody is to move and the reason is known.
    if state.current is None:
        if not over:
            raise ValueError("nobody to move in a running game")
    elif over:
        raise ValueError("a seat to move in a finished game")
    elif not 0 <= state.current < seats:
        raise ValueError("no such current seat")
    if (state.end_reason is None) == over:
        raise ValueError("an end reason without the end, or the end without one")
    if state.end_trigger is not None and not 0 <= state.end_trigger[0] < seats:
        raise ValueError("no such seat triggered the end")
    # The solo grid belongs to the solo variant only.
    if state.end_reason == END_SOLO_GRID and seats != 1:
        raise ValueError("a solo grid in a game with several seats")
    if not 0 <= state.solo_marked <= (state.solo_grid if seats == 1 else 0):
        raise ValueError("solo grid cells out of range")


def _check_dice(state: State) -> None:
    """Raise ValueError unless each die is in exactly one place, in die order."""
    reserve = tuple(d.die for d in state.reserve)
    bag = state.bag
    discard = state.discard
    if sorted(bag + discard + reserve) != _ALL_DICE:
        raise ValueError("a die in two places or in none")
    # No duplicates (checked above), so sorted means strictly ascending.
    if (
        list(bag) != sorted(bag)
        or list(discard) != sorted(discard)
        or list(reserve) != sorted(reserve)
    ):
        raise ValueError("dice out of die order")
    rolled = state.rolled
    if rolled:
        # The dice drawn this turn lie in the reserve; after a star take
        # some of them are already in the discard.
        if state.step == STEP_TAKE:
            here = set(reserve)
        elif state.step == STEP_STARS:
            here = set(reserve) | set(discard)
        else:
            raise ValueError("rolled dice outside the take and stars steps")
        if not here.issuperset(rolled):
            raise ValueError("rolled dice are not in the reserve")
        if list(rolled) != sorted(set(rolled)):
            raise ValueError("rolled dice out of die order")


def _check_step(state: State) -> None:
    """Raise ValueError unless the step has what it needs to offer a move."""
    step = state.step
    if step == STEP_STARS:
        current = state.current  # a seat: _check_seats ran first
        room = 0 if current is None else state.sheets[current].star_free()
        if not 1 <= state.stars_left <= room:
            raise ValueError("stars to mark: not 1 to the free star cells")
    elif state.stars_left:
        raise ValueError("stars to mark outside the stars step")
    # Taking stars always sends the next player to the bag (flow.take): in
    # the stars step without that, an empty bag leaves the next player
    # nothing to draw (turn_end.end_turn).
    if step == STEP_STARS and not state.rebag_next and not state.bag:
        raise ValueError("nothing to draw after the stars")
    if step == STEP_DRAW and not state.bag:
        raise ValueError("nothing to draw")
    # Keeping the reserve must still leave dice to draw.
    if step == STEP_REBAG and not (state.bag or state.discard):
        raise ValueError("nothing to return to the bag")
    if step == STEP_TAKE and not state.reserve:
        raise ValueError("nothing to take")


# Move JSON close to Dice Stars' moves that `move_from_json` must refuse
# (missing or mistyped fields, out-of-range values); the conformance suite
# checks every game against it (GameEntry.conformance).
MALFORMED_MOVES: tuple[object, ...] = (
    {"kind": "draw"},
    {"kind": "draw", "count": 0},
    {"kind": "draw", "count": 4},
    {"kind": "draw", "count": "3"},
    {"kind": "draw", "count": True},
    {"kind": "draw", "count": 2.0},
    {"kind": "colour", "colour": "green"},
    {"kind": "colour", "colour": None},
    {"kind": "value", "value": 7},
    {"kind": "value", "value": 1},
    {"kind": "value", "value": "5"},
    {"kind": "place_star", "value": None},
    {"kind": "place_star", "value": 0},
    {"kind": "stars", "extra": 1},
    {"kind": "rebag"},
    {"kind": "rebag", "with_reserve": "yes"},
    {"kind": "rebag", "with_reserve": 1},
)
