"""Knatsch strong robot: which dice to keep, and when to stop.

See the package docstring (Throws).
"""

from __future__ import annotations

from math import prod

from games.rules.base import JSON
from games.rules.knatsch.dice import Result, result_of
from games.rules.knatsch.moves import Move, Stop, Throw

from .odds import (
    FACES,
    Means,
    aim,
    as_result,
    chance,
    throw_chance,
    throw_outcomes,
    ways_on,
)

# ---------------------------------------------------------------------------
# Throws


def _keeps(
    table: tuple[int, ...], face: int, kicker_above: int | None
) -> list[tuple[int, int, bool, tuple[int, ...]]]:
    """Return the ways to go on collecting `face` from `table`, as `ways_on`.

    Each is (dice of the face kept, dice thrown, kicker kept, the dice kept);
    the kicker die kept is the highest other die above `kicker_above` (None:
    the kicker does not matter).
    """
    have = table.count(face)
    others = len(table) - have
    kickers = (
        sorted(f for f in table if f != face and f > kicker_above)
        if kicker_above is not None
        else []
    )
    return [
        (
            kept,
            dice,
            with_kicker,
            (face,) * kept + (tuple(kickers[-1:]) if with_kicker else ()),
        )
        for kept, dice, with_kicker in ways_on(have, others, bool(kickers))
    ]


def _keep_for_chance(
    table: tuple[int, ...], fixed: tuple[int, ...], left: int, beat: Result
) -> tuple[float, tuple[int, ...]]:
    """Return (chance, dice to keep) of the best way to go on beating `beat`."""
    best: tuple[float, tuple[int, ...]] = (-1.0, ())
    for face in reversed(FACES):  # equal chances: the higher group
        need, alt, q = aim(beat, face, fixed)
        for kept, dice, with_kicker, keep in _keeps(
            table, face, beat[2] if alt else None
        ):
            value = throw_chance(need, kept, dice, with_kicker, left, alt, q)
            if value > best[0] + 1e-12:
                best = (value, tuple(sorted(keep)))
    return best


class _Improver:
    """Chooses the dice to keep when every better result lowers the others' chances.

    The value of a final result is 0 unless it beats `must`, else the chance
    that none of `threats` (the means of the players who must beat it next)
    does. Collecting one face as in `chance`, with that value at the end.
    """

    def __init__(
        self, must: Result, fixed: tuple[int, ...], threats: list[Means]
    ) -> None:
        self.must = must
        self.fixed = fixed
        self.threats = threats
        self.memo: dict[tuple[int, int, int, bool, int], float] = {}

    def worth(self, result: Result) -> float:
        """Return the value of ending with `result`."""
        if result <= self.must:
            return 0.0
        level = (result[0], result[1], 0)
        return prod(1.0 - chance(level, *means) for means in self.threats)

    def _end(self, face: int, have: int, kicker: bool) -> float:
        """Return the value of stopping with `have` dice of `face` (`kicker`: one decides)."""
        count = have + self.fixed.count(face)
        if count == 0:
            return 0.0
        others = [f for f in self.fixed if f != face]
        kick = max(others, default=0)
        if kicker:
            kick = max(kick, self.must[2] + 1)
        return self.worth((count, face, min(kick, 5)))

    def value(
        self, face: int, have: int, others: int, kicker: bool, left: int
    ) -> float:
        """Return the value after a throw collecting `face` (as `_after`)."""
        key = (face, have, others, kicker, left)
        if key not in self.memo:
            best = self._end(face, have, kicker)
            if left > 0 and have + others:
                for kept, dice, with_kicker in ways_on(have, others, kicker):
                    best = max(best, self.throw(face, kept, dice, with_kicker, left))
            self.memo[key] = best
        return self.memo[key]

    def throw(self, face: int, have: int, dice: int, kept: bool, left: int) -> float:
        """Return the value of throwing `dice` dice now, keeping `have` of `face`."""
        q = self._kicker_faces(face)
        return sum(
            p
            * self.value(face, have + g, dice - g - s + kept, bool(kept or k), left - 1)
            for g, s, k, p in throw_outcomes(dice, q)
        )

    def _kicker_faces(self, face: int) -> int:
        """Return how many faces make a kicker that decides beating `must` with `face`."""
        _, triple, kicker = self.must
        if face != triple:
            return 0
        return sum(1 for f in FACES if f > kicker and f != face)

    def keep(self, table: tuple[int, ...], left: int) -> tuple[float, tuple[int, ...]]:
        """Return (value, dice to keep) of the best way to go on."""
        best: tuple[float, tuple[int, ...]] = (-1.0, ())
        for face in reversed(FACES):  # equal values: the higher group
            above = self.must[2] if self._kicker_faces(face) else None
            for kept, dice, with_kicker, keep in _keeps(table, face, above):
                value = self.throw(face, kept, dice, with_kicker, left)
                if value > best[0] + 1e-12:
                    best = (value, tuple(sorted(keep)))
        return best


def player_means(player: JSON, role: str) -> Means:
    """Return a player's means when throwing as `role` (a key of its view's `throws`)."""
    return (player["dice"], player["throws"][role], tuple(sorted(player["squires"])))


def _threats(view: JSON, attempt: JSON) -> list[Means]:
    """Return the means of the players who must beat this attempt's result next."""
    role = attempt["role"]
    players = view["players"]
    if role == "attack" and attempt["owner"] is not None:
        if attempt["target"].get("type") == "castle":
            return [player_means(players[attempt["owner"]], "defence")]
        return []
    if role in ("host", "joust") and view["tournament"] is not None:
        return [player_means(players[s], "joust") for s in view["tournament"]["order"]]
    return []


def choose_keep(
    table: tuple[int, ...],
    fixed: tuple[int, ...],
    left: int,
    must: Result,
    threats: list[Means],
) -> tuple[int, ...] | None:
    """Return the dice to keep for the next throw, or None to stop.

    Without `threats` the attempt only has to beat `must`: stop once it
    does (or when nothing can beat it any more). With threats, go on while
    that lowers their chance to beat the result, keeping `must` beaten.
    """
    current = result_of(table + fixed)
    if not table or left <= 0:
        return None
    if not threats:
        if current > must:
            return None
        value, keep = _keep_for_chance(table, fixed, left, must)
        return keep if value > 0 else None
    improver = _Improver(must, fixed, threats)
    now = improver.worth(current)
    value, keep = improver.keep(table, left)
    return keep if value > now + 1e-9 else None


def choose_roll(view: JSON, legal: list[Move]) -> Move:
    """Return a throw (the dice to keep) or a stop for the attempt in the view."""
    attempt = view["attempt"]
    throws = [m for m in legal if isinstance(m, Throw)]
    stop = next((m for m in legal if isinstance(m, Stop)), None)
    if attempt["throws"] == 0 or stop is None:
        # The first throw of a defence or a tournament: never decline.
        return throws[0] if throws else legal[0]
    keep = choose_keep(
        tuple(attempt["table"]),
        tuple(sorted(attempt["fixed"])),
        attempt["max_throws"] - attempt["throws"],
        as_result(attempt["beat"]),
        _threats(view, attempt),
    )
    if keep is None:
        return stop
    move = Throw(keep=keep)
    return move if move in legal else stop
