"""Knatsch strong robot: the chance of beating a result with a roll attempt.

See the package docstring (Chances).
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from operator import add, mul
from typing import TypeAlias

from games.rules.knatsch.dice import Result, result_of

# A roller's means: (dice, throws, squire faces sorted).
Means: TypeAlias = tuple[int, int, tuple[int, ...]]

FACES = (1, 2, 3, 4, 5)
SIX = 6

# ---------------------------------------------------------------------------
# Chances


@cache
def throw_outcomes(
    dice: int, kicker_faces: int
) -> tuple[tuple[int, int, bool, float], ...]:
    """Return the outcomes of throwing `dice` dice while collecting one face.

    Each is (group dice thrown, sixes thrown, a kicker face thrown, probability);
    `kicker_faces` of the four other counting faces would make a good kicker.
    """
    found: dict[tuple[int, int, bool], float] = {}
    for group in range(dice + 1):
        for sixes in range(dice - group + 1):
            rest = dice - group - sixes
            ways = comb(dice, group) * comb(dice - group, sixes) / 6**dice
            without = ways * (4 - kicker_faces) ** rest
            found[(group, sixes, False)] = without
            if kicker_faces and rest:
                found[(group, sixes, True)] = ways * 4**rest - without
    return tuple((g, s, k, p) for (g, s, k), p in found.items() if p > 0)


@cache
def _after(
    need: int, have: int, others: int, kicker: bool, left: int, alt: bool, q: int
) -> float:
    """Return the chance of success after a throw, collecting one face.

    `have` of the `need` dice of that face are on the table (`need` - 1 do if
    `alt` and a kicker die shows one of the `q` kicker faces: `kicker`);
    `others` dice on the table show other counting faces; `left` throws remain.
    """
    missing = need - have
    if missing <= 0 or (alt and kicker and missing == 1):
        return 1.0
    if left == 0 or have + others == 0:
        return 0.0
    return max(
        throw_chance(need, kept, dice, with_kicker, left, alt, q)
        for kept, dice, with_kicker in ways_on(have, others, alt and kicker)
    )


def ways_on(have: int, others: int, kicker: bool) -> list[tuple[int, int, bool]]:
    """Return the ways to go on collecting a face: (dice of it kept, dice thrown, kicker kept).

    Keep every die of the face and throw the others, also keeping a kicker
    die (`kicker`: one is on the table) if that leaves a die to throw; if
    every die shows the face, one of them is thrown again.
    """
    if others == 0:
        return [(have - 1, 1, False)]
    ways = [(have, others, False)]
    if kicker and others >= 2:
        ways.append((have, others - 1, True))
    return ways


@cache
def throw_chance(
    need: int, have: int, dice: int, kept: bool, left: int, alt: bool, q: int
) -> float:
    """Return the chance of success throwing `dice` dice now (`kept`: a kicker die kept)."""
    return sum(
        p * _after(need, have + g, dice - g - s + kept, kept or k, left - 1, alt, q)
        for g, s, k, p in throw_outcomes(dice, q if alt else 0)
    )


def aim(beat: Result, face: int, fixed: tuple[int, ...]) -> tuple[int, bool, int]:
    """Return (dice of `face` needed on the table, alt, q) to beat `beat` collecting `face`.

    alt: one die fewer also beats `beat` with a kicker die showing one of the
    q faces above its kicker.
    """
    count, triple, kicker = beat
    own = fixed.count(face)
    if face > triple:
        return count - own, False, 0
    if face < triple:
        return count + 1 - own, False, 0
    if max((f for f in fixed if f != face), default=0) > kicker:
        return count - own, False, 0
    q = sum(1 for f in FACES if f > kicker and f != face)
    return count + 1 - own, q > 0, q


def _first_throws(
    dice: int,
) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Return every first throw of `dice` dice, as columns.

    (probabilities; per face 1-5 the index (have * 8 + others) * 2 into
    `_face_values`, where `have` dice show the face and `others` another
    counting face; the set of counting faces shown, as bits 1 << face).
    """
    probabilities = []
    columns: list[list[int]] = [[] for _ in FACES]
    shown = []
    for faces in combinations_with_replacement(range(1, 7), dice):
        counts = Counter(faces)
        ways = factorial(dice)
        for n in counts.values():
            ways //= factorial(n)
        probabilities.append(ways / 6**dice)
        counting = dice - counts[SIX]
        for face in FACES:
            columns[face - 1].append((counts[face] * 8 + counting - counts[face]) * 2)
        shown.append(sum(1 << f for f in counts if f != SIX))
    return tuple(probabilities), tuple(tuple(c) for c in columns), tuple(shown)


# Built at import: 462 first throws of 6 dice, 792 of 7.
FIRST_THROWS = {dice: _first_throws(dice) for dice in (6, 7)}


@cache
def _kicker_shown(dice: int, face: int, kicker: int) -> tuple[int, ...]:
    """Return, per first throw of `dice` dice, 1 if a die other than `face` beats `kicker`."""
    wanted = sum(1 << f for f in FACES if f > kicker and f != face)
    return tuple(int(bool(bits & wanted)) for bits in _throws_of(dice)[2])


def _throws_of(
    dice: int,
) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Return `_first_throws(dice)`, from the import-time table for 6 and 7 dice."""
    return FIRST_THROWS.get(dice) or _first_throws(dice)


@cache
def _face_values(need: int, alt: bool, q: int, throws: int) -> tuple[float, ...]:
    """Return the chance after the first throw, collecting a face from then on.

    Indexed (have * 8 + others) * 2 + kicker, as `_first_throws` columns.
    """
    values = [0.0] * 128
    for have in range(8):
        for others in range(8 - have):
            for kicker in (False, True):
                missing = need - have
                if missing <= 0 or (alt and kicker and missing == 1):
                    value = 1.0
                elif throws > 1 and have + others:
                    value = _after(need, have, others, kicker, throws - 1, alt, q)
                else:
                    value = 0.0
                values[(have * 8 + others) * 2 + kicker] = value
    return tuple(values)


@lru_cache(maxsize=16384)
def chance(beat: Result, dice: int, throws: int, fixed: tuple[int, ...] = ()) -> float:
    """Return the chance that a roll attempt beats `beat` strictly.

    `dice` dice, up to `throws` throws, squire dice showing `fixed` (sorted).
    The roller sees the first throw and then collects the best face.
    """
    if result_of(fixed) > beat:
        return 1.0
    probabilities, columns, _ = _throws_of(dice)
    per_face = []
    for face in FACES:
        need, alt, q = aim(beat, face, fixed)
        values = _face_values(need, alt, q, throws)
        index = columns[face - 1]
        if alt:
            index = tuple(map(add, index, _kicker_shown(dice, face, beat[2])))
        per_face.append(map(values.__getitem__, index))
    total: float = sum(map(mul, probabilities, map(max, *per_face)))
    return total


def as_result(values: list[int]) -> Result:
    """Return a result or combination from its JSON list [count, face, kicker]."""
    count, face, kicker = values
    return (count, face, kicker)
