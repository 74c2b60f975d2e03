"""Dice Stars: the takes the reserve offers, and where their dice would go.

After the draw, the player takes every die of one colour, of one value or
the stars from the reserve (Dice Stars rules, B). A take is allowed when
its dice fit on the sheet; if none fits, the chosen colour or value goes
into the comet instead (Dice Stars rules, C). `flow` applies the take; the
view lists these options with their points (`seat_view`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import COLOURS
from .sheet import VALUES, Position
from .state import Die, State, Take, TakeColour, TakeStars, TakeValue


@dataclass(frozen=True, slots=True)
class TakeOption:
    """One way to take dice from the reserve, and where they would go.

    `cells` are the sheet cells the dice fill (empty for a star take);
    `fits` says whether all dice fit; `free` is the room there is (free
    cells of the column or row, or free star cells).
    """

    move: Take
    dice: tuple[Die, ...]
    cells: tuple[Position, ...]
    fits: bool
    free: int

    @property
    def total(self) -> int:
        """Return the sum written (stars count 0)."""
        return sum(d.face for d in self.dice)


def take_options(state: State, seat: int) -> list[TakeOption]:
    """Return every colour, value and star take the reserve offers `seat`.

    Order: colours in column order, values 2..6, then stars. A take is
    offered when the reserve has at least one die of that kind.
    """
    sheet = state.sheets[seat]
    options = []
    for colour in COLOURS:
        dice = tuple(d for d in state.reserve if d.colour == colour)
        if dice:
            cells = sheet.column_cells(colour, len(dice))
            options.append(
                TakeOption(
                    TakeColour(colour),
                    dice,
                    cells or (),
                    cells is not None,
                    sheet.column_free(colour),
                )
            )
    for value in VALUES:
        dice = tuple(d for d in state.reserve if d.face == value)
        if dice:
            cells = sheet.row_cells(value, len(dice))
            options.append(
                TakeOption(
                    TakeValue(value),
                    dice,
                    cells or (),
                    cells is not None,
                    sheet.row_free(value),
                )
            )
    stars = tuple(d for d in state.reserve if d.is_star)
    if stars:
        free = sheet.star_free()
        options.append(TakeOption(TakeStars(), stars, (), free >= len(stars), free))
    return options


def is_comet_turn(options: list[TakeOption]) -> bool:
    """Return whether no take fits, so the dice go to the comet (Dice Stars rules, C)."""
    return not any(option.fits for option in options)


def legal_takes(options: list[TakeOption]) -> list[TakeOption]:
    """Return the takes allowed: those that fit, or else every colour and value take.

    Dice Stars rules, C: a player who can write dice must; a player who
    cannot still chooses a colour or a value (not stars) for the comet.
    """
    if is_comet_turn(options):
        return [o for o in options if not isinstance(o.move, TakeStars)]
    return [option for option in options if option.fits]
