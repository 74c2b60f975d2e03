"""Knatsch: cards changing hands, the three ways to win, the next turn and the turn limit.

Seed, SPIELENDE; Knatsch rulings, Turn limit.
"""

from __future__ import annotations

from games.rules.base import Event
from games.rules.structs import replace

from .holdings import (
    CASTLES_TO_WIN,
    KING_CASTLES,
    TOURNAMENT_CASTLES,
    TOURNAMENTS_TO_WIN,
)
from .state import (
    PHASE_OVER,
    PHASE_TARGET,
    TURN_LIMIT_REACHED,
    WIN_CASTLES,
    WIN_TOURNAMENTS,
    State,
)

# Knatsch rulings, Turn limit: a match that nobody has won when every seat
# has had this many turns ends; see `_turn_limit`. Measured with robots
# (bench/knatsch_lengths.py, figures on the rules page): without a limit,
# 99 % of strong robots' matches end within 36 rounds at 2 seats and 50 at
# 4, but at 6 seats 1 % run beyond 103 rounds (the longest 486).
ROUND_LIMIT = 40


def turn_limit(seats: int) -> int:
    """Return the turn at whose end a match of `seats` seats ends unwon (ROUND_LIMIT rounds)."""
    return ROUND_LIMIT * seats


def take(
    state: State, seat: int, card_id: str, stack: int | None, owner: int | None
) -> State:
    """Move `card_id` from its stack or from `owner` to `seat`, ending the roll phase."""
    stacks = state.stacks
    owned = state.owned
    if stack is not None:
        stacks = set_stack(stacks, stack, stacks[stack][1:])
    if owner is not None:
        owned = set_owned(owned, owner, tuple(c for c in owned[owner] if c != card_id))
    owned = set_owned(owned, seat, (*owned[seat], card_id))
    return replace(
        state,
        stacks=stacks,
        owned=owned,
        phase=PHASE_TARGET,
        attempt=None,
        tournament=None,
    )


def won_by(state: State, seat: int) -> str | None:
    """Return how `seat` has won with the cards it holds, or None (seed, Spielende 1, 3)."""
    castles = len(state.castles(seat))
    if castles >= CASTLES_TO_WIN:
        return WIN_CASTLES
    if castles >= TOURNAMENT_CASTLES and state.tournaments(seat) >= TOURNAMENTS_TO_WIN:
        return WIN_TOURNAMENTS
    return None


def win(
    state: State, seat: int, reason: str, events: list[Event]
) -> tuple[State, list[Event]]:
    events.append(Event("won", {"seat": seat, "reason": reason}))
    state = replace(
        state,
        phase=PHASE_OVER,
        current=None,
        attempt=None,
        tournament=None,
        winner=seat,
        end_reason=reason,
    )
    return state, events


def end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Pass the turn to the next seat clockwise, or end the game at the turn limit."""
    current = state.current
    assert current is not None
    if state.turn >= turn_limit(state.seats):
        return _turn_limit(state, events)
    seat = (current + 1) % state.seats
    state = replace(
        state,
        current=seat,
        phase=PHASE_TARGET,
        attempt=None,
        tournament=None,
        put_under_used=False,
        king_ready=len(state.castles(seat)) == KING_CASTLES,
        extra=False,
        turn=state.turn + 1,
    )
    return state, events


def progress(state: State, seat: int) -> tuple[int, int, int]:
    """Return how close `seat` is to a win, comparable between seats.

    (steps missing on the closest way to win, negated; castles; tournaments):
    larger is closer. Knatsch rulings, Turn limit.
    """
    castles = len(state.castles(seat))
    tournaments = state.tournaments(seat)
    missing = min(
        CASTLES_TO_WIN - castles,
        KING_CASTLES - min(castles, KING_CASTLES) + 1,
        max(0, TOURNAMENT_CASTLES - castles) + max(0, TOURNAMENTS_TO_WIN - tournaments),
    )
    return (-missing, castles, tournaments)


def _turn_limit(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """End the match at the turn limit: the seat closest to a win takes it.

    Knatsch rulings, Turn limit: ties go to the seat that moves earliest
    from the start seat.
    """
    order = [(state.start + k) % state.seats for k in range(state.seats)]
    best = max(order, key=lambda s: (progress(state, s), -order.index(s)))
    events.append(Event("turn_limit", {"seat": best}))
    state = replace(
        state,
        phase=PHASE_OVER,
        current=None,
        attempt=None,
        tournament=None,
        winner=best,
        end_reason=TURN_LIMIT_REACHED,
    )
    return state, events


def set_stack(
    stacks: tuple[tuple[str, ...], tuple[str, ...]], index: int, cards: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (cards, stacks[1]) if index == 0 else (stacks[0], cards)


def set_owned(
    owned: tuple[tuple[str, ...], ...], seat: int, cards: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return tuple(cards if s == seat else old for s, old in enumerate(owned))
