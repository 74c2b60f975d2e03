"""Dice Stars: the steps of a turn, as pure functions on `State`.

A turn (Dice Stars rules, B; Spielpost's rulings on the rules page, Turns):
maybe return the discard (and by choice the reserve) to the bag, announce
and draw 1-3 dice, take one kind of dice from the reserve and write them,
then mark the star cells of a star take one by one. `apply_move` checks
legality first. The takes the reserve offers are worked out in takes.py
(Dice Stars rules, B, C), and the end of a turn and of the game in
turn_end.py (Dice Stars rules, D, F).

Each move builds its next state with one `replace`, so every state the
rules make passes `State.__post_init__` (no half-done turn in between).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, gettext_noop
from games.rules.structs import replace

from .dice import DIE_COLOURS, FACES
from .sheet import VALUES, Sheet
from .state import (
    MAX_DRAW,
    STEP_DRAW,
    STEP_OVER,
    STEP_REBAG,
    STEP_STARS,
    STEP_TAKE,
    Die,
    Draw,
    Move,
    PlaceStar,
    Rebag,
    State,
    Take,
    TakeColour,
    TakeStars,
    TakeValue,
)
from .takes import TakeOption, is_comet_turn, legal_takes, take_options
from .turn_end import (
    SOLO_POINTS_PER_CELL,
    back_into_bag,
    end_turn,
    opponent_score,
    solo_cells,
    solo_won,
)

# Importable from here as before the split into takes.py and turn_end.py.
__all__ = [
    "SOLO_POINTS_PER_CELL",
    "TakeOption",
    "apply_move",
    "draw_counts",
    "is_comet_turn",
    "is_draw_forced",
    "legal_moves",
    "legal_takes",
    "opponent_score",
    "solo_cells",
    "solo_won",
    "star_rows",
    "take_options",
]


# ---------------------------------------------------------------------------
# What may be done now


def draw_counts(state: State) -> list[int]:
    """Return the numbers of dice the current player may announce.

    With an empty reserve or only stars in it, 3 dice are forced (Dice Stars
    rules, B, "WICHTIG"); a bag with fewer dice limits the choice, and a
    forced draw takes what is left (Spielpost's rulings on the rules page,
    Turns).
    """
    most = min(MAX_DRAW, len(state.bag))
    if is_draw_forced(state):
        return [most]
    return list(range(1, most + 1))


def is_draw_forced(state: State) -> bool:
    """Return whether the reserve is empty or holds only stars."""
    return all(d.is_star for d in state.reserve)


def star_rows(state: State, seat: int) -> list[int]:
    """Return the values of the rows that still have a free star cell."""
    sheet = state.sheets[seat]
    return [value for value in VALUES if sheet.star_free(value) > 0]


def legal_moves(state: State, seat: int) -> list[Move]:
    """Return `seat`'s legal moves in a stable order ([] if not to move)."""
    if seat != state.current:
        return []
    if state.step == STEP_REBAG:
        return [Rebag(with_reserve=False), Rebag(with_reserve=True)]
    if state.step == STEP_DRAW:
        return [Draw(count=n) for n in draw_counts(state)]
    if state.step == STEP_TAKE:
        return [option.move for option in legal_takes(take_options(state, seat))]
    if state.step == STEP_STARS:
        return [PlaceStar(value=value) for value in star_rows(state, seat)]
    return []


# ---------------------------------------------------------------------------
# Doing it


