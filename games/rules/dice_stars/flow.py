"""Dice Stars: the steps of a turn, as pure functions on `State`.

A turn (Dice Stars rules, B; rules/dice-stars.md, A turn): maybe return the
discard (and by choice the reserve) to the bag, announce and draw 1-3 dice,
take one kind of dice from the reserve and write them, then mark the star
cells of a star take one by one. `apply_move` checks legality first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from games.rules.base import Event, IllegalMove, gettext_noop

from .dice import COLOURS, DIE_COLOURS, FACES
from .sheet import VALUES, Position, Sheet
from .state import (
    COLOUR,
    DRAW,
    END_COMET,
    END_SHEET,
    END_SOLO_GRID,
    PLACE_STAR,
    REBAG,
    STARS,
    STEP_DRAW,
    STEP_OVER,
    STEP_REBAG,
    STEP_STARS,
    STEP_TAKE,
    TAKES,
    VALUE,
    Die,
    Move,
    State,
)

MAX_DRAW = 3
SOLO_POINTS_PER_CELL = 5  # the virtual opponent's score per marked solo cell


@dataclass(frozen=True, slots=True)
class TakeOption:
    """One way to take dice from the reserve, and where they would go.

    `cells` are the sheet cells the dice fill (empty for a star take);
    `fits` says whether all dice fit; `free` is the room there is (free
    cells of the column or row, or free star cells).
    """

    move: Move
    dice: tuple[Die, ...]
    cells: tuple[Position, ...]
    fits: bool
    free: int

    @property
    def total(self) -> int:
        """Return the sum written (stars count 0)."""
        return sum(d.face for d in self.dice)


# ---------------------------------------------------------------------------
# What may be done now


def draw_counts(state: State) -> list[int]:
    """Return the numbers of dice the current player may announce.

    With an empty reserve or only stars in it, 3 dice are forced (Dice Stars
    rules, B, "WICHTIG"); a bag with fewer dice limits the choice, and a
    forced draw takes what is left (rules/dice-stars.md, A turn 1).
    """
    most = min(MAX_DRAW, len(state.bag))
    if is_draw_forced(state):
        return [most]
    return list(range(1, most + 1))


def is_draw_forced(state: State) -> bool:
    """Return whether the reserve is empty or holds only stars."""
    return all(d.is_star for d in state.reserve)


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
                    Move(COLOUR, colour=colour),
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
                    Move(VALUE, value=value),
                    dice,
                    cells or (),
                    cells is not None,
                    sheet.row_free(value),
                )
            )
    stars = tuple(d for d in state.reserve if d.is_star)
    if stars:
        free = sheet.star_free()
        options.append(TakeOption(Move(STARS), stars, (), free >= len(stars), free))
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
        return [option for option in options if option.move.kind != STARS]
    return [option for option in options if option.fits]


def star_rows(state: State, seat: int) -> list[int]:
    """Return the values of the rows that still have a free star cell."""
    sheet = state.sheets[seat]
    return [value for value in VALUES if sheet.star_free(value) > 0]


def legal_moves(state: State, seat: int) -> list[Move]:
    """Return `seat`'s legal moves in a stable order ([] if not to move)."""
    if seat != state.current:
        return []
    if state.step == STEP_REBAG:
        return [Move(REBAG, with_reserve=False), Move(REBAG, with_reserve=True)]
    if state.step == STEP_DRAW:
        return [Move(DRAW, count=n) for n in draw_counts(state)]
    if state.step == STEP_TAKE:
        return [option.move for option in legal_takes(take_options(state, seat))]
    if state.step == STEP_STARS:
        return [Move(PLACE_STAR, value=value) for value in star_rows(state, seat)]
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
        if move.kind != REBAG:
            raise IllegalMove(
                gettext_noop(
                    "First decide whether the reserve goes back into the bag too."
                )
            )
        return _rebag(state, seat, with_reserve=bool(move.with_reserve))
    if state.step == STEP_DRAW:
        if move.kind != DRAW or move.count is None:
            raise IllegalMove(gettext_noop("First announce how many dice you draw."))
        return _draw(state, seat, move.count)
    if state.step == STEP_TAKE:
        if move.kind not in TAKES:
            raise IllegalMove(gettext_noop("Now take dice from the reserve."))
        return _take(state, seat, move)
    if move.kind != PLACE_STAR or move.value is None:
        raise IllegalMove(gettext_noop("Now mark your star cells."))
    return _place_star(state, seat, move.value)


def _rebag(state: State, seat: int, *, with_reserve: bool) -> tuple[State, list[Event]]:
    returned = state.discard + (
        tuple(d.die for d in state.reserve) if with_reserve else ()
    )
    event = Event(
        "rebag",
        {
            "seat": seat,
            "discard": len(state.discard),
            "reserve": len(state.reserve) if with_reserve else 0,
        },
    )
    state = replace(
        state,
        bag=tuple(sorted(state.bag + returned)),
        discard=(),
        reserve=() if with_reserve else state.reserve,
        step=STEP_DRAW,
    )
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


