"""Dice Stars: the `Move` and `State` values and their JSON form.

Nothing is hidden: the reserve, the discard, every score sheet and the
bag's contents (the dice in neither) are open. Random: which dice leave the
bag and the face each shows, drawn from `State.rng` when a draw is announced,
and the starting seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.base import JSON, IllegalMove, gettext_noop
from games.rules.jsonfields import bool_field, choice_field, int_field, is_int
from games.rules.rng import Rng

from .dice import ALL_DICE, COLOURS, DIE_COLOURS, FACES
from .sheet import VALUES, Sheet

# Move kinds, in the order of a turn.
REBAG = "rebag"  # return the discard (and, by choice, the reserve) to the bag
DRAW = "draw"  # announce how many dice to draw
COLOUR = "colour"  # take every die of a colour
VALUE = "value"  # take every die showing a value
STARS = "stars"  # take every die showing a star
PLACE_STAR = "place_star"  # mark one star cell in a row
TAKES = (COLOUR, VALUE, STARS)

# Steps of a turn (State.step).
STEP_REBAG = "rebag"
STEP_DRAW = "draw"
STEP_TAKE = "take"
STEP_STARS = "stars"
STEP_OVER = "over"
STEPS = (STEP_REBAG, STEP_DRAW, STEP_TAKE, STEP_STARS, STEP_OVER)

# Why the end was triggered, and why a game is over.
END_SHEET = "sheet_full"  # a player filled their last white cell
END_COMET = "comet"  # a player had to fill the comet cell
END_SOLO_GRID = "solo_grid_full"  # solo: the virtual opponent's grid is full
END_REASONS = (END_SHEET, END_COMET, END_SOLO_GRID)

MALFORMED = gettext_noop("That move is not understood.")


@dataclass(frozen=True, slots=True)
class Move:
    """A seat's decision.

    JSON shapes: `{"kind": "rebag", "with_reserve": bool}`,
    `{"kind": "draw", "count": 1..3}`, `{"kind": "colour", "colour": c}` (c in
    black, pink, blue, yellow), `{"kind": "value", "value": 2..6}`,
    `{"kind": "stars"}` and `{"kind": "place_star", "value": 2..6}` (the row).
    """

    kind: str
    count: int | None = None
    colour: str | None = None
    value: int | None = None
    with_reserve: bool | None = None

    def to_json(self) -> JSON:
        """Return the JSON shape above (only the keys of this kind)."""
        data: JSON = {"kind": self.kind}
        if self.kind == REBAG:
            data["with_reserve"] = self.with_reserve
        elif self.kind == DRAW:
            data["count"] = self.count
        elif self.kind == COLOUR:
            data["colour"] = self.colour
        elif self.kind in (VALUE, PLACE_STAR):
            data["value"] = self.value
        return data

    @classmethod
    def from_json(cls, data: Any) -> Move:
        """Parse a move; raise IllegalMove for anything malformed."""
        if not isinstance(data, dict):
            raise IllegalMove(MALFORMED)
        kind = data.get("kind")
        fields = {
            REBAG: "with_reserve",
            DRAW: "count",
            COLOUR: "colour",
            VALUE: "value",
            PLACE_STAR: "value",
            STARS: None,
        }
        if not isinstance(kind, str) or kind not in fields:
            raise IllegalMove(MALFORMED)
        key = fields[kind]
        if set(data) != ({"kind", key} if key else {"kind"}):
            raise IllegalMove(MALFORMED)
        argument: Any = data.get(key) if key else None
        if kind == REBAG and isinstance(argument, bool):
            return cls(REBAG, with_reserve=argument)
        if kind == DRAW and is_int(argument) and 1 <= argument <= 3:
            return cls(DRAW, count=argument)
        if kind == COLOUR and argument in COLOURS:
            return cls(COLOUR, colour=argument)
        if kind in (VALUE, PLACE_STAR) and is_int(argument) and argument in VALUES:
            return cls(kind, value=argument)
        if kind == STARS:
            return cls(STARS)
        raise IllegalMove(MALFORMED)


@dataclass(frozen=True, slots=True)
class Die:
    """A rolled die in the reserve: its id (see dice.DIE_COLOURS) and face (0 = star)."""

    die: int
    face: int

    @property
    def colour(self) -> str:
        return DIE_COLOURS[self.die]

    @property
    def is_star(self) -> bool:
        return self.face == 0


@dataclass(frozen=True, slots=True)
class State:
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
    """

    seats: int
    solo_grid: int
    rng: Rng
    step: str
    current: int | None
    start: int
    bag: tuple[int, ...]
    reserve: tuple[Die, ...]
    discard: tuple[int, ...]
    rolled: tuple[int, ...]
    rebag_next: bool
    stars_left: int
    sheets: tuple[Sheet, ...]
    turns: tuple[int, ...]
    end_trigger: tuple[int, str] | None
    end_reason: str | None
    solo_marked: int

    @property
    def solo(self) -> bool:
        return self.seats == 1

    def to_json(self) -> JSON:
        """Return plain JSON (lists for tuples); inverse of `from_json`."""
        return {
            "seats": self.seats,
            "solo_grid": self.solo_grid,
            "rng": self.rng.to_json(),
            "step": self.step,
            "current": self.current,
            "start": self.start,
            "bag": list(self.bag),
            "reserve": [[d.die, d.face] for d in self.reserve],
            "discard": list(self.discard),
            "rolled": list(self.rolled),
            "rebag_next": self.rebag_next,
            "stars_left": self.stars_left,
            "sheets": [sheet.to_json() for sheet in self.sheets],
            "turns": list(self.turns),
            "end_trigger": None if self.end_trigger is None else list(self.end_trigger),
            "end_reason": self.end_reason,
            "solo_marked": self.solo_marked,
        }

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Inverse of `to_json`; raise IllegalMove for malformed data."""
        try:
            seats = int_field(data["seats"])
            trigger = data["end_trigger"]
            reserve = tuple(
                Die(_die(d), int_field(face)) for d, face in data["reserve"]
            )
            for die in reserve:
                if die.face not in FACES[die.colour]:
                    raise ValueError("impossible face")
            state = cls(
                seats=seats,
                solo_grid=int_field(data["solo_grid"]),
                rng=Rng.from_json(data["rng"]),
                step=choice_field(data["step"], STEPS),
                current=None if data["current"] is None else int_field(data["current"]),
                start=int_field(data["start"]),
                bag=tuple(_die(d) for d in data["bag"]),
                reserve=reserve,
                discard=tuple(_die(d) for d in data["discard"]),
                rolled=tuple(_die(d) for d in data["rolled"]),
                rebag_next=bool_field(data["rebag_next"]),
                stars_left=int_field(data["stars_left"]),
                sheets=tuple(Sheet.from_json(sheet) for sheet in data["sheets"]),
                turns=tuple(int_field(n) for n in data["turns"]),
                end_trigger=None
                if trigger is None
                else (int_field(trigger[0]), choice_field(trigger[1], END_REASONS)),
                end_reason=None
                if data["end_reason"] is None
                else choice_field(data["end_reason"], END_REASONS),
                solo_marked=int_field(data["solo_marked"]),
            )
            dice = sorted(state.bag + state.discard + tuple(d.die for d in reserve))
            over = state.step == STEP_OVER
            if (
                dice != list(ALL_DICE)
                or len(state.sheets) != seats
                or len(state.turns) != seats
                or not 0 <= state.start < seats
                or (state.current is None) != over
                or (state.current is not None and not 0 <= state.current < seats)
                or (state.end_reason is None) == over
            ):
                raise ValueError("inconsistent state")
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise IllegalMove(
                gettext_noop("That game state is not understood.")
            ) from error
        return state


# Helpers


def _die(value: Any) -> int:
    if not is_int(value) or value not in ALL_DICE:
        raise ValueError("unknown die")
    return int(value)
