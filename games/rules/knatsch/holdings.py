"""Knatsch: who holds what, and what it gives them (Knatsch rulings, Rolling and Special cards).

The numbers of the rules (dice, throws, what wins) and what a seat's cards
add to its roll attempts.
"""

from __future__ import annotations

from .cards import (
    CARDS,
    CATAPULT,
    GUARD,
    JOUSTING_RIGHT,
    SPECIAL,
    SQUIRE,
)
from .dice import Result, result_of
from .state import (
    ROLE_ATTACK,
    ROLE_DEFENCE,
    ROLE_HOST,
    Attempt,
    State,
)

BASE_THROWS = 3
HOST_THROWS = 4  # seed, "Turnierkarte vom Stapel": the host may throw up to four times
DICE = 6
CASTLES_TO_WIN = 4
KING_CASTLES = 3
TOURNAMENT_CASTLES = 2
TOURNAMENTS_TO_WIN = 3

# ---------------------------------------------------------------------------
# Who holds what


def kinds(state: State, seat: int) -> set[str]:
    """Return the special-card kinds `seat` owns."""
    return {CARDS[c].kind or "" for c in state.owned[seat] if CARDS[c].type == SPECIAL}


def squires(state: State, seat: int) -> tuple[int, ...]:
    """Return the faces of `seat`'s squire dice, sorted (Knatsch rulings, Special cards)."""
    return tuple(
        sorted(
            CARDS[c].value or 0 for c in state.owned[seat] if CARDS[c].kind == SQUIRE
        )
    )


def is_duplicate(state: State, seat: int, card_id: str) -> bool:
    """Return whether `seat` owns a card equal to `card_id` (seed, "Keine doppelten Karten").

    Tournaments are never duplicates.
    """
    same = CARDS[card_id].same
    return same is not None and any(CARDS[c].same == same for c in state.owned[seat])


def max_throws(state: State, seat: int, role: str) -> int:
    """Return how many throws `seat` has as `role` (Knatsch rulings, Rolling and Special cards)."""
    owned = kinds(state, seat)
    if role == ROLE_HOST:
        return HOST_THROWS + (CATAPULT in owned)
    if role == ROLE_ATTACK:
        return BASE_THROWS + (CATAPULT in owned)
    if role == ROLE_DEFENCE:
        return BASE_THROWS + (GUARD in owned)
    return BASE_THROWS + (JOUSTING_RIGHT in owned)


def result(attempt: Attempt) -> Result:
    """Return the attempt's result: the table's dice plus its squire dice."""
    return result_of(attempt.kept + attempt.rolled + attempt.fixed)
