"""Dice Stars: what one seat sees, as the JSON of `view`.

Builds `DiceStarsRules.view(state, seat)` (seat None = spectator), whose
shape is documented in engine.py's module docstring (the board template
and the README point there): the bag, reserve and discard, the draw, the
takes the reserve offers with their points (Dice Stars rules, B, C), the
star rows (Dice Stars rules, E), every sheet, and the solo opponent (Dice
Stars rules, F). Nothing is hidden, so every seat and spectators see the
same game; the `Rng` never appears.
"""

from __future__ import annotations

from collections import Counter

from games.rules.base import JSON, Message, Outcome

from . import flow
from . import texts as t
from .dice import COLOURS, DIE_COLOURS, colour_message
from .sheet import STAR_CELLS, VALUES, WHITE, Sheet, row_of
from .state import (
    STEP_DRAW,
    STEP_REBAG,
    STEP_STARS,
    STEP_TAKE,
    Die,
    State,
    TakeColour,
    TakeStars,
    TakeValue,
)
from .takes import TakeOption, is_comet_turn, legal_takes, take_options
from .turn_end import SOLO_POINTS_PER_CELL, opponent_score


def view(
    state: State, seat: int | None, *, to_move: frozenset[int], outcome: Outcome | None
) -> JSON:
    """Return the whole open game as JSON (shape in engine.py's module docstring).

    `to_move` and `outcome` are the rules' `to_move(state)` and
    `outcome(state)`.
    """
    rolled = set(state.rolled)
    current = state.current
    takes: list[JSON] = []
    comet_turn = False
    if state.step == STEP_TAKE and current is not None:
        options = take_options(state, current)
        legal = legal_takes(options)
        comet_turn = is_comet_turn(options)
        sheet = state.sheets[current]
        before = sheet.total()
        takes = [
            _take_json(option, option in legal, comet_turn, sheet, before, rolled)
            for option in options
        ]
    star_rows: list[JSON] = []
    if state.step == STEP_STARS and current is not None:
        sheet = state.sheets[current]
        before = sheet.total()
        for value in flow.star_rows(state, current):
            marked = sheet.mark_star(value)
            best = marked.best_star_total(state.stars_left - 1)
            r = row_of(value)
            star_rows.append(
                {
                    "value": value,
                    "free": sheet.star_free(value),
                    "cells": STAR_CELLS[r],
                    "points": None if best is None else best - before,
                    "now": marked.total() - before,
                    "full": 2 * sheet.row_sum(r) - sheet.row_score(r),
                }
            )
    return {
        "step": state.step,
        "seat": seat,
        "seats": state.seats,
        "current": current,
        "start": state.start,
        "to_move": sorted(to_move),
        "turns": list(state.turns),
        "solo": None
        if not state.solo
        else {
            "size": state.solo_grid,
            "marked": state.solo_marked,
            "points_per_cell": SOLO_POINTS_PER_CELL,
            "opponent_score": opponent_score(state),
        },
        "bag": _pool(state.bag),
        "discard": _pool(state.discard),
        "reserve": [_die_json(d, rolled) for d in state.reserve],
        "draw": {
            "counts": flow.draw_counts(state),
            "forced": flow.is_draw_forced(state),
        }
        if state.step == STEP_DRAW
        else None,
        "rebag": {"discard": len(state.discard), "reserve": len(state.reserve)}
        if state.step == STEP_REBAG
        else None,
        "rebag_next": state.rebag_next,
        "takes": takes,
        "comet_turn": comet_turn,
        "stars_left": state.stars_left,
        "star_rows": star_rows,
        "sheets": [_sheet_json(s, sheet) for s, sheet in enumerate(state.sheets)],
        "end_trigger": None
        if state.end_trigger is None
        else {"seat": state.end_trigger[0], "reason": state.end_trigger[1]},
        "outcome": None if outcome is None else outcome.to_json(),
    }


def _pool(dice: tuple[int, ...]) -> JSON:
    """Return the dice of the bag or the discard as a count, in all and per colour."""
    counts = Counter(DIE_COLOURS[d] for d in dice)
    return {"count": len(dice), "colours": {c: counts[c] for c in COLOURS}}


def _die_json(die: Die, rolled: set[int]) -> JSON:
    """Return one die of the view; it is `new` if rolled this turn (in `rolled`)."""
    return {
        "die": die.die,
        "colour": die.colour,
        "face": die.face,
        "star": die.is_star,
        "new": die.die in rolled,
    }


def _why_not(option: TakeOption) -> Message | None:
    """Return why the dice of `option` do not fit on the sheet; None if they fit."""
    if option.fits:
        return None
    move = option.move
    count = len(option.dice)
    params: JSON = {"count": count, "free": option.free}
    if isinstance(move, TakeColour):
        params["colour"] = colour_message(move.colour).to_json()
        return Message(t.COLUMN_SHORT if option.free else t.COLUMN_FULL, params)
    if isinstance(move, TakeValue):
        params["value"] = move.value
        return Message(t.ROW_SHORT if option.free else t.ROW_FULL, params)
    return Message(t.STARS_SHORT if option.free else t.STARS_FULL, params)


def _take_json(
    option: TakeOption,
    legal: bool,
    comet: bool,
    sheet: Sheet,
    before: int,
    rolled: set[int],
) -> JSON:
    """Return one take of the view; `before` is `sheet.total()` (computed once)."""
    move = option.move
    colour = move.colour if isinstance(move, TakeColour) else None
    value = move.value if isinstance(move, TakeValue) else None
    if comet:
        points = -option.total
    elif isinstance(move, TakeStars):
        best = sheet.best_star_total(len(option.dice))
        points = 0 if best is None else best - before
    elif option.fits:
        points = sheet.write(option.cells, option.total).total() - before
    else:
        points = 0
    key = move.kind if isinstance(move, TakeStars) else f"{move.kind}-{colour or value}"
    reason = _why_not(option)
    return {
        "key": key,
        "kind": move.kind,
        "colour": colour,
        "value": value,
        "move": move.to_json(),
        "dice": [_die_json(d, rolled) for d in option.dice],
        "count": len(option.dice),
        "sum": option.total,
        "fits": option.fits,
        "legal": legal,
        "comet": comet and legal,
        "cells": [[VALUES[r], i] for r, i in option.cells],
        "free": option.free,
        "reason": None if reason is None else reason.to_json(),
        "points": points,
    }


def _sheet_json(seat: int, sheet: Sheet) -> JSON:
    """Return `seat`'s sheet as the view shows it, with row sums and scores."""
    rows = []
    for r, value in enumerate(VALUES):
        rows.append(
            {
                "value": value,
                "cells": [
                    {
                        "mark": cell,
                        "green": i >= WHITE,
                        "colour": COLOURS[i] if i < WHITE else None,
                    }
                    for i, cell in enumerate(sheet.rows[r])
                ],
                "stars": {"cells": STAR_CELLS[r], "marked": sheet.stars[r]},
                "sum": sheet.row_sum(r),
                "multiplier": sheet.multiplier(r),
                "score": sheet.row_score(r),
            }
        )
    return {
        "seat": seat,
        "total": sheet.total(),
        "comet": sheet.comet,
        "white_free": sheet.white_free(),
        "rows": rows,
    }
