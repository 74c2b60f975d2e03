"""Dice Stars: the steps of a turn, as pure functions on `State`.

A turn (Dice Stars rules, B; Spielpost's rulings on the rules page, Turns):
maybe return the discard (and by choice the reserve) to the bag, announce
and draw 1-3 dice, take one kind of dice from the reserve and write them,
then mark the star cells of a star take one by one. `apply_move` checks
legality first.

Each move builds its next state with one `replace`, so every state the
rules make passes `State.__post_init__` (no half-done turn in between).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any

from games.rules.base import Event, IllegalMove, gettext_noop
from games.rules.structs import replace

from .dice import COLOURS, DIE_COLOURS, FACES
from .sheet import VALUES, Position, Sheet
from .state import (
    END_COMET,
    END_SHEET,
    END_SOLO_GRID,
    MAX_DRAW,
    STEP_DRAW,
    STEP_OVER,
    STEP_REBAG,
    STEP_STARS,
    STEP_TAKE,
    Die,
    Draw,
    EndTrigger,
    Move,
    PlaceStar,
    Rebag,
    State,
    Take,
    TakeColour,
    TakeStars,
    TakeValue,
)

SOLO_POINTS_PER_CELL = 5  # the virtual opponent's score per marked solo cell


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
    bag, reserve, event = _back_into_bag(
        state.bag, state.discard, state.reserve, seat, with_reserve=with_reserve
    )
    state = replace(state, bag=bag, discard=(), reserve=reserve, step=STEP_DRAW)
    return state, [event]


def _back_into_bag(
    bag: tuple[int, ...],
    discard: tuple[int, ...],
    reserve: tuple[Die, ...],
    seat: int,
    *,
    with_reserve: bool,
) -> tuple[tuple[int, ...], tuple[Die, ...], Event]:
    """Return the bag and reserve once the discard is back in the bag, and the event.

    The reserve goes back too if `with_reserve` (Dice Stars rules, B, "Würfel
    zurück in den Beutel legen": all of it or none).
    """
    returned = discard + (tuple(d.die for d in reserve) if with_reserve else ())
    event = Event(
        "rebag",
        {
            "seat": seat,
            "discard": len(discard),
            "reserve": len(reserve) if with_reserve else 0,
        },
    )
    return tuple(sorted(bag + returned)), () if with_reserve else reserve, event


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
    return _end_turn(state, seat, events, changes)


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
    return _end_turn(state, seat, events, {"sheets": sheets})


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
    state: State, seat: int, events: list[Event], changes: dict[str, Any]
) -> tuple[State, list[Event]]:
    """Return the state once `seat`'s turn ends, and the events with the turn's end.

    `state` is the state before the turn's last move and `changes` the State
    fields that move changed (sheets, and for a take reserve, discard and
    rebag_next): the result is built with one `replace`.
    """
    sheets: tuple[Sheet, ...] = changes["sheets"]
    reserve: tuple[Die, ...] = changes.get("reserve", state.reserve)
    discard: tuple[int, ...] = changes.get("discard", state.discard)
    rebag = bool(changes.get("rebag_next", state.rebag_next))
    turns = tuple(n + (s == seat) for s, n in enumerate(state.turns))
    changes = {**changes, "turns": turns, "stars_left": 0, "rolled": ()}
    sheet = sheets[seat]
    end_trigger = state.end_trigger
    if end_trigger is None:
        reason: EndTrigger | None = (
            END_COMET
            if sheet.comet is not None
            else END_SHEET
            if sheet.white_free() == 0
            else None
        )
        if reason is not None:
            end_trigger = changes["end_trigger"] = (seat, reason)
            final_round = state.seats > 1 and len(set(turns)) > 1
            events.append(
                Event(
                    "end_triggered",
                    {"seat": seat, "reason": reason, "final_round": final_round},
                )
            )
    if state.solo:
        marks = solo_cells(reserve)
        marked = changes["solo_marked"] = min(
            state.solo_grid, state.solo_marked + marks
        )
        events.append(
            Event(
                "solo_marked",
                {"count": marks, "marked": marked, "size": state.solo_grid},
            )
        )
        if marked >= state.solo_grid:
            return _game_over(state, END_SOLO_GRID, events, changes)
    if end_trigger is not None and len(set(turns)) == 1:
        return _game_over(state, end_trigger[1], events, changes)
    following = (seat + 1) % state.seats
    changes |= {"current": following, "rebag_next": False}
    if rebag and not reserve:
        # Nothing to decide: the discard goes back into the bag on its own.
        bag, reserve, event = _back_into_bag(
            state.bag, discard, reserve, following, with_reserve=False
        )
        changes |= {"bag": bag, "discard": (), "step": STEP_DRAW}
        events.append(event)
    else:
        changes["step"] = STEP_REBAG if rebag else STEP_DRAW
    return replace(state, **changes), events


def _game_over(
    state: State, reason: str, events: list[Event], changes: dict[str, Any]
) -> tuple[State, list[Event]]:
    """Return the finished state (`state` with `changes`) and the final events."""
    over = {
        "step": STEP_OVER,
        "current": None,
        "end_reason": reason,
        "rebag_next": False,
    }
    state = replace(state, **(changes | over))
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
    bessere Gesamtpunktzahl"; a tie is a loss, Spielpost's rulings on the
    rules page, Solo).
    """
    if state.end_reason == END_SOLO_GRID:
        return False
    return state.sheets[0].total() > opponent_score(state)


def _put(sheets: tuple[Sheet, ...], seat: int, sheet: Sheet) -> tuple[Sheet, ...]:
    return tuple(sheet if s == seat else old for s, old in enumerate(sheets))
