"""Knatsch: what nobody may know, redrawn for the privacy check.

Open information otherwise (engine.py's module docstring; sources: the seed
and Knatsch rulings on the rules page): every owned card and both stack tops
are open, so every seat and a spectator know the same. Hidden from
everybody: the order of each stack below its top card (seat_view.py never
shows it), and the `Rng` that decides the setup and every later throw.
"""

from __future__ import annotations

from games.rules.base import Scrambler
from games.rules.rng import Rng
from games.rules.structs import replace

from .state import State


def secrets_scramble(state: State, seat: int | None, rng: Scrambler) -> State:
    """Return `state` with each stack below its top and the Rng redrawn.

    The same for every `seat` (None = a spectator): nothing is private.
    """
    stacks = []
    for stack in state.stacks:
        rest = list(stack[1:])
        rng.shuffle(rest)
        stacks.append(tuple(stack[:1]) + tuple(rest))
    return replace(
        state,
        rng=Rng(seed=rng.randrange(10**9), draws=rng.randrange(100)),
        stacks=tuple(stacks),
    )