def _take(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    options = take_options(state, seat)
    comet = is_comet_turn(options)
    chosen = next((o for o in options if o.move == move), None)
    if chosen is None:
        raise IllegalMove(gettext_noop("The reserve has no such dice."))
    if chosen not in legal_takes(options):
        if move.kind == STARS and comet:
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
    elif move.kind != STARS:
        sheet = sheet.write(chosen.cells, chosen.total)
    taken = {d.die for d in chosen.dice}
    took_star = any(d.is_star for d in chosen.dice)
    state = replace(
        state,
        reserve=tuple(d for d in state.reserve if d.die not in taken),
        discard=tuple(sorted(state.discard + tuple(taken))),
        sheets=_put(state.sheets, seat, sheet),
        # Dice Stars rules, B, "Würfel zurück in den Beutel legen".
        rebag_next=not state.bag or took_star,
    )
    data = {
        "seat": seat,
        "kind": move.kind,
        "dice": [[d.die, d.face] for d in chosen.dice],
        "sum": chosen.total,
        "comet": comet,
        "cells": [list(cell) for cell in chosen.cells] if not comet else [],
        "points": sheet.total() - before,
    }
    if move.colour is not None:
        data["colour"] = move.colour
    if move.value is not None:
        data["value"] = move.value
    events = [Event("took", data)]
    if move.kind == STARS:
        state = replace(state, step=STEP_STARS, stars_left=len(chosen.dice))
        return state, events
    return _end_turn(state, seat, events)


def _place_star(state: State, seat: int, value: int) -> tuple[State, list[Event]]:
    sheet = state.sheets[seat]
    if sheet.star_free(value) == 0:
        raise IllegalMove(
            gettext_noop("Row %(value)d has no free star cell."), value=value
        )
    sheet = sheet.mark_star(value)
    state = replace(
        state, sheets=_put(state.sheets, seat, sheet), stars_left=state.stars_left - 1
    )
    events = [
        Event("star_marked", {"seat": seat, "value": value, "left": state.stars_left})
    ]
    if state.stars_left:
        return state, events
    return _end_turn(state, seat, events)


def solo_cells(reserve: tuple[Die, ...]) -> int:
    """Return the solo grid cells to mark for what stays in the reserve.

    Empty: 0; only stars: 1; only numbers: one per started 5 points; numbers
    and stars: the sum doubled, then one per started 5 (Dice Stars rules, F).
    """
    if not reserve:
        return 0
    total = sum(d.face for d in reserve)
    if total == 0:
        return 1
    if any(d.is_star for d in reserve):
        total *= 2
    return ceil(total / 5)


def _end_turn(
    state: State, seat: int, events: list[Event]
) -> tuple[State, list[Event]]:
    turns = tuple(n + (s == seat) for s, n in enumerate(state.turns))
    state = replace(state, turns=turns, stars_left=0, rolled=())
    sheet = state.sheets[seat]
    if state.end_trigger is None:
        reason = (
            END_COMET
            if sheet.comet is not None
            else END_SHEET
            if sheet.white_free() == 0
            else None
        )
        if reason is not None:
            state = replace(state, end_trigger=(seat, reason))
            final_round = state.seats > 1 and len(set(turns)) > 1
            events.append(
                Event(
                    "end_triggered",
                    {"seat": seat, "reason": reason, "final_round": final_round},
                )
            )
    if state.solo:
        marks = solo_cells(state.reserve)
        marked = min(state.solo_grid, state.solo_marked + marks)
        state = replace(state, solo_marked=marked)
        events.append(
            Event(
                "solo_marked",
                {"count": marks, "marked": marked, "size": state.solo_grid},
            )
        )
        if marked >= state.solo_grid:
            return _game_over(state, END_SOLO_GRID, events)
    if state.end_trigger is not None and len(set(turns)) == 1:
        return _game_over(state, state.end_trigger[1], events)
    following = (seat + 1) % state.seats
    rebag = state.rebag_next
    state = replace(state, current=following, rebag_next=False)
    if rebag and not state.reserve:
        # Nothing to decide: the discard goes back into the bag on its own.
        state, more = _rebag(state, following, with_reserve=False)
        return state, events + more
    return replace(state, step=STEP_REBAG if rebag else STEP_DRAW), events


def _game_over(
    state: State, reason: str, events: list[Event]
) -> tuple[State, list[Event]]:
    state = replace(
        state, step=STEP_OVER, current=None, end_reason=reason, rebag_next=False
    )
    totals = [sheet.total() for sheet in state.sheets]
    events.append(Event("game_over", {"reason": reason}))
    events += [
        Event("final_score", {"seat": s, "score": t}) for s, t in enumerate(totals)
    ]
    if state.solo:
        events.append(
            Event(
                "solo_opponent",
                {"score": opponent_score(state), "won": solo_won(state)},
            )
        )
    return state, events


def opponent_score(state: State) -> int:
    """Return the virtual opponent's score: 5 per marked solo cell (Dice Stars rules, F)."""
    return SOLO_POINTS_PER_CELL * state.solo_marked


def solo_won(state: State) -> bool:
    """Return whether a finished solo game is won.

    A full solo grid loses at once; otherwise the player needs a strictly
    higher total than the virtual opponent (Dice Stars rules, F: "eine
    bessere Gesamtpunktzahl"; a tie is a loss, our ruling).
    """
    if state.end_reason == END_SOLO_GRID:
        return False
    return state.sheets[0].total() > opponent_score(state)


def _put(sheets: tuple[Sheet, ...], seat: int, sheet: Sheet) -> tuple[Sheet, ...]:
    return tuple(sheet if s == seat else old for s, old in enumerate(sheets))
