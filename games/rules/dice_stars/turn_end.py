"""Dice Stars: the end of a turn and of the game; the solo opponent's score.

When a turn ends: filling the comet cell or the last white cell triggers
the end, and the game ends once every seat has had as many turns (Dice
Stars rules, D); in solo, the grid is marked for what stays in the reserve
and a full grid ends the game (Dice Stars rules, F; Spielpost's rulings on
the rules page, Solo); otherwise the next seat starts, and the discard goes
back into the bag at once when there is nothing to decide (Dice Stars
rules, B; rulings, Turns). `flow` calls `end_turn` after a turn's last move.

`end_turn` builds the next state with one `replace` of the state before the
turn's last move, so every state the rules make passes `State.__post_init__`.
"""

from __future__ import annotations

from math import ceil
from typing import Any

from games.rules.base import Event
from games.rules.structs import replace

from .sheet import Sheet
from .state import (
    END_COMET,
    END_SHEET,
    END_SOLO_GRID,
    STEP_DRAW,
    STEP_OVER,
    STEP_REBAG,
    Die,
    EndTrigger,
    State,
)

SOLO_POINTS_PER_CELL = 5  # the virtual opponent's score per marked solo cell


def back_into_bag(
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


def end_turn(
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
        bag, reserve, event = back_into_bag(
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