def apply_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Return the state after `seat` makes `move`, and its events.

    Raises IllegalMove with a reason a player can read.
    """
    if state.step == STEP_OVER:
        raise IllegalMove(gettext_noop("The game is over."))
    if seat != state.current:
        raise IllegalMove(gettext_noop("It is not your turn."))
    if state.step == STEP_REBAG:
        if not isinstance(move, Rebag):
            raise IllegalMove(
                gettext_noop(
                    "First decide whether the reserve goes back into the bag too."
                )
            )
        return _rebag(state, seat, with_reserve=move.with_reserve)
    if state.step == STEP_DRAW:
        if not isinstance(move, Draw):
            raise IllegalMove(gettext_noop("First announce how many dice you draw."))
        return _draw(state, seat, move.count)
    if state.step == STEP_TAKE:
        if not isinstance(move, TakeColour | TakeValue | TakeStars):
            raise IllegalMove(gettext_noop("Now take dice from the reserve."))
        return _take(state, seat, move)
    if not isinstance(move, PlaceStar):
        raise IllegalMove(gettext_noop("Now mark your star cells."))
    return _place_star(state, seat, move.value)


def _rebag(state: State, seat: int, *, with_reserve: bool) -> tuple[State, list[Event]]:
    bag, reserve, event = back_into_bag(
        state.bag, state.discard, state.reserve, seat, with_reserve=with_reserve
    )
    state = replace(state, bag=bag, discard=(), reserve=reserve, step=STEP_DRAW)
    return state, [event]


def _draw(state: State, seat: int, count: int) -> tuple[State, list[Event]]:
    allowed = draw_counts(state)
    forced = is_draw_forced(state)
    if count not in allowed:
        if forced:
            raise IllegalMove(
                gettext_noop(
                    "The reserve is empty or holds only stars: you must draw "
                    "%(count)d dice."
                ),
                count=allowed[0],
            )
        raise IllegalMove(
            gettext_noop("You may draw 1 to %(most)d dice."), most=allowed[-1]
        )
    order, rng = state.rng.shuffled(state.bag)
    drawn = sorted(order[:count])
    rolled = []
    for die in drawn:
        face, rng = rng.choice(FACES[DIE_COLOURS[die]])
        rolled.append(Die(die, face))
    reserve = tuple(sorted(state.reserve + tuple(rolled), key=lambda d: d.die))
    state = replace(
        state,
        rng=rng,
        bag=tuple(d for d in state.bag if d not in drawn),
        reserve=reserve,
        rolled=tuple(drawn),
        step=STEP_TAKE,
    )
    event = Event(
        "drew",
        {
            "seat": seat,
            "count": count,
            "forced": forced,
            "dice": [[d.die, d.face] for d in rolled],
        },
    )
    return state, [event]


def _take(state: State, seat: int, move: Take) -> tuple[State, list[Event]]:
    options = take_options(state, seat)
    comet = is_comet_turn(options)
    chosen = next((o for o in options if o.move == move), None)
    if chosen is None:
        raise IllegalMove(gettext_noop("The reserve has no such dice."))
    if chosen not in legal_takes(options):
        if isinstance(move, TakeStars) and comet:
            raise IllegalMove(
                gettext_noop(
                    "Stars cannot go into the comet: choose a colour or a value."
                )
            )
        raise IllegalMove(
            gettext_noop("These dice do not fit on your sheet: choose another option.")
        )
    sheet = state.sheets[seat]
    before = sheet.total()
    if comet:
        sheet = sheet.with_comet(chosen.total)
    elif not isinstance(move, TakeStars):
        sheet = sheet.write(chosen.cells, chosen.total)
    taken = {d.die for d in chosen.dice}
    took_star = any(d.is_star for d in chosen.dice)
    data = {
        "seat": seat,
        "kind": move.kind,
        "dice": [[d.die, d.face] for d in chosen.dice],
        "sum": chosen.total,
        "comet": comet,
        "cells": [list(cell) for cell in chosen.cells] if not comet else [],
        "points": sheet.total() - before,
    }
    if isinstance(move, TakeColour):
        data["colour"] = move.colour
    if isinstance(move, TakeValue):
        data["value"] = move.value
    events = [Event("took", data)]
    changes: dict[str, Any] = {
        "reserve": tuple(d for d in state.reserve if d.die not in taken),
        "discard": tuple(sorted(state.discard + tuple(taken))),
        "sheets": _put(state.sheets, seat, sheet),
        # Dice Stars rules, B, "Würfel zurück in den Beutel legen".
        "rebag_next": not state.bag or took_star,
    }
    if isinstance(move, TakeStars):
        state = replace(state, step=STEP_STARS, stars_left=len(chosen.dice), **changes)
        return state, events
    return end_turn(state, seat, events, changes)


def _place_star(state: State, seat: int, value: int) -> tuple[State, list[Event]]:
    sheet = state.sheets[seat]
    # `value` is checked too: apply takes moves that were never parsed.
    if value not in VALUES or sheet.star_free(value) == 0:
        raise IllegalMove(
            gettext_noop("Row %(value)d has no free star cell."), value=value
        )
    sheets = _put(state.sheets, seat, sheet.mark_star(value))
    left = state.stars_left - 1
    events = [Event("star_marked", {"seat": seat, "value": value, "left": left})]
    if left:
        return replace(state, sheets=sheets, stars_left=left), events
    return end_turn(state, seat, events, {"sheets": sheets})


def _put(sheets: tuple[Sheet, ...], seat: int, sheet: Sheet) -> tuple[Sheet, ...]:
    return tuple(sheet if s == seat else old for s, old in enumerate(sheets))
