"""Seeded, serialisable randomness for pure engines (STYLE.md B4).

An `Rng` is a value inside a game's state: draw number n of a seed is always
the same, in every process, so replaying the stored moves reproduces every
state. Each draw returns the result and the next `Rng`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from .structs import Record, replace

T = TypeVar("T")


class Rng(Record, frozen=True):
    """Seeded randomness: `seed` plus the number of draws made so far.

    JSON: `{"seed": int, "draws": int}`.
    """

    seed: int
    draws: int = 0

    def _random(self) -> random.Random:
        # A str seed hashes identically in every process (no PYTHONHASHSEED).
        return random.Random(f"{self.seed}:{self.draws}")

    def _next(self) -> Rng:
        return replace(self, draws=self.draws + 1)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return `items` in a random order, and the next Rng."""
        out = list(items)
        self._random().shuffle(out)
        return tuple(out), self._next()

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """Return an int in [low, high] (both inclusive), and the next Rng."""
        return self._random().randint(low, high), self._next()

    def randints(self, count: int, low: int, high: int) -> tuple[list[int], Rng]:
        """Return `count` ints in [low, high] (a throw of dice), and the next Rng.

        One draw however many: a throw of six dice is one step of the seed.
        """
        random_ = self._random()
        return [random_.randint(low, high) for _ in range(count)], self._next()

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """Return one of `items` (non-empty), and the next Rng."""
        if not items:
            raise ValueError("choice() needs at least one item")
        return self._random().choice(items), self._next()
