"""Dice Stars: what nobody may know, redrawn for the privacy check.

Nothing of the present is hidden (Dice Stars rules; state.py and
seat_view.py): the bag's contents, the reserve, the discard, every score
sheet and the solo opponent are open to every seat and a spectator. Hidden
from everybody is only the future: which dice leave the bag next and the
faces they show, drawn from the `Rng` when a draw is announced.
"""

from __future__ import annotations

from games.rules.base import Scrambler
from games.rules.rng import Rng
from games.rules.structs import replace

from .state import State


def secrets_scramble(state: State, seat: int | None, rng: Scrambler) -> State:
    """Return `state` with its Rng redrawn: the same for every `seat`."""
    return replace(state, rng=Rng(seed=rng.randrange(10**9), draws=rng.randrange(100)))
