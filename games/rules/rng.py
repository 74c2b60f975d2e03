"""Seeded, serialisable randomness for pure engines (STYLE.md B4; issue 23).

An `Rng` is a value inside a game's state: draw number n of a seed is always
the same, in every process, so replaying the stored moves reproduces every
state. Each draw (`shuffled`, `randint`, `randints`, `choice`) returns the
result and the next `Rng`, whose `draws` is one more.

Two schemes, chosen by the value, never by the caller:

Legacy (`Rng(seed=<int>, draws=n)`, JSON `{"seed": int, "draws": int}`):
draw n uses CPython's `random.Random(f"{seed}:{n}")`. Matches of older rules
versions keep it, so their stored moves still replay.

Keyed (`Rng(seed=0, draws=n, key=<hex>)`, JSON `{"seed": 0, "draws": int,
"key": str}`): provably fair randomness, portable to any language with
HMAC-SHA256. `key` is 64 lowercase hex digits (32 bytes, K). Draw n reads a
stream of 64-bit words:

    block(n, c) = HMAC-SHA256(K, n as 8 bytes big-endian || c as 8 bytes big-endian)

for the block counter c = 0, 1, 2, ...; each 32-byte block is split into
four big-endian unsigned 64-bit words, consumed in order (word 0 of block 0,
word 1 of block 0, ..., word 0 of block 1, ...). The stream of a draw starts
afresh at c = 0; words left over at the end of a draw are discarded.

- below(k), 1 <= k <= 2**64: take words w until w < 2**64 - (2**64 mod k) (rejection
  sampling, so every residue is equally likely), return w mod k. below(1)
  still takes one word.
- randint(low, high) = low + below(high - low + 1).
- randints(count, low, high): `count` randints one after another from the
  same stream (one draw number for the whole throw).
- shuffled(items): Fisher-Yates from the last index down: for i = len - 1
  down to 1, j = below(i + 1), swap items[i] and items[j].
- choice(items) = items[below(len(items))].

Example (tests/rules/test_rng.py checks it): key = 32 zero bytes
("00" * 32), draw 0, randint(1, 6): block(0, 0) = HMAC-SHA256(32 zero
bytes, 16 zero bytes); its first word w0 is accepted (w0 < 2**64 - 4) and
the die shows 1 + w0 mod 6.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from collections.abc import Iterator, Sequence
from typing import TypeVar

from msgspec import UNSET, UnsetType

from .structs import Record, replace

T = TypeVar("T")

_KEY = re.compile(r"[0-9a-f]{64}")
_WORDS = 2**64


def _words(key: bytes, draw: int) -> Iterator[int]:
    """Yield draw `draw`'s stream of unsigned 64-bit words (module docstring)."""
    counter = 0
    while True:
        block = hmac.new(
            key, draw.to_bytes(8, "big") + counter.to_bytes(8, "big"), hashlib.sha256
        ).digest()
        for at in range(0, 32, 8):
            yield int.from_bytes(block[at : at + 8], "big")
        counter += 1


class _Stream:
    """The keyed scheme's draws within one draw number (module docstring)."""

    def __init__(self, key: bytes, draw: int) -> None:
        self._words = _words(key, draw)

    def below(self, bound: int) -> int:
        """Return an unbiased int in [0, bound); `bound` >= 1."""
        if not 1 <= bound <= _WORDS:
            # Above 2**64 no word would ever be accepted.
            raise ValueError("below() needs a bound from 1 to 2**64")
        limit = _WORDS - _WORDS % bound
        while True:
            word = next(self._words)
            if word < limit:
                return word % bound

    def randint(self, low: int, high: int) -> int:
        if high < low:
            raise ValueError("randint() needs low <= high")
        return low + self.below(high - low + 1)

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


class Rng(Record, frozen=True):
    """Seeded randomness: a seed (or key) plus the number of draws made so far.

    JSON: `{"seed": int, "draws": int}` (legacy scheme), plus `"key"` (64
    lowercase hex digits) only when keyed; see the module docstring for
    both schemes. `Rng.seeded` makes either from a match's seed.
    """

    seed: int = 0
    draws: int = 0
    # UNSET (not "") so that a legacy Rng's JSON has no "key" at all and
    # states stored before issue 23 encode exactly as they were stored.
    key: str | UnsetType = UNSET

    def __post_init__(self) -> None:
        if self.key is not UNSET and not _KEY.fullmatch(self.key):
            raise ValueError("An Rng key is 64 lowercase hex digits.")

    @classmethod
    def seeded(cls, seed: int | str) -> Rng:
        """Return the Rng of a new match: an int seeds the legacy scheme,
        a hex str (64 lowercase hex digits, the key) the keyed one.

        Raises ValueError for a str that is no such key.
        """
        if isinstance(seed, str):
            return cls(seed=0, draws=0, key=seed)
        return cls(seed=seed, draws=0)

    @property
    def keyed(self) -> bool:
        """Whether draws use the keyed (HMAC-SHA256) scheme."""
        return self.key is not UNSET

    def _stream(self) -> _Stream | random.Random:
        if isinstance(self.key, str):
            return _Stream(bytes.fromhex(self.key), self.draws)
        # A str seed hashes identically in every process (no PYTHONHASHSEED).
        return random.Random(f"{self.seed}:{self.draws}")

    def _next(self) -> Rng:
        return replace(self, draws=self.draws + 1)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return `items` in a random order, and the next Rng."""
        out = list(items)
        self._stream().shuffle(out)
        return tuple(out), self._next()

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """Return an int in [low, high] (both inclusive), and the next Rng."""
        return self._stream().randint(low, high), self._next()

    def randints(self, count: int, low: int, high: int) -> tuple[list[int], Rng]:
        """Return `count` ints in [low, high] (a throw of dice), and the next Rng.

        One draw however many: a throw of six dice is one step of the seed.
        """
        stream = self._stream()
        return [stream.randint(low, high) for _ in range(count)], self._next()

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """Return one of `items` (non-empty), and the next Rng."""
        if not items:
            raise ValueError("choice() needs at least one item")
        return self._stream().choice(items), self._next()


# The type of `search_random`'s generators, for the engines' annotations
# (they import no `random`).
SearchRandom = random.Random


def search_random(seed: int) -> SearchRandom:
    """Return a fast seeded generator for a searching robot's many draws.

    A hard robot (issue 26) draws thousands of numbers per decision (sampled
    worlds, rollouts), which `Rng`'s per-draw seeding makes slow; it seeds
    this one from one draw of its own `Rng`, so the same decision is the
    same on every machine. Randomness stays in this module
    (tests/rules/test_purity.py): engines import this, not `random`.
    """
    return random.Random(seed)
