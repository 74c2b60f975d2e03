"""Knatsch: the result of a roll attempt and the ways to keep dice.

Knatsch rulings, Rolling: sixes are blanks and never count; squire cards add
fixed dice; the best group is the face with most dice (on equal counts the
higher face), the kicker the highest die outside it (0 if none). Results
compare as tuples, and only a strictly greater result beats another (seed,
"Karte erbeutet?").
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TypeAlias

# (count, face, kicker); (0, 0, 0) when no die counts.
Result: TypeAlias = tuple[int, int, int]

SIX = 6  # a blank (Niete): set aside at once, never thrown again
NO_RESULT: Result = (0, 0, 0)


def result_of(faces: tuple[int, ...] | list[int]) -> Result:
    """Return (count, face, kicker) of the counting dice `faces` (sixes are ignored).

    Knatsch rulings, Rolling: e.g. (5, 5, 5, 3, 1) -> (3, 5, 3); (4, 4, 2, 2)
    -> (2, 4, 2); () -> (0, 0, 0).
    """
    counted = Counter(f for f in faces if f != SIX)
    if not counted:
        return NO_RESULT
    face, count = max(counted.items(), key=lambda item: (item[1], item[0]))
    rest = [f for f in counted if f != face]
    return (count, face, max(rest, default=0))


def beats(result: Result, other: Result) -> bool:
    """Return whether `result` is strictly greater than `other` (seed, "Karte erbeutet?")."""
    return result > other


def keep_options(table: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Return every way to keep dice of `table` (faces) before the next throw.

    Each is a sorted sub-multiset of `table` that leaves at least one die to
    throw, in a stable order: fewest kept first, then by faces.
    """
    counts = sorted(Counter(table).items())
    options = []
    for choice in product(*(range(n + 1) for _, n in counts)):
        kept = tuple(
            face for (face, _), k in zip(counts, choice, strict=True) for _ in range(k)
        )
        if len(kept) < len(table):
            options.append(kept)
    options.sort(key=lambda kept: (len(kept), kept))
    return options


def is_sub_multiset(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
    """Return whether every face of `part` is in `whole` at least as often."""
    need = Counter(part)
    have = Counter(whole)
    return all(have[face] >= n for face, n in need.items())
